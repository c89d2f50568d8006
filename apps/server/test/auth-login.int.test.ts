import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/lib/crypto';
import { auditLogs } from '../src/modules/audit/audit.table';
import { sessions } from '../src/modules/auth/auth.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

const time = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
});
afterAll(() => ctx.close());

describe(`password login on ${testDbKind}`, () => {
  it('signs in each demo role with the right identityType and a fresh opaque token', async () => {
    const expected = { [DEMO.user]: 0, [DEMO.expert]: 1, [DEMO.auditor]: 2, [DEMO.admin]: 3 };
    for (const [phone, identityType] of Object.entries(expected)) {
      const r = await call(ctx.app, 'POST', '/api/login/login', {
        body: { telephone: phone, password: DEMO.password },
      });
      expect(r.status).toBe(200);
      expect(r.body.data.userinfo.identityType).toBe(identityType);
      expect(r.body.data.userinfo.telephone).toBe(phone);
      expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    const t1 = await login(ctx.app, DEMO.user);
    const t2 = await login(ctx.app, DEMO.user);
    expect(t1).not.toBe(t2);
    // Only a hash is at rest.
    const [row] = await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(t1)));
    expect(row).toBeDefined();
    const all = await ctx.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((s) => s.h === t1)).toBe(false);
  });

  it('answers unknown phone and wrong password the same way', async () => {
    const wrong = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: DEMO.expert, password: 'Wrong@123456' },
      ip: '10.0.0.1',
    });
    const unknown = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: '13900009999', password: 'Wrong@123456' },
      ip: '10.0.0.1',
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.message).toBe('手机号或密码错误');
  });

  it('refuses credentials in a URL: GET /api/login/login answers 405', async () => {
    const r = await call(ctx.app, 'GET', `/api/login/login?telephone=${DEMO.user}&password=${DEMO.password}`);
    expect(r.status).toBe(405);
    expect(r.body.message).toContain('POST');
    expect(r.body.data).toBeNull();
  });

  it('validates with the spec messages', async () => {
    const empty = await call(ctx.app, 'POST', '/api/login/login', { body: { telephone: '', password: 'x' } });
    expect(empty.body).toMatchObject({ status: 400, message: '请输入手机号' });
    const missing = await call(ctx.app, 'POST', '/api/login/login', { body: { password: 'x' } });
    expect(missing.body.message).toBe('请输入手机号');
    const bad = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: '1234', password: 'x' },
    });
    expect(bad.body.message).toBe('请输入正确的11位手机号');
  });

  const attempt = (telephone: string, password: string, ip: string) =>
    call(ctx.app, 'POST', '/api/login/login', { body: { telephone, password }, ip });
  const failuresFrom = async (ip: string) =>
    (await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.ip, ip))).filter(
      (r) => r.action === 'login_failed',
    ).length;

  it('5 failures block that account from that source only; the owner elsewhere still signs in', async () => {
    const phone = DEMO.auditor;
    for (let i = 0; i < 5; i++) expect((await attempt(phone, `Bad@pass${i}x`, '10.1.0.1')).status).toBe(400);

    // The guessing source is refused even with the right password, and told for how long.
    const locked = await attempt(phone, DEMO.password, '10.1.0.1');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('密码错误次数过多，请在 15 分钟后再试');
    expect(locked.res.headers['retry-after']).toBe('900');

    // The owner, from another address, is not locked out.
    expect((await attempt(phone, DEMO.password, '10.1.0.2')).status).toBe(200);

    // The wait counts down from the oldest counted failure.
    time.advance(3 * 60_000);
    const later = await attempt(phone, `Bad@pass9x`, '10.1.0.1');
    expect(later.status).toBe(429);
    expect(later.body.message).toBe('密码错误次数过多，请在 12 分钟后再试');
    expect(later.res.headers['retry-after']).toBe('720');
    // Refused attempts are not counted, so they do not prolong the block.
    expect(await failuresFrom('10.1.0.1')).toBe(5);

    time.advance(12 * 60_000 + 1000);
    expect((await attempt(phone, DEMO.password, '10.1.0.1')).status).toBe(200);
  });

  it('50 failures for one account from all sources block it everywhere, until they age out', async () => {
    const phone = DEMO.admin;
    // Ten addresses, five failures each (their own limit), one address a minute.
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++)
        expect((await attempt(phone, `Bad@pass${i}x`, `10.7.0.${a}`)).status).toBe(400);
      if (a < 9) time.advance(60_000);
    }
    const owner = await attempt(phone, DEMO.password, '10.7.1.1');
    expect(owner.status).toBe(429);
    // The oldest failure was 9 minutes ago: 6 minutes until it leaves the 15-minute window.
    expect(owner.body.message).toBe('该账号登录失败次数过多，请在 6 分钟后再试，或使用短信验证码登录');
    expect(owner.res.headers['retry-after']).toBe('360');
    // Another account is unaffected.
    expect((await attempt(DEMO.expert, DEMO.password, '10.7.1.1')).status).toBe(200);

    time.advance(6 * 60_000 + 1000);
    // The first address's five failures have aged out: 45 remain, under the limit.
    expect((await attempt(phone, DEMO.password, '10.7.1.1')).status).toBe(200);
    time.advance(16 * 60_000);
  });

  it('parallel guesses from one source cannot get past the 5', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt('13900007777', `Bad@pass${i}x`, '10.8.0.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 400).length + statuses.filter((s) => s === 429).length).toBe(12);
    expect(await failuresFrom('10.8.0.1')).toBeLessThanOrEqual(5);
    time.advance(16 * 60_000);
  });

  it('limits failures per IP across accounts', async () => {
    for (let i = 0; i < 20; i++) {
      await call(ctx.app, 'POST', '/api/login/login', {
        body: { telephone: `1390000${String(1000 + i)}`, password: 'Bad@pass1x' },
        ip: '10.9.9.9',
      });
    }
    const r = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: DEMO.user, password: DEMO.password },
      ip: '10.9.9.9',
    });
    expect(r.status).toBe(429);
    expect(r.body.message).toContain('当前网络登录失败次数过多');
    // Another network is unaffected.
    const other = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: DEMO.user, password: DEMO.password },
      ip: '10.9.9.10',
    });
    expect(other.status).toBe(200);
    time.advance(16 * 60_000);
  });

  it('audits logins without secrets', async () => {
    const rows = await ctx.database.db.select().from(auditLogs);
    expect(rows.some((r) => r.action === 'login' && r.outcome === 'success')).toBe(true);
    expect(rows.some((r) => r.action === 'login_failed' && r.outcome === 'failure')).toBe(true);
    // Attempts in flight are resolved: kept as failures or deleted.
    expect(rows.filter((r) => r.action === 'login_attempt')).toEqual([]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(DEMO.password);
    expect(text).not.toContain('Wrong@123456');
    expect(text).not.toContain(DEMO.user);
  });
});

describe(`sessions on ${testDbKind}`, () => {
  const info = (token?: string) => call(ctx.app, 'GET', '/api/userinfo/info', { token });

  it('401 without a token and with an unknown one', async () => {
    const none = await info();
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ status: 401, data: null });
    expect((await info('not-a-real-token')).status).toBe(401);
    expect((await info('x'.repeat(500))).status).toBe(401);
  });

  it('expires after 2 hours idle', async () => {
    const token = await login(ctx.app, DEMO.user);
    time.advance(119 * 60_000);
    expect((await info(token)).status).toBe(200);
    time.advance(119 * 60_000);
    expect((await info(token)).status).toBe(200);
    time.advance(120 * 60_000 + 1);
    expect((await info(token)).status).toBe(401);
  });

  it('expires 7 days after login however active', async () => {
    const token = await login(ctx.app, DEMO.user);
    for (let h = 0; h < 7 * 24 - 1; h++) {
      time.advance(60 * 60_000);
      expect((await info(token)).status).toBe(200);
    }
    time.advance(60 * 60_000);
    expect((await info(token)).status).toBe(401);
  });

  it('logout kills only that token', async () => {
    const a = await login(ctx.app, DEMO.expert);
    const b = await login(ctx.app, DEMO.expert);
    expect((await call(ctx.app, 'POST', '/api/login/logout', { token: a })).status).toBe(200);
    expect((await info(a)).status).toBe(401);
    expect((await info(b)).status).toBe(200);
    expect((await call(ctx.app, 'POST', '/api/login/logout', { token: a })).status).toBe(401);
  });
});
