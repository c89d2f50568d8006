import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../src/modules/auth/auth.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, latestCode, login } from './helpers';

const time = testClock();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
});
afterAll(() => ctx.close());

const send = (telephone: string, type: 'login' | 'reset' = 'login', ip = '10.2.0.1') =>
  call(ctx.app, 'POST', '/api/login/send', { body: { telephone, type }, ip });
const smsLogin = (telephone: string, code: string) =>
  call(ctx.app, 'POST', '/api/login/sms', { body: { telephone, code } });
const MINUTE = 60_000;

describe(`SMS codes on ${testDbKind}`, () => {
  it('first SMS login creates an ordinary account; codes are 6 digits and stored hashed', async () => {
    const phone = '13712340001';
    const r = await send(phone);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: '验证码已发送', data: { resendAfter: 60, expiresIn: 300 } });
    const code = await latestCode(ctx.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await ctx.database.db.select().from(smsCodes).where(eq(smsCodes.telephone, phone));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code!);

    const ok = await smsLogin(phone, code!);
    expect(ok.status).toBe(200);
    expect(ok.body.data.userinfo).toMatchObject({ identityType: 0, telephone: phone, name: '用户0001' });
    const [u] = await ctx.database.db.select().from(users).where(eq(users.telephone, phone));
    expect(u!.role).toBe('user');
  });

  it('a code works once', async () => {
    time.advance(2 * MINUTE);
    await send(DEMO.user);
    const code = (await latestCode(ctx.app, DEMO.user))!;
    expect((await smsLogin(DEMO.user, code)).status).toBe(200);
    const again = await smsLogin(DEMO.user, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('验证码错误或已失效，请重新获取');
  });

  it('a code expires after 5 minutes', async () => {
    time.advance(2 * MINUTE);
    await send(DEMO.user);
    const code = (await latestCode(ctx.app, DEMO.user))!;
    time.advance(5 * MINUTE + 1000);
    expect((await smsLogin(DEMO.user, code)).status).toBe(400);
  });

  it('five wrong tries void the code', async () => {
    time.advance(2 * MINUTE);
    await send(DEMO.expert);
    const code = (await latestCode(ctx.app, DEMO.expert))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await smsLogin(DEMO.expert, wrong)).status).toBe(400);
    expect((await smsLogin(DEMO.expert, code)).status).toBe(400);
  });

  it('a newer code replaces the older one', async () => {
    time.advance(2 * MINUTE);
    await send(DEMO.auditor);
    const first = (await latestCode(ctx.app, DEMO.auditor))!;
    let second = first;
    // Two random codes are equal one time in a million; send again until they differ
    // (well inside the 5-per-hour limit), so the old code is always really tested.
    for (let i = 0; i < 3 && second === first; i++) {
      time.advance(61_000);
      expect((await send(DEMO.auditor)).status).toBe(200);
      second = (await latestCode(ctx.app, DEMO.auditor))!;
    }
    expect(second).not.toBe(first);
    // Only the newest code is live: every older one is marked used.
    const rows = await ctx.database.db.select().from(smsCodes).where(eq(smsCodes.telephone, DEMO.auditor));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.purpose === 'login' && r.consumedAt === null)).toHaveLength(1);
    const old = await smsLogin(DEMO.auditor, first);
    expect(old.status).toBe(400);
    expect(old.body.message).toBe('验证码错误或已失效，请重新获取');
    expect((await smsLogin(DEMO.auditor, second)).status).toBe(200);
  });

  it('one send per 60 s, 5 per hour, 10 per day per phone (one purpose)', async () => {
    const phone = '13712340002';
    expect((await send(phone)).status).toBe(200);
    const soon = await send(phone);
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/请 \d+ 秒后再试/);
    expect(Number(soon.res.headers['retry-after'])).toBeLessThanOrEqual(60);
    time.advance(61_000);
    for (let i = 0; i < 4; i++) {
      expect((await send(phone)).status).toBe(200);
      time.advance(61_000);
    }
    const hourly = await send(phone);
    expect(hourly.status).toBe(429);
    expect(hourly.body.message).toContain('发送过于频繁');
    time.advance(60 * MINUTE);
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).status).toBe(200);
      time.advance(61_000);
    }
    time.advance(60 * MINUTE);
    const daily = await send(phone);
    expect(daily.status).toBe(429);
    expect(daily.body.message).toContain('今日获取验证码次数已达上限');
    time.advance(24 * 60 * MINUTE);
    expect((await send(phone)).status).toBe(200);
  });

  it('the 60 s wait and the hourly limit are per purpose; the daily cap of 10 is shared', async () => {
    const phone = '13712340003';
    expect((await send(phone, 'login')).status).toBe(200);
    // A reset right after an SMS login is not refused ...
    expect((await send(phone, 'reset')).status).toBe(200);
    // ... but each purpose still waits 60 s for its own next code.
    const loginSoon = await send(phone, 'login');
    expect(loginSoon.status).toBe(429);
    expect(loginSoon.body.message).toMatch(/验证码已发送，请 \d+ 秒后再试/);
    const resetSoon = await send(phone, 'reset');
    expect(resetSoon.status).toBe(429);
    expect(resetSoon.body.message).toMatch(/验证码已发送，请 \d+ 秒后再试/);
    time.advance(61_000);
    // Five of each in the hour: both purposes reach their hourly limit separately.
    for (let i = 0; i < 4; i++) {
      expect((await send(phone, 'login')).status).toBe(200);
      expect((await send(phone, 'reset')).status).toBe(200);
      time.advance(61_000);
    }
    const hourly = await send(phone, 'login');
    expect(hourly.status).toBe(429);
    expect(hourly.body.message).toContain('发送过于频繁');
    // Ten codes in a day across both purposes: the shared cap refuses either kind.
    time.advance(60 * MINUTE);
    for (const type of ['login', 'reset'] as const) {
      const daily = await send(phone, type);
      expect(daily.status).toBe(429);
      expect(daily.body.message).toContain('今日获取验证码次数已达上限');
    }
    const rows = await ctx.database.db.select().from(smsCodes).where(eq(smsCodes.telephone, phone));
    expect(rows.filter((r) => r.purpose === 'login')).toHaveLength(5);
    expect(rows.filter((r) => r.purpose === 'reset')).toHaveLength(5);
    time.advance(24 * 60 * MINUTE);
    expect((await send(phone, 'reset')).status).toBe(200);
  });

  it('limits sends per IP across phones', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await send(`1361234${String(1000 + i)}`, 'login', '10.3.3.3')).status).toBe(200);
    }
    const r = await send('13612349999', 'login', '10.3.3.3');
    expect(r.status).toBe(429);
    expect(r.body.message).toContain('当前网络');
    time.advance(61 * MINUTE);
  });

  it('validates telephone, type and code', async () => {
    expect((await call(ctx.app, 'POST', '/api/login/send', { body: { type: 'login' } })).body.message).toBe(
      '请输入手机号',
    );
    expect(
      (await call(ctx.app, 'POST', '/api/login/send', { body: { telephone: DEMO.user, type: 'x' } })).status,
    ).toBe(400);
    expect((await smsLogin(DEMO.user, '')).body.message).toBe('请输入短信验证码');
    expect((await smsLogin(DEMO.user, '12ab')).body.message).toBe('短信验证码为6位数字');
  });
});

describe(`password reset and change on ${testDbKind}`, () => {
  it('reset by SMS sets the new password and ends every session', async () => {
    const old = await login(ctx.app, DEMO.admin);
    await send(DEMO.admin, 'reset');
    const code = (await latestCode(ctx.app, DEMO.admin))!;
    const weak = await call(ctx.app, 'POST', '/api/login/reset', {
      body: { telephone: DEMO.admin, code, password: 'weakpass' },
    });
    expect(weak.body.message).toBe('密码8-20位，须包含大小写字母、数字、特殊字符');
    const empty = await call(ctx.app, 'POST', '/api/login/reset', {
      body: { telephone: DEMO.admin, code, password: '' },
    });
    expect(empty.body.message).toBe('请填写新密码');
    const r = await call(ctx.app, 'POST', '/api/login/reset', {
      body: { telephone: DEMO.admin, code, password: 'New@Pass2026' },
    });
    expect(r.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/userinfo/info', { token: old })).status).toBe(401);
    expect(
      (
        await call(ctx.app, 'POST', '/api/login/login', {
          body: { telephone: DEMO.admin, password: DEMO.password },
        })
      ).status,
    ).toBe(400);
    await login(ctx.app, DEMO.admin, 'New@Pass2026');
  });

  it('a reset for a phone with no account looks the same but can never succeed', async () => {
    const phone = '13712340009';
    const r = await send(phone, 'reset');
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('验证码已发送');
    expect(await latestCode(ctx.app, phone)).toBeUndefined();
    for (const code of ['000000', '123456']) {
      const attempt = await call(ctx.app, 'POST', '/api/login/reset', {
        body: { telephone: phone, code, password: 'New@Pass2026' },
      });
      expect(attempt.status).toBe(400);
    }
    const [u] = await ctx.database.db.select().from(users).where(eq(users.telephone, phone));
    expect(u).toBeUndefined();
  });

  it('change password: own phone only, then every session ends', async () => {
    time.advance(2 * MINUTE);
    const token = await login(ctx.app, DEMO.user);
    const other = await login(ctx.app, DEMO.user);
    await send(DEMO.user, 'reset');
    const code = (await latestCode(ctx.app, DEMO.user))!;
    const foreign = await call(ctx.app, 'POST', '/api/userinfo/password', {
      token,
      body: { telephone: DEMO.expert, code, password: 'Changed@2026' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('本人手机号');
    const anon = await call(ctx.app, 'POST', '/api/userinfo/password', {
      body: { telephone: DEMO.user, code, password: 'Changed@2026' },
    });
    expect(anon.status).toBe(401);
    const r = await call(ctx.app, 'POST', '/api/userinfo/password', {
      token,
      body: { telephone: DEMO.user, code, password: 'Changed@2026' },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('密码已修改，请重新登录');
    expect((await call(ctx.app, 'GET', '/api/userinfo/info', { token })).status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/userinfo/info', { token: other })).status).toBe(401);
    await login(ctx.app, DEMO.user, 'Changed@2026');
  });
});

describe('the dev SMS outbox', () => {
  it('does not exist on a production server', async () => {
    // Production refuses to start without a strong secret of its own.
    const prod = await createTestContext({
      env: { NODE_ENV: 'production', APP_SECRET: crypto.randomBytes(36).toString('base64') },
    });
    try {
      const r = await call(prod.app, 'GET', '/api/dev/sms-outbox?telephone=13800000001');
      expect(r.status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
