import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../src/modules/bookings/bookings.table';
import { slots } from '../src/modules/availability/availability.table';
import { orders, paymentEvents } from '../src/modules/orders/orders.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, LONG_SESSIONS, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

const HOUR = 3_600_000;
const time = testClock(new Date('2026-11-20T02:00:00Z'));
let ctx: TestContext;
let app: FastifyInstance;
const t = {} as Record<'user' | 'user2' | 'expert' | 'expert2', string>;
let expertId: number;

beforeAll(async () => {
  // Hours pass in these tests: sessions must outlive them.
  ctx = await createTestContext({
    seed: true,
    clock: time.clock,
    env: LONG_SESSIONS,
  });
  app = ctx.app;
  // Start from a clean calendar: the seed's weekly slots would overlap the ones made here (its
  // past consultations keep their closed slots).
  await ctx.database.db.delete(slots).where(eq(slots.status, 'open'));
  t.user = await login(app, DEMO.user);
  t.user2 = await login(app, '13800000021');
  t.expert = await login(app, DEMO.expert);
  t.expert2 = await login(app, '13800000012');
  expertId = (await call(app, 'GET', '/api/userinfo/info', { token: t.expert })).body.data.id;
});
afterAll(() => ctx.close());

/** A one-off slot of an expert, `hoursAhead` from the test clock. */
async function newSlot(token: string, hoursAhead: number, minutes = 50): Promise<number> {
  const startsAt = new Date(time.clock().getTime() + hoursAhead * HOUR);
  startsAt.setUTCSeconds(0, 0);
  const r = await call(app, 'POST', '/api/expert/me/slots', {
    token,
    body: { startsAt: startsAt.toISOString(), durationMinutes: minutes, mode: 'online' },
  });
  expect(r.status, r.body.message).toBe(200);
  return r.body.data.id;
}
const book = (token: string, slotId: number) =>
  call(app, 'POST', '/api/booking/create', {
    token,
    body: { slotId, topic: '最近睡眠不好，想聊聊', contactPreference: 'chat' },
  });

/** Pays through the sandbox cashier, as the payer does. */
async function pay(token: string, orderId: number) {
  const start = await call(app, 'POST', `/api/order/pay/${orderId}`, { token });
  expect(start.status, start.body.message).toBe(200);
  const orderNo = new URL(start.body.data.cashierUrl, 'http://x').searchParams.get('orderNo');
  return call(app, 'POST', `/api/pay/sandbox/${orderNo}/confirm`, { token, body: { action: 'pay' } });
}

/** The contents of an account's notifications with this title. */
async function notesAbout(token: string, title: string): Promise<string[]> {
  const r = await call(app, 'GET', '/api/userNotification?pageSize=100', { token });
  return (r.body.data.list as { title: string; content: string }[])
    .filter((n) => n.title === title)
    .map((n) => n.content);
}

/** Extra accounts with sessions, for the crowd test. */
async function crowd(n: number, from = 0): Promise<string[]> {
  const rows = await ctx.database.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        telephone: `1591234${String(from + i).padStart(4, '0')}`,
        name: `并发用户${from + i}`,
      })),
    )
    .returning({ id: users.id });
  return Promise.all(
    rows.map((r) => app.deps.services.sessions.create(ctx.database.db, r.id, { ip: null, userAgent: null })),
  );
}

describe(`booking a slot on ${testDbKind}`, () => {
  it('50 people try one slot at once: exactly one pending booking, 49 clear 409s', async () => {
    const slotId = await newSlot(t.expert, 72);
    const tokens = await crowd(50);
    const results = await Promise.all(tokens.map((tok) => book(tok, slotId)));
    const okCount = results.filter((r) => r.status === 200).length;
    const conflicts = results.filter((r) => r.status === 409);
    expect(okCount).toBe(1);
    expect(conflicts).toHaveLength(49);
    expect(new Set(conflicts.map((r) => r.body.message))).toEqual(
      new Set(['该时段已被预约，请选择其他时间']),
    );
    const rows = await ctx.database.db.select().from(bookings).where(eq(bookings.slotId, slotId));
    expect(rows.filter((b) => b.status === 'pending_payment')).toHaveLength(1);
  });

  it('a user cannot hold two bookings that overlap in time', async () => {
    const a = await newSlot(t.expert, 96);
    const b = await newSlot(t.expert2, 96.5);
    expect((await book(t.user, a)).status).toBe(200);
    const second = await book(t.user, b);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('您在该时间段已有其他预约');
  });

  it('an unpaid booking holds the slot 15 minutes, then frees it', async () => {
    const slotId = await newSlot(t.expert, 120);
    const first = await book(t.user, slotId);
    expect(first.body.data).toMatchObject({ status: 'pending_payment', priceFen: 30000 });
    expect(first.body.data.order).toMatchObject({ status: 'unpaid', amountFen: 30000 });
    expect((await book(t.user2, slotId)).status).toBe(409);
    time.advance(15 * 60_000 - 1000);
    expect((await book(t.user2, slotId)).status).toBe(409);
    time.advance(2000);
    const second = await book(t.user2, slotId);
    expect(second.status).toBe(200);
    const old = await call(app, 'GET', `/api/booking/detail/${first.body.data.id}`, { token: t.user });
    expect(old.body.data).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
    expect(old.body.data.order.status).toBe('cancelled');
    // Paying the expired order now is refused.
    expect(
      (await call(app, 'POST', `/api/order/pay/${first.body.data.order.id}`, { token: t.user })).status,
    ).toBe(409);
  });

  it('pays in the sandbox: the order is paid and the booking confirmed together', async () => {
    const slotId = await newSlot(t.expert, 200);
    const b = (await book(t.user, slotId)).body.data;
    const r = await pay(t.user, b.order.id);
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('paid');
    const detail = await call(app, 'GET', `/api/booking/detail/${b.id}`, { token: t.user });
    expect(detail.body.data).toMatchObject({
      status: 'confirmed',
      holdExpiresAt: null,
      order: { status: 'paid' },
    });
    // The expert sees it in their list, with the user's phone to call.
    const theirs = await call(app, 'GET', '/api/booking/expert/list?status=confirmed', { token: t.expert });
    const mine = theirs.body.data.list.find((x: { id: number }) => x.id === b.id);
    expect(mine.user.telephone).toBe(DEMO.user);
    expect(detail.body.data.user.telephone).toBe('138****0001');
  });

  it('pages my bookings latest start first, with the total, each with its order, filtered by status', async () => {
    const [u] = await crowd(1, 100);
    const made: { id: number; orderId: number }[] = [];
    for (const h of [300, 310, 320]) {
      const b = (await book(u!, await newSlot(t.expert, h))).body.data;
      made.push({ id: b.id, orderId: b.order.id });
    }
    await pay(u!, made[1]!.orderId);
    const page = async (qs: string) =>
      (await call(app, 'GET', `/api/booking/list?${qs}`, { token: u })).body.data;

    const p1 = await page('pageNum=1&pageSize=2');
    expect(p1.total).toBe(3);
    expect(p1.list.map((b: { id: number }) => b.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(p1.list[1]).toMatchObject({
      status: 'confirmed',
      order: { id: made[1]!.orderId, status: 'paid' },
    });
    expect(p1.list[0]).toMatchObject({
      status: 'pending_payment',
      order: { id: made[2]!.orderId, status: 'unpaid' },
    });
    expect(p1.list[0].expert.name).toBeTruthy();
    expect(p1.list[0].user.telephone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const p2 = await page('pageNum=2&pageSize=2');
    expect(p2).toMatchObject({ total: 3, pageNum: 2 });
    expect(p2.list.map((b: { id: number }) => b.id)).toEqual([made[0]!.id]);
    // Past the end: no rows, the total still true.
    expect(await page('pageNum=5&pageSize=2')).toMatchObject({ total: 3, list: [] });
    expect(await page('status=confirmed')).toMatchObject({ total: 1, list: [{ id: made[1]!.id }] });
    expect(await page('status=completed')).toMatchObject({ total: 0, list: [] });
  });

  it('refunds in full when the user cancels exactly at the deadline, nothing a second later', async () => {
    const start = 100;
    const s1 = await newSlot(t.expert, start);
    const s2 = await newSlot(t.expert, start + 2);
    const b1 = (await book(t.user2, s1)).body.data;
    const b2 = (await book(t.user2, s2)).body.data;
    await pay(t.user2, b1.order.id);
    await pay(t.user2, b2.order.id);

    time.set(new Date(new Date(b1.startsAt).getTime() - 24 * HOUR));
    const c1 = await call(app, 'POST', `/api/booking/cancel/${b1.id}`, {
      token: t.user2,
      body: { reason: '临时出差' },
    });
    expect(c1.status).toBe(200);
    expect(c1.body.data).toMatchObject({ status: 'cancelled', cancelledBy: 'user', refundFen: 30000 });
    expect(c1.body.data.order).toMatchObject({ status: 'refunded', refundFen: 30000 });

    time.set(new Date(new Date(b2.startsAt).getTime() - 24 * HOUR + 1000));
    const c2 = await call(app, 'POST', `/api/booking/cancel/${b2.id}`, { token: t.user2, body: {} });
    expect(c2.body.data).toMatchObject({ status: 'cancelled', refundFen: 0 });
    expect(c2.body.data.order.status).toBe('paid');

    // The one who cancelled reads "你已取消"; the other side is told who did.
    await app.deps.events.drain();
    const mine = await notesAbout(t.user2, '预约已取消');
    expect(mine.some((c) => c.startsWith('你已取消 ') && c.includes('原因：临时出差'))).toBe(true);
    expect(mine.some((c) => c.includes('已由李晨取消'))).toBe(false);
    const theirs = await notesAbout(t.expert, '预约已取消');
    expect(
      theirs.some((c) => c.startsWith('李晨 ') && c.includes('的预约已由李晨取消，原因：临时出差')),
    ).toBe(true);
  });

  it('an expert may cancel any time, always with a full refund, and must say why', async () => {
    const slotId = await newSlot(t.expert, 3);
    const b = (await book(t.user, slotId)).body.data;
    await pay(t.user, b.order.id);
    const noReason = await call(app, 'POST', `/api/booking/expert/cancel/${b.id}`, {
      token: t.expert,
      body: {},
    });
    expect(noReason.body.message).toBe('请填写取消原因');
    const r = await call(app, 'POST', `/api/booking/expert/cancel/${b.id}`, {
      token: t.expert,
      body: { reason: '身体不适，改期' },
    });
    expect(r.body.data).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'expert',
      refundFen: 30000,
      order: { status: 'refunded' },
    });
    await app.deps.events.drain();
    expect((await notesAbout(t.expert, '预约已取消')).some((c) => c.startsWith('你已取消 张小雨 '))).toBe(
      true,
    );
    expect(
      (await notesAbout(t.user, '预约已取消')).some((c) =>
        c.includes('已由王静怡 老师取消，原因：身体不适，改期'),
      ),
    ).toBe(true);
  });

  it('keeps other people out with 404', async () => {
    const slotId = await newSlot(t.expert, 300);
    const b = (await book(t.user, slotId)).body.data;
    expect((await call(app, 'GET', `/api/booking/detail/${b.id}`, { token: t.user2 })).status).toBe(404);
    expect(
      (await call(app, 'POST', `/api/booking/cancel/${b.id}`, { token: t.user2, body: {} })).status,
    ).toBe(404);
    expect((await call(app, 'GET', `/api/order/orderDetail/${b.order.id}`, { token: t.user2 })).status).toBe(
      404,
    );
    expect((await call(app, 'POST', `/api/order/pay/${b.order.id}`, { token: t.user2 })).status).toBe(404);
    expect(
      (
        await call(app, 'POST', `/api/booking/expert/cancel/${b.id}`, {
          token: t.expert2,
          body: { reason: '不是我的' },
        })
      ).status,
    ).toBe(404);
    expect((await call(app, 'GET', `/api/booking/detail/${b.id}`, { token: t.expert })).status).toBe(200);
    expect((await call(app, 'GET', '/api/booking/expert/list', { token: t.user })).status).toBe(403);
  });

  it('marks completion or no-show only after the start, and only as the expert', async () => {
    const slotId = await newSlot(t.expert, 30);
    const b = (await book(t.user, slotId)).body.data;
    await pay(t.user, b.order.id);
    const early = await call(app, 'POST', `/api/booking/expert/complete/${b.id}`, { token: t.expert });
    expect(early.status).toBe(409);
    time.advance(31 * HOUR);
    const done = await call(app, 'POST', `/api/booking/expert/complete/${b.id}`, { token: t.expert });
    expect(done.body.data.status).toBe('completed');
    expect((await call(app, 'POST', `/api/booking/cancel/${b.id}`, { token: t.user, body: {} })).status).toBe(
      409,
    );
  });

  it('reminds both sides 24 h and 1 h before, once each, and never after a cancel', async () => {
    const keep = await newSlot(t.expert, 48);
    const drop = await newSlot(t.expert, 49);
    const b1 = (await book(t.user, keep)).body.data;
    const b2 = (await book(t.user2, drop)).body.data;
    await pay(t.user, b1.order.id);
    await pay(t.user2, b2.order.id);
    await call(app, 'POST', `/api/booking/cancel/${b2.id}`, { token: t.user2, body: {} });
    const svc = app.deps.services.bookings;
    expect((await svc.sweep()).reminders).toBe(0);
    time.advance(24 * HOUR + 60_000);
    expect((await svc.sweep()).reminders).toBe(1);
    expect((await svc.sweep()).reminders).toBe(0);
    time.advance(23 * HOUR);
    expect((await svc.sweep()).reminders).toBe(1);
    await app.deps.events.drain();
    const notes = await call(app, 'GET', '/api/userNotification?pageSize=50', { token: t.user });
    const reminders = notes.body.data.list.filter(
      (n: { title: string; link: string }) => n.title === '咨询提醒' && n.link.endsWith(`=${b1.id}`),
    );
    expect(reminders).toHaveLength(2);
    const expertNotes = await call(app, 'GET', '/api/userNotification?pageSize=100', { token: t.expert });
    expect(expertNotes.body.data.list.some((n: { title: string }) => n.title === '新的预约')).toBe(true);
  });

  it('cancels orders unpaid for 30 minutes', async () => {
    const slotId = await newSlot(t.expert, 500);
    const b = (await book(t.user2, slotId)).body.data;
    time.advance(31 * 60_000);
    await app.deps.services.orders.sweep();
    const o = await call(app, 'GET', `/api/order/orderDetail/${b.order.id}`, { token: t.user2 });
    expect(o.body.data.status).toBe('cancelled');
    const d = await call(app, 'GET', `/api/booking/detail/${b.id}`, { token: t.user2 });
    expect(d.body.data.status).toBe('cancelled');
  });
});

describe(`payment notifications on ${testDbKind}`, () => {
  let hour = 600;
  async function unpaidOrder() {
    // Two hours apart each time: the same user's pending bookings must not overlap.
    hour += 2;
    const slotId = await newSlot(t.expert, hour);
    return (await book(t.user, slotId)).body.data.order as { id: number; orderNo: string; amountFen: number };
  }
  const notify = (n: { rawBody: string; headers: Record<string, string> }) =>
    app.inject({
      method: 'POST',
      url: '/SysAdmin/api/pay/notify/sandbox',
      headers: n.headers,
      payload: n.rawBody,
    });
  const orderRow = async (id: number) =>
    (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('rejects a forged signature', async () => {
    const o = await unpaidOrder();
    const n = app.deps.sandbox.notification({
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      txnId: 'SBforged',
      status: 'SUCCESS',
    });
    const tampered = n.rawBody.replace(`"amountFen":${o.amountFen}`, `"amountFen":1`);
    const res = await notify({ rawBody: tampered, headers: n.headers });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(o.id)).status).toBe('unpaid');
    const forged = await notify({
      rawBody: n.rawBody,
      headers: { ...n.headers, 'x-sandbox-signature': 'a'.repeat(64) },
    });
    expect(forged.statusCode).toBe(400);
    expect((await orderRow(o.id)).status).toBe('unpaid');
  });

  it('rejects a replay of an old notification', async () => {
    const o = await unpaidOrder();
    const n = app.deps.sandbox.notification({
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      txnId: 'SBold',
      status: 'SUCCESS',
    });
    time.advance(6 * 60_000);
    const res = await notify(n);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('通知已过期');
    expect((await orderRow(o.id)).status).toBe('unpaid');
  });

  it('rejects a wrong amount, even correctly signed', async () => {
    const o = await unpaidOrder();
    const n = app.deps.sandbox.notification({
      orderNo: o.orderNo,
      amountFen: o.amountFen - 1,
      txnId: 'SBcheap',
      status: 'SUCCESS',
    });
    expect((await notify(n)).statusCode).toBe(400);
    expect((await orderRow(o.id)).status).toBe('unpaid');
  });

  it('the same notification ten times changes the order once', async () => {
    const o = await unpaidOrder();
    const n = app.deps.sandbox.notification({
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      txnId: 'SBonce',
      status: 'SUCCESS',
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(n)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const row = await orderRow(o.id);
    expect(row).toMatchObject({ status: 'paid', providerTxnId: 'SBonce' });
    const paidAt = row.paidAt;
    await notify(n);
    expect((await orderRow(o.id)).paidAt).toEqual(paidAt);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, o.orderNo));
    expect(events).toHaveLength(1);
  });

  it('money arriving after the order was cancelled is refunded', async () => {
    const o = await unpaidOrder();
    const n = app.deps.sandbox.notification({
      orderNo: o.orderNo,
      amountFen: o.amountFen,
      txnId: 'SBlate',
      status: 'SUCCESS',
    });
    await call(app, 'POST', `/api/order/cancel/${o.id}`, { token: t.user });
    expect((await notify(n)).statusCode).toBe(200);
    expect(await orderRow(o.id)).toMatchObject({ status: 'refunded', refundFen: o.amountFen });
  });

  it('a second payment for an order already paid is refunded in full, shown on the order, and the payer told', async () => {
    const o = await unpaidOrder();
    expect((await pay(t.user, o.id)).status).toBe(200);
    const paidTxn = (await orderRow(o.id)).providerTxnId;
    const second = () =>
      app.deps.sandbox.notification({
        orderNo: o.orderNo,
        amountFen: o.amountFen,
        txnId: 'SBsecond-payment',
        status: 'SUCCESS',
      });
    expect((await notify(second())).statusCode).toBe(200);
    // The provider repeats the same second payment (a new notification of it): still one refund.
    expect((await notify(second())).statusCode).toBe(200);

    const detail = await call(app, 'GET', `/api/order/orderDetail/${o.id}`, { token: t.user });
    expect(detail.body.data).toMatchObject({ status: 'paid', refundFen: 0 });
    expect(detail.body.data.duplicatePayments).toEqual([
      {
        amountFen: o.amountFen,
        status: 'refunded',
        createdAt: expect.any(String),
        refundedAt: expect.any(String),
      },
    ]);
    // The order and the booking it bought are untouched.
    expect((await orderRow(o.id)).providerTxnId).toBe(paidTxn);
    const events = await ctx.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderNo, o.orderNo));
    expect(events.map((e) => e.outcome).sort()).toEqual([
      'paid',
      'paid twice noted',
      'paid twice, refunding',
    ]);

    await app.deps.events.drain();
    const notes = await call(app, 'GET', '/api/userNotification?pageSize=50', { token: t.user });
    const refunds = notes.body.data.list.filter((n: { title: string }) => n.title === '重复支付已退款');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].content).toContain('已原路退回');
  });
});

describe(`experts and availability on ${testDbKind}`, () => {
  it('lists experts with filters and shows a detail page with free slots', async () => {
    const all = await call(app, 'GET', '/api/expert/list');
    expect(all.body.data.total).toBe(4);
    const cheap = await call(app, 'GET', '/api/expert/list?maxPrice=20000');
    expect(cheap.body.data.list.map((e: { name: string }) => e.name)).toEqual(['周晓琳']);
    const sleep = await call(app, 'GET', `/api/expert/list?specialty=${encodeURIComponent('睡眠障碍')}`);
    expect(sleep.body.data.list.map((e: { name: string }) => e.name)).toEqual(['刘文博']);
    const offline = await call(app, 'GET', '/api/expert/list?mode=offline');
    expect(offline.body.data.list.every((e: { modes: string[] }) => e.modes.includes('offline'))).toBe(true);
    const d = await call(app, 'GET', `/api/expert/detail/${expertId}`);
    expect(d.body.data).toMatchObject({
      name: '王静怡',
      priceFen: 30000,
      institution: { name: '北京心晴心理咨询中心' },
    });
    expect(d.body.data.slots.length).toBeGreaterThan(0);
    expect((await call(app, 'GET', '/api/expert/detail/1')).status).toBe(404);
    const dep = await call(app, 'GET', `/api/department/detail/${d.body.data.institution.id}`);
    expect(dep.body.data.experts.map((e: { name: string }) => e.name)).toEqual(['王静怡']);
  });

  it('publishes weekly hours as slots, refuses overlaps, and will not close a booked slot', async () => {
    const tpl = await call(app, 'POST', '/api/expert/me/templates', {
      token: t.expert2,
      body: { weekday: 7, startTime: '08:00', durationMinutes: 45, mode: 'online' },
    });
    expect(tpl.status).toBe(200);
    expect(tpl.body.data.created).toBeGreaterThanOrEqual(4);
    const again = await call(app, 'POST', '/api/expert/me/templates', {
      token: t.expert2,
      body: { weekday: 7, startTime: '08:00', durationMinutes: 45, mode: 'online' },
    });
    expect(again.status).toBe(409);
    const slotId = await newSlot(t.expert2, 700);
    const startsAt = new Date(time.clock().getTime() + 700 * HOUR);
    startsAt.setUTCSeconds(0, 0);
    const overlap = await call(app, 'POST', '/api/expert/me/slots', {
      token: t.expert2,
      body: {
        startsAt: new Date(startsAt.getTime() + 10 * 60_000).toISOString(),
        durationMinutes: 30,
        mode: 'online',
      },
    });
    expect(overlap.status).toBe(409);
    await book(t.user2, slotId);
    const close = await call(app, 'POST', `/api/expert/me/slots/${slotId}/close`, { token: t.expert2 });
    expect(close.status).toBe(409);
    expect(
      (
        await call(app, 'POST', '/api/expert/me/templates', {
          token: t.user,
          body: { weekday: 1, startTime: '08:00', durationMinutes: 45, mode: 'online' },
        })
      ).status,
    ).toBe(403);
    const bad = await call(app, 'POST', '/api/expert/me/slots', {
      token: t.expert2,
      body: { startsAt: 'tomorrow', durationMinutes: 30, mode: 'online' },
    });
    expect(bad.body.message).toBe('开始时间格式不正确');
  });
});
