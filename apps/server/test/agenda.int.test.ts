import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessments } from '../src/modules/assessments/assessments.table';
import { slots } from '../src/modules/availability/availability.table';
import { bookings } from '../src/modules/bookings/bookings.table';
import { transfers } from '../src/modules/transfers/transfers.table';
import { users } from '../src/modules/users/users.table';
import { warnings } from '../src/modules/warnings/warnings.table';
import { shanghaiInstant } from '../src/lib/time';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, login } from './helpers';

// 10:00 in Shanghai on a Thursday.
const clock = testClock(new Date('2026-12-03T02:00:00Z'));
const today = '2026-12-03';
const HOUR = 3_600_000;
const at = (time: string, date = today) => shanghaiInstant(date, time);

let ctx: TestContext;
let fresh: { id: number; token: string };
let other: { id: number; token: string };
const t = {} as Record<'user' | 'expert' | 'auditor', string>;
let userId: number;

const api = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** A new expert account with nothing on their desk yet, signed in. */
async function newExpert(telephone: string, name: string) {
  const [row] = await ctx.database.db
    .insert(users)
    .values({ telephone, name, role: 'expert' })
    .returning({ id: users.id });
  const token = await ctx.app.deps.services.sessions.create(ctx.database.db, row!.id, {
    ip: null,
    userAgent: null,
  });
  return { id: row!.id, token };
}

async function agenda(token: string) {
  return dataOf(await api('GET', '/api/expert/today', token)) as {
    date: string;
    sections: {
      key: string;
      count: number;
      urgent: number;
      note: string | null;
      items: {
        id: number;
        title: string;
        sub: string | null;
        at: string;
        level: number | null;
        tag: string | null;
      }[];
    }[];
  };
}
const section = async (token: string, key: string) =>
  (await agenda(token)).sections.find((s) => s.key === key)!;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: clock.clock });
  for (const who of ['user', 'expert', 'auditor'] as const) t[who] = await login(ctx.app, DEMO[who]);
  userId = (await api('GET', '/api/userinfo/info', t.user)).body.data.id;
  fresh = await newExpert('13900000031', '赵新');
  other = await newExpert('13900000032', '钱另');
});
afterAll(() => ctx.close());

describe(`今日待办 on ${testDbKind}`, () => {
  it('is for experts only', async () => {
    expect((await api('GET', '/api/expert/today')).status).toBe(401);
    expect((await api('GET', '/api/expert/today', t.user)).status).toBe(403);
    expect((await api('GET', '/api/expert/today', t.auditor)).status).toBe(403);
  });

  it('a new expert has every section, each empty, for the Shanghai date', async () => {
    const a = await agenda(fresh.token);
    expect(a.date).toBe(today);
    expect(a.sections.map((s) => s.key)).toEqual([
      'warnings',
      'bookings',
      'reports',
      'transfers',
      'cooperations',
      'chats',
      'feedback',
    ]);
    for (const s of a.sections) expect(s).toMatchObject({ count: 0, urgent: 0, note: null, items: [] });
  });

  it('pending warnings: counted per level, the highest level and then the oldest first', async () => {
    const scales = await api('GET', '/api/scale/list?pageSize=50');
    const phq9 = scales.body.data.list.find((x: { code: string }) => x.code === 'PHQ9').id;
    const started = await api('POST', '/api/assessment/start', t.user, { scaleId: phq9 });
    expect(started.status, started.body.message).toBe(200);
    const [assessment] = await ctx.database.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.id, started.body.data.id));
    const w = (
      expertId: number,
      level: number,
      hoursAgo: number,
      extra: Partial<typeof warnings.$inferInsert> = {},
    ) => ({
      assessmentId: assessment!.id,
      userId,
      expertId,
      level,
      reason: `原因${level}-${hoursAgo}`,
      scaleName: 'PHQ-9',
      createdAt: new Date(clock.clock().getTime() - hoursAgo * HOUR),
      ...extra,
    });
    await ctx.database.db.insert(warnings).values([
      w(fresh.id, 3, 2),
      w(fresh.id, 3, 30),
      w(fresh.id, 1, 80, { escalatedAt: new Date(clock.clock().getTime() - 8 * HOUR) }),
      w(fresh.id, 2, 5),
      // Not waiting: being followed up, or closed; and another expert's.
      w(fresh.id, 3, 1, { status: 'following' }),
      w(fresh.id, 2, 1, { status: 'closed' }),
      w(other.id, 3, 1),
    ]);
    const s = await section(fresh.token, 'warnings');
    expect(s).toMatchObject({ count: 4, urgent: 3, note: '三级 2 · 二级 1 · 一级 1' });
    expect(s.items.map((i) => [i.level, i.title, i.tag])).toEqual([
      [3, '张小雨 · 原因3-30', null],
      [3, '张小雨 · 原因3-2', null],
      [2, '张小雨 · 原因2-5', null],
      [1, '张小雨 · 原因1-80', '已超时'],
    ]);
    expect((await section(other.token, 'warnings')).count).toBe(1);
  });

  it("today's bookings: what is ahead first, the next hour counted as urgent, other days and cancelled ones left out", async () => {
    const book = async (start: Date, status: 'confirmed' | 'completed' | 'cancelled', topic: string) => {
      const [slot] = await ctx.database.db
        .insert(slots)
        .values({
          expertId: fresh.id,
          startsAt: start,
          endsAt: new Date(start.getTime() + 50 * 60_000),
          mode: 'online',
          source: 'manual',
          status: 'closed',
        })
        .returning();
      await ctx.database.db.insert(bookings).values({
        userId,
        expertId: fresh.id,
        slotId: slot!.id,
        status,
        startsAt: slot!.startsAt,
        endsAt: slot!.endsAt,
        mode: 'online',
        priceFen: 20000,
        topic,
        contactPreference: 'chat',
      });
    };
    await book(at('08:00'), 'completed', '早上');
    await book(at('09:40'), 'confirmed', '进行中的');
    await book(at('10:30'), 'confirmed', '马上');
    await book(at('15:00'), 'confirmed', '下午');
    await book(at('16:00'), 'cancelled', '取消的');
    await book(at('10:00', '2026-12-04'), 'confirmed', '明天');
    await book(at('23:30', '2026-12-02'), 'confirmed', '昨晚');
    const s = await section(fresh.token, 'bookings');
    expect(s).toMatchObject({ count: 3, urgent: 2, note: '今日共 4 场，已结束 1 场' });
    expect(s.items.map((i) => [i.title, i.sub, i.tag])).toEqual([
      ['09:40–10:30 张小雨', '进行中的', '进行中'],
      ['10:30–11:20 张小雨', '马上', '线上'],
      ['15:00–15:50 张小雨', '下午', '线上'],
      ['08:00–08:50 张小雨', '早上', '已结束'],
    ]);
  });

  it('unread chats: one per person, with how many messages wait', async () => {
    const begin = await api('POST', '/api/chat/begin', t.user, { receiverId: fresh.id });
    expect(begin.status, begin.body.message).toBe(200);
    const chatId = begin.body.data.chatId;
    for (const text of ['老师您好', '想预约下周的咨询'])
      expect(
        (await api('POST', '/api/chat/send', t.user, { chatId, messageType: '0', messageContent: text }))
          .status,
      ).toBe(200);
    const s = await section(fresh.token, 'chats');
    expect(s).toMatchObject({ count: 1, note: '共 2 条未读消息' });
    expect(s.items).toEqual([
      expect.objectContaining({ id: chatId, title: '张小雨', sub: '想预约下周的咨询', tag: '2 条未读' }),
    ]);
    // Reading the chat clears it; the expert's own reply is not unread for them.
    await api('GET', `/api/chat/messages?chatId=${chatId}`, fresh.token);
    expect((await section(fresh.token, 'chats')).count).toBe(0);
    const reply = await api('POST', '/api/chat/send', fresh.token, {
      chatId,
      messageType: '0',
      messageContent: '好的，请选一个时段',
    });
    expect(reply.status, reply.body.message).toBe(200);
    expect((await section(fresh.token, 'chats')).count).toBe(0);
    await api('POST', '/api/chat/send', t.user, { chatId, messageType: '0', messageContent: '谢谢老师' });
    expect(await section(fresh.token, 'chats')).toMatchObject({ count: 1, note: '共 1 条未读消息' });
  });

  it('cooperation invitations wait for the invited expert until answered', async () => {
    const invite = await api('POST', '/api/expert/cooperations', t.expert, {
      userId,
      inviteeId: fresh.id,
      scope: 'record_read',
      reason: '来访者睡眠问题突出，请从临床角度给些建议',
    });
    expect(invite.status, invite.body.message).toBe(200);
    const cid = invite.body.data.id;
    const s = await section(fresh.token, 'cooperations');
    expect(s).toMatchObject({ count: 1, urgent: 1 });
    expect(s.items).toEqual([
      expect.objectContaining({ id: cid, title: '王静怡 邀请你协作：张小雨', tag: '只读查阅档案' }),
    ]);
    // Nothing waits on the inviter's side.
    expect((await section(t.expert, 'cooperations')).items.map((i) => i.id)).not.toContain(cid);
    const accept = await api('POST', `/api/expert/cooperations/${cid}/accept`, fresh.token);
    expect(accept.status, accept.body.message).toBe(200);
    expect((await section(fresh.token, 'cooperations')).count).toBe(0);
  });

  it("reports to approve: the expert's own, as many as the approval list says", async () => {
    const s = await section(t.expert, 'reports');
    const list = await api('GET', '/api/expert/report-approvals?status=generated&pageSize=50', t.expert);
    expect(list.status, list.body.message).toBe(200);
    expect(s.count).toBe(list.body.data.counts.generated);
    expect(s.items.map((i) => i.id).sort()).toEqual(
      list.body.data.list
        .slice(0, 5)
        .map((r: { assessmentId: number }) => r.assessmentId)
        .sort(),
    );
    expect((await section(fresh.token, 'reports')).count).toBe(0);
  });

  it('transfers: a person approved to come to me, and my proposal the person declined', async () => {
    const propose = await api('POST', '/api/expert/transfers', t.expert, {
      userId,
      toExpertId: fresh.id,
      reason: '用户希望换一位擅长睡眠问题的老师',
      summary: '近两个月睡眠差，PHQ-9 曾提示中度；建议继续每周一次面谈。',
    });
    expect(propose.status, propose.body.message).toBe(200);
    const tid = propose.body.data.id;
    // Not the receiver's business until the person agreed and the auditor approved.
    expect((await section(fresh.token, 'transfers')).count).toBe(0);
    expect((await api('POST', `/api/user/transfers/${tid}/confirm`, t.user)).status).toBe(200);
    expect((await section(fresh.token, 'transfers')).count).toBe(0);
    const review = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, { approve: true });
    expect(review.status, review.body.message).toBe(200);
    const s = await section(fresh.token, 'transfers');
    expect(s).toMatchObject({ count: 1, note: '近 7 天' });
    expect(s.items).toEqual([
      expect.objectContaining({ id: tid, title: '张小雨 由 王静怡 转介给你', tag: '新转入' }),
    ]);
    // The proposer's part is done: nothing waits on their side.
    expect((await section(t.expert, 'transfers')).items.map((i) => i.id)).not.toContain(tid);

    // The new expert proposes it back; the person says no: that waits for the proposer.
    const back = await api('POST', '/api/expert/transfers', fresh.token, {
      userId,
      toExpertId: other.id,
      reason: '再次调整负责的老师',
      summary: '近两个月睡眠差，建议继续每周一次面谈。',
    });
    expect(back.status, back.body.message).toBe(200);
    const decline = await api('POST', `/api/user/transfers/${back.body.data.id}/decline`, t.user, {
      reason: '不想再换了',
    });
    expect(decline.status, decline.body.message).toBe(200);
    const after = await section(fresh.token, 'transfers');
    expect(after.count).toBe(2);
    expect(after.items[0]).toMatchObject({ id: back.body.data.id, tag: '用户已拒绝' });
    // Once a week has gone by neither is news any more.
    await ctx.database.db
      .update(transfers)
      .set({ updatedAt: new Date(clock.clock().getTime() - 8 * 24 * HOUR) })
      .where(inArray(transfers.id, [tid, back.body.data.id]));
    expect((await section(fresh.token, 'transfers')).count).toBe(0);
  });

  it("an expert's desk never shows another expert's things", async () => {
    const a = await agenda(other.token);
    const count = (k: string) => a.sections.find((s) => s.key === k)!.count;
    expect([count('bookings'), count('chats'), count('reports')]).toEqual([0, 0, 0]);
    const stranger = await ctx.database.db.select().from(users).where(eq(users.id, other.id));
    expect(stranger[0]!.role).toBe('expert');
  });
});
