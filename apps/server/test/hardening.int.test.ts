import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../src/modules/outbox/outbox.table';
import { retryDelayMs } from '../src/lib/events';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

// Proxy trust, the sandbox switch and the outbox's retries, each on its own app.

describe(`who is the client (X-Forwarded-For) on ${testDbKind}`, () => {
  let plain: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ seed: true });
    proxied = await createTestContext({ seed: true, env: { TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await plain.close();
    await proxied.close();
  });

  const send = (ctx: TestContext, i: number, forwardedFor: string) =>
    call(ctx.app, 'POST', '/api/login/send', {
      body: { telephone: `1351234${String(1000 + i)}`, type: 'login' },
      ip: '10.9.9.9',
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('by default a forged X-Forwarded-For changes nothing: the per-IP SMS cap still holds', async () => {
    for (let i = 0; i < 30; i++) {
      const r = await send(plain, i, `203.0.113.${i + 1}`);
      expect(r.status, r.body.message).toBe(200);
    }
    const r = await send(plain, 30, '203.0.113.99');
    expect(r.status).toBe(429);
    expect(r.body.message).toContain('当前网络');
  });

  it('behind a configured proxy (TRUST_PROXY=1) the forwarded address is the client', async () => {
    // Each send comes from a different client behind the same proxy: none is capped.
    for (let i = 0; i < 31; i++) {
      const r = await send(proxied, i, `198.51.100.${i + 1}`);
      expect(r.status, r.body.message).toBe(200);
    }
    // And one client through the proxy is capped like any other.
    for (let i = 31; i < 61; i++) await send(proxied, i, '198.51.100.200');
    const capped = await send(proxied, 61, '198.51.100.200');
    expect(capped.status).toBe(429);
  });
});

describe(`payments without the sandbox (PAYMENTS_SANDBOX=false) on ${testDbKind}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true, env: { PAYMENTS_SANDBOX: 'false' } });
  });
  afterAll(() => ctx.close());

  it('offers no cashier: its routes do not exist and paying says payments are not open', async () => {
    const token = await login(ctx.app, DEMO.user);
    const plans = await call(ctx.app, 'GET', '/api/plan/list?pageSize=50');
    expect(plans.status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/pay/sandbox/P20260101000000000001', { token })).status).toBe(
      404,
    );
    const confirm = await call(ctx.app, 'POST', '/api/pay/sandbox/P20260101000000000001/confirm', {
      token,
      body: { action: 'pay' },
    });
    expect(confirm.status).toBe(404);
    const n = ctx.app.deps.sandbox.notification({
      orderNo: 'P20260101000000000001',
      amountFen: 100,
      txnId: 'SBx',
      status: 'SUCCESS',
    });
    const notify = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/pay/notify/sandbox',
      headers: n.headers,
      payload: n.rawBody,
    });
    expect(notify.statusCode).toBe(404);

    // A paid item can still be ordered, but paying answers a clear 503 instead of a fake cashier.
    const experts = await call(ctx.app, 'GET', '/api/expert/list');
    const expertId = experts.body.data.list[0].id as number;
    const detail = await call(ctx.app, 'GET', `/api/expert/detail/${expertId}`);
    const slotId = detail.body.data.slots[0].id as number;
    const booked = await call(ctx.app, 'POST', '/api/booking/create', {
      token,
      body: { slotId, topic: '想聊聊最近的压力', contactPreference: 'chat' },
    });
    expect(booked.status, booked.body.message).toBe(200);
    const pay = await call(ctx.app, 'POST', `/api/order/pay/${booked.body.data.order.id}`, { token });
    expect(pay.status).toBe(503);
    expect(pay.body.message).toBe('在线支付暂未开通，请联系平台客服');
  });
});

describe(`the outbox on ${testDbKind}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(() => ctx.close());

  it('a wrong filter value names the field in Chinese and changes nothing', async () => {
    const token = await login(ctx.app, DEMO.auditor);
    const kind = await call(ctx.app, 'GET', '/api/audit/inbox?kind=xxx', { token });
    expect(kind.status).toBe(400);
    expect(kind.body.message).toMatch(/^类别/);
    const level = await call(ctx.app, 'GET', '/api/expert/warnings?level=9', { token });
    expect(level.status).toBe(400);
    expect(level.body.message).toMatch(/^预警等级/);
    const review = await call(ctx.app, 'POST', '/api/audit/scales/1/review', {
      token,
      body: { approve: 'yes' },
    });
    expect(review.status).toBe(400);
    expect(review.body.message).toMatch(/^审核结果/);
  });

  it('a handler that fails is retried later with the same event, and its writes commit only once', async () => {
    const { events } = ctx.app.deps;
    let calls = 0;
    const seen: number[] = [];
    const off = events.subscribe('account.passwordChanged', (_e, { eventId }) => {
      calls++;
      seen.push(eventId);
      if (calls === 1) throw new Error('downstream unavailable');
    });
    try {
      const started = Date.now();
      await call(ctx.app, 'POST', '/api/login/send', { body: { telephone: DEMO.expert, type: 'reset' } });
      const code = (await call(ctx.app, 'GET', `/api/dev/sms-outbox?telephone=${DEMO.expert}`)).body.data[0]
        .code as string;
      const reset = await call(ctx.app, 'POST', '/api/login/reset', {
        body: { telephone: DEMO.expert, code, password: 'Change@2026x' },
      });
      expect(reset.status, reset.body.message).toBe(200);
      await events.drain();
      const [row] = await ctx.database.db.select().from(outboxEvents).where(eq(outboxEvents.id, seen[0]!));
      // First attempt failed: not delivered, kept with its error, due again after a back-off.
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null });
      expect(row!.lastError).toContain('downstream unavailable');
      // (Against the time before the attempt: on a loaded machine the 1 s may be over by now.)
      expect(row!.availableAt.getTime()).toBeGreaterThanOrEqual(started + retryDelayMs(1));

      // The notification rule ran in the failed delivery's transaction: nothing was written.
      const newToken = await login(ctx.app, DEMO.expert, 'Change@2026x');
      const before = await call(ctx.app, 'GET', '/api/userNotification?pageSize=50', { token: newToken });
      expect(before.body.data.list.filter((n: { title: string }) => n.title === '密码已重置')).toHaveLength(
        0,
      );

      await ctx.database.db
        .update(outboxEvents)
        .set({ availableAt: new Date(0) })
        .where(eq(outboxEvents.id, seen[0]!));
      await events.drain();
      expect(seen).toEqual([seen[0], seen[0]]);
      const after = await call(ctx.app, 'GET', '/api/userNotification?pageSize=50', { token: newToken });
      expect(after.body.data.list.filter((n: { title: string }) => n.title === '密码已重置')).toHaveLength(1);
      await events.drain();
      expect(calls).toBe(2);
    } finally {
      off();
    }
  });
});

describe(`a NUL character (PostgreSQL text cannot hold one) on ${testDbKind}`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ seed: true });
  });
  afterAll(() => ctx.close());

  const REFUSED = '内容含有无法识别的字符（空字符），请删除后重试';

  it('in a search or a list filter: a 400 in Chinese, not a 500', async () => {
    const expert = await login(ctx.app, DEMO.expert);
    for (const [path, token] of [
      ['/api/search?code=%E7%84%A6%00', undefined],
      ['/api/scale/list?keyword=%00', undefined],
      ['/api/expert/list?keyword=a%00b', undefined],
      ['/api/expert/assessments?keyword=%E7%8E%8B%00', expert],
    ] as const) {
      const r = await call(ctx.app, 'GET', path, { token });
      expect(r.status, path).toBe(400);
      expect(r.body.message).toBe(REFUSED);
    }
  });

  it('in a form: a 400 and nothing saved', async () => {
    const token = await login(ctx.app, DEMO.user);
    const before = (await call(ctx.app, 'GET', '/api/userinfo/info', { token })).body.data;
    const r = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token,
      body: { name: '坏\u0000名', gender: before.gender ?? 'female', birthday: '1990-01-01' },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(REFUSED);
    expect((await call(ctx.app, 'GET', '/api/userinfo/info', { token })).body.data.name).toBe(before.name);
  });
});
