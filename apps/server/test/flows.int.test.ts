import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPortraits } from '../src/db/seed/portraits';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, latestCode, login, scaleIdsByCode, ZHANG_XIAOYU } from './helpers';

let ctx: TestContext;
let scaleIds: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  scaleIds = await scaleIdsByCode(ctx.app);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** A brand-new account made by an SMS login: no gender, no birthday, nothing answered yet. */
async function newAccount(telephone: string): Promise<string> {
  await call(ctx.app, 'POST', '/api/login/send', { body: { telephone, type: 'login' } });
  const code = await latestCode(ctx.app, telephone);
  return dataOf(await call(ctx.app, 'POST', '/api/login/sms', { body: { telephone, code } })).token as string;
}

/** Starts a test and accepts its consent: the next step is the basic-info form. */
async function toBasicInfo(token: string, target: { scaleId: number } | { planId: number }) {
  const s = await api('POST', '/api/assessment/start', token, target);
  expect(s.status, s.body.message).toBe(200);
  const id = s.body.data.id as number;
  await api('POST', `/api/assessment/${id}/consent`, token, { accepted: true });
  return id;
}

describe(`basic-info prefill on ${testDbKind}`, () => {
  it('a first test knows only the account: its name and phone', async () => {
    const token = await newAccount('13712345001');
    const id = await toBasicInfo(token, { scaleId: scaleIds.PHQ9! });
    const r = await api('GET', `/api/assessment/${id}/basic-info/prefill`, token);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      name: '用户5001',
      gender: null,
      age: null,
      regionCode: null,
      phone: '13712345001',
      extra: {},
      lastGivenAt: null,
    });
  });

  it('the next plan starts with the last answers: gender, age, region, phone ', async () => {
    const token = await newAccount('13712345002');
    const first = await toBasicInfo(token, { scaleId: scaleIds.GAD7! });
    const given = {
      name: '林一',
      gender: 'female',
      age: 28,
      regionCode: '310110',
      phone: '13912345678',
      extra: {},
    };
    expect((await api('POST', `/api/assessment/${first}/basic-info`, token, given)).status).toBe(200);

    const plans = (await api('GET', '/api/plan/list')).body.data as { id: number; title: string }[];
    const work = plans.find((p) => p.title === '职场压力与身心状况评估')!;
    const second = await toBasicInfo(token, { planId: work.id });
    const r = await api('GET', `/api/assessment/${second}/basic-info/prefill`, token);
    expect(r.body.data).toMatchObject({
      name: '林一',
      gender: 'female',
      age: 28,
      regionCode: '310110',
      phone: '13912345678',
      extra: {},
    });
    expect(r.body.data.lastGivenAt).not.toBeNull();

    // They change some of it; the third test starts from the newest answers.
    const changed = { ...given, age: 29, regionCode: '110108', phone: null, extra: { department: '市场部' } };
    expect((await api('POST', `/api/assessment/${second}/basic-info`, token, changed)).status).toBe(200);
    const third = await toBasicInfo(token, { scaleId: scaleIds.K10! });
    const again = await api('GET', `/api/assessment/${third}/basic-info/prefill`, token);
    // K10 alone has no department field; no phone given last time: the account's phone.
    expect(again.body.data).toMatchObject({
      age: 29,
      regionCode: '110108',
      phone: '13712345002',
      extra: {},
    });
  });

  it('the profile gender and birthday come first; nobody else may read the prefill', async () => {
    const token = await login(ctx.app, '13800000022');
    const id = await toBasicInfo(token, { scaleId: scaleIds.WHO5! });
    const r = await api('GET', `/api/assessment/${id}/basic-info/prefill`, token);
    expect(r.body.data).toMatchObject({ name: '黄一诺', gender: 'female', phone: '13800000022' });
    // Born 1995-12-19: the age in whole years, today in Beijing.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const age = Number(today.slice(0, 4)) - 1995 - (today.slice(5) < '12-19' ? 1 : 0);
    expect(r.body.data.age).toBe(age);

    const stranger = await login(ctx.app, DEMO.user);
    const other = await api('GET', `/api/assessment/${id}/basic-info/prefill`, stranger);
    expect(other.status).toBe(404);
    expect((await api('GET', `/api/assessment/${id}/basic-info/prefill`)).status).toBe(401);
    expect((await api('GET', '/api/assessment/abc/basic-info/prefill', token)).status).toBe(400);
  });
});

async function answerEverything(token: string, id: number) {
  const state = (await api('GET', `/api/assessment/${id}`, token)).body.data;
  for (const [part, p] of (state.parts as { items: { number: number }[] }[]).entries()) {
    for (const item of p.items) {
      const r = await api('PUT', `/api/assessment/${id}/answer`, token, {
        part,
        item: item.number,
        position: 1,
      });
      expect(r.status, r.body.message).toBe(200);
    }
    expect((await api('POST', `/api/assessment/${id}/submit`, token, { part })).status).toBe(200);
  }
}

describe(`the expert's work page counts on ${testDbKind}`, () => {
  it('the report card reads every figure from one answer, and they agree after an approval', async () => {
    const user = await login(ctx.app, DEMO.user);
    const expert = await login(ctx.app, DEMO.expert);
    const plans = (await api('GET', '/api/plan/list')).body.data as { id: number; title: string }[];
    const work = plans.find((p) => p.title === '职场压力与身心状况评估')!;
    const id = await toBasicInfo(user, { planId: work.id });
    await api('POST', `/api/assessment/${id}/basic-info`, user, ZHANG_XIAOYU);
    await answerEverything(user, id);
    const order = await api('POST', `/api/assessment/${id}/report/order`, user);
    await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, user, { action: 'pay' });

    // What the work page asks: the pending reports, one row, with the counts by status.
    const card = () => api('GET', '/api/expert/report-approvals?status=generated&pageSize=1', expert);
    const before = (await card()).body.data;
    expect(before.counts.generated).toBeGreaterThanOrEqual(1);
    expect(before.total).toBe(before.counts.generated);

    const decided = await api('POST', `/api/expert/report-approvals/${id}`, expert, { approve: true });
    expect(decided.status, decided.body.message).toBe(200);

    const after = (await card()).body.data;
    expect(after.counts).toEqual({
      generated: before.counts.generated - 1,
      approved: before.counts.approved + 1,
      returned: before.counts.returned,
    });
    expect(after.total).toBe(after.counts.generated);
    expect(after.list.some((r: { assessmentId: number }) => r.assessmentId === id)).toBe(false);
    const all = (await api('GET', '/api/expert/report-approvals?pageSize=50', expert)).body.data;
    expect(all.total).toBe(after.counts.generated + after.counts.approved + after.counts.returned);
    expect(all.list.find((r: { assessmentId: number }) => r.assessmentId === id)?.status).toBe('approved');
  });
});

describe(`the person's consultations with experts on ${testDbKind}`, () => {
  const userIdOf = async (token: string) =>
    (await api('GET', '/api/userinfo/info', token)).body.data.id as number;

  it('lists the experts chatted with or booked, with unread messages and the next booking', async () => {
    const me = await newAccount('13712345101');
    const expertChat = await login(ctx.app, DEMO.expert);
    const expertBook = await login(ctx.app, '13800000012');
    const chatExpertId = await userIdOf(expertChat);
    const bookExpertId = await userIdOf(expertBook);

    const empty = await api('GET', '/api/consultations', me);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ list: [], total: 0, pageNum: 1, pageSize: 10 });

    // A chat with 王静怡, who answers twice.
    const begun = await api('POST', '/api/chat/begin', me, { receiverId: chatExpertId });
    expect(begun.status, begun.body.message).toBe(200);
    const chatId = begun.body.data.chatId as number;
    await api('POST', '/api/chat/send', me, { chatId, messageType: '0', messageContent: '老师您好' });
    for (const text of ['你好，我在', '想聊点什么？'])
      await api('POST', '/api/chat/send', expertChat, { chatId, messageType: '0', messageContent: text });

    // Then a booking with 刘文博, his first free published slot from two days on, held for payment.
    const from = new Date(Date.now() + 48 * 3_600_000).toISOString();
    const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const free = await api('GET', `/api/expert/slots/${bookExpertId}?from=${from}&to=${to}`);
    const slot = free.body.data[0] as { id: number; startsAt: string; mode: 'online' | 'offline' };
    expect(slot, 'a free slot of 刘文博').toBeTruthy();
    const booked = await api('POST', '/api/booking/create', me, {
      slotId: slot.id,
      topic: '最近睡眠不好，想聊聊',
      contactPreference: 'chat',
    });
    expect(booked.status, booked.body.message).toBe(200);

    const r = await api('GET', '/api/consultations', me);
    expect(r.body.data.total).toBe(2);
    const [first, second] = r.body.data.list;
    // Newest contact first: the booking came after the chat.
    expect(first).toMatchObject({
      expert: { id: bookExpertId, name: '刘文博', institution: '广州晴川医院临床心理科' },
      chat: null,
      nextBooking: {
        id: booked.body.data.id,
        startsAt: slot.startsAt,
        mode: slot.mode,
        status: 'pending_payment',
      },
      bookingCount: 1,
    });
    expect(first.expert.title).toBeTruthy();
    expect(second).toMatchObject({
      expert: { id: chatExpertId, name: '王静怡' },
      chat: { id: chatId, unread: 2 },
      nextBooking: null,
      bookingCount: 0,
    });

    // Paged: one per page, the same total.
    const paged = await api('GET', '/api/consultations?pageNum=2&pageSize=1', me);
    expect(paged.body.data).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.body.data.list.map((x: { expert: { id: number } }) => x.expert.id)).toEqual([chatExpertId]);

    // Cancelled: no next booking, not counted, the expert stays in the list.
    await api('POST', `/api/booking/cancel/${booked.body.data.id}`, me, {});
    const after = await api('GET', '/api/consultations', me);
    expect(after.body.data.total).toBe(2);
    const liu = after.body.data.list.find((x: { expert: { id: number } }) => x.expert.id === bookExpertId);
    expect(liu).toMatchObject({ nextBooking: null, bookingCount: 0 });
  });

  it('shows only the caller’s own; needs a sign-in; refuses a bad page size in Chinese', async () => {
    const other = await newAccount('13712345102');
    expect((await api('GET', '/api/consultations', other)).body.data.total).toBe(0);
    expect((await api('GET', '/api/consultations')).status).toBe(401);
    const bad = await api('GET', '/api/consultations?pageSize=0', other);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^每页条数：/);
  });
});

describe(`the demo experts' portraits on ${testDbKind}`, () => {
  it('are seeded into public storage as real images, once, and never replace an uploaded avatar', async () => {
    const { storage } = ctx.app.deps;
    // 孙浩然 already chose his own photo (the avatar upload every account has): the seed leaves it.
    const own = 'avatar-own-photo.webp';
    await storage.put(
      own,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#88aacc' } })
        .webp()
        .toBuffer(),
    );
    await ctx.database.db.update(users).set({ avatar: own }).where(eq(users.telephone, '13800000014'));

    expect(await seedPortraits(ctx.database.db, storage)).toBe(3);
    expect(await seedPortraits(ctx.database.db, storage)).toBe(0);

    const list = (await api('GET', '/api/expert/list?pageSize=50')).body.data.list as {
      name: string;
      avatar: string | null;
    }[];
    const avatarOf = (name: string) => list.find((e) => e.name === name)?.avatar;
    expect(avatarOf('王静怡')).toBe('expert-portrait-13800000002.webp');
    expect(avatarOf('孙浩然')).toBe(own);
    const file = await storage.read('expert-portrait-13800000002.webp');
    const meta = await sharp(file!).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });
});
