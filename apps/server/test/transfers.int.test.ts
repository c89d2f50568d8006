import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { careAssignments } from '../src/modules/assignments/assignments.table';
import { bookings } from '../src/modules/bookings/bookings.table';
import { warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, notificationsTitled, scaleIdOf, signInAll, takePhq9 } from './helpers';

let ctx: TestContext;
type Who = 'user' | 'user2' | 'expert' | 'receiver' | 'stranger' | 'auditor';
const t = {} as Record<Who, string>;
const id = {} as Record<Who, number>;
let phq9: number;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const phones: Record<Who, string> = {
    user: DEMO.user,
    user2: '13800000021',
    expert: DEMO.expert,
    receiver: '13800000012',
    stranger: '13800000013',
    auditor: DEMO.auditor,
  };
  await signInAll(ctx.app, phones, t, id);
  phq9 = await scaleIdOf(ctx.app, 'PHQ9');
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

const proposal = (over: Record<string, unknown> = {}) => ({
  userId: id.user,
  toExpertId: id.receiver,
  reason: '用户近期搬到广州工作，希望就近面谈',
  summary: '近两个月睡眠差、情绪低落，PHQ-9 曾提示中度；已约谈两次，建议继续每周一次面谈。',
  ...over,
});

async function propose(over: Record<string, unknown> = {}): Promise<number> {
  return dataOf(await api('POST', '/api/expert/transfers', t.expert, proposal(over))).id;
}

/** Notifications of an account (after delivering every event) with this title. */
const notes = (who: Who, title: string) => notificationsTitled(ctx.app, t[who], title);

/** The demo user takes PHQ-9; item 9 above zero raises a level-3 warning. */
const userTakesPhq9 = (lastItem: number) =>
  takePhq9(ctx.app, t.user, { scaleId: phq9 }, { item9: lastItem, others: 2 });

const peopleOf = async (who: Who) =>
  ((await api('GET', '/api/expert/transfers/people', t[who])).body.data as { id: number }[]).map((p) => p.id);

describe(`transfers on ${testDbKind}: who may propose, and bad input`, () => {
  it('the demo user is the demo expert’s; the form offers them and other active experts', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(careAssignments)
      .where(eq(careAssignments.userId, id.user));
    expect(row?.expertId).toBe(id.expert);
    const people = await api('GET', '/api/expert/transfers/people?keyword=张', t.expert);
    expect(people.body.data[0]).toMatchObject({ id: id.user, name: '张小雨', telephone: '138****0001' });
    expect(await peopleOf('receiver')).not.toContain(id.user);
    const receivers = await api('GET', '/api/expert/transfers/receivers?keyword=刘', t.expert);
    expect(receivers.body.data).toEqual([
      expect.objectContaining({ id: id.receiver, name: '刘文博', institution: '广州晴川医院临床心理科' }),
    ]);
    const all = await api('GET', '/api/expert/transfers/receivers', t.expert);
    expect(all.body.data.map((e: { id: number }) => e.id)).not.toContain(id.expert);
  });

  it('answers bad input with 400 naming the field, never 500', async () => {
    const cases: [unknown, string][] = [
      [{ ...proposal(), userId: undefined }, '请选择要转介的用户'],
      [{ ...proposal(), userId: 'abc' }, '转介用户不正确'],
      [{ ...proposal(), toExpertId: 2147483648 }, '接收专家不正确'],
      [{ ...proposal(), reason: '搬家' }, '转介原因至少5个字'],
      [{ ...proposal(), summary: undefined }, '请填写给接收专家的情况摘要'],
      [{ ...proposal(), toExpertId: id.expert }, '不能转介给自己，请选择其他专家'],
      [{ ...proposal(), toExpertId: id.user2 }, '接收专家不存在或已停用'],
    ];
    for (const [body, message] of cases) {
      const r = await api('POST', '/api/expert/transfers', t.expert, body);
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    for (const [url, token, message] of [
      ['/api/expert/transfers/abc', t.expert, '转介编号不正确'],
      ['/api/expert/transfers/0', t.expert, '转介编号不正确'],
      ['/api/user/transfers/99999999999', t.user, '转介编号不正确'],
      ['/api/audit/transfers/1.5', t.auditor, '转介编号不正确'],
      ['/api/expert/transfers?direction=sideways', t.expert, '方向不正确'],
      ['/api/expert/transfers?status=done', t.expert, '状态不正确'],
    ] as const) {
      const r = await api('GET', url, token);
      expect([r.status, r.body.message], url).toEqual([400, message]);
    }
    const decline = await api('POST', '/api/user/transfers/1/decline', t.user, { reason: 'x'.repeat(301) });
    expect([decline.status, decline.body.message]).toEqual([400, '拒绝原因最多300个字']);
  });

  it('refuses a person the expert does not follow up (404), and the wrong roles', async () => {
    const r = await api('POST', '/api/expert/transfers', t.expert, proposal({ userId: id.user2 }));
    expect([r.status, r.body.message]).toEqual([404, '该用户不在您的服务对象中']);
    const byStranger = await api('POST', '/api/expert/transfers', t.stranger, proposal());
    expect(byStranger.status).toBe(404);
    expect((await api('POST', '/api/expert/transfers', t.user, proposal())).status).toBe(403);
    expect((await api('GET', '/api/audit/transfers/1', t.expert)).status).toBe(403);
    expect((await api('GET', '/api/expert/transfers', t.auditor)).status).toBe(403);
  });
});

describe(`a declined transfer on ${testDbKind}`, () => {
  let tid: number;

  it('waits for the person, who alone (with the proposer and auditors) may read it', async () => {
    tid = await propose();
    const mine = await api('GET', '/api/user/transfers', t.user);
    expect(mine.body.data).toMatchObject({ total: 1, waiting: 1 });
    expect(mine.body.data.list[0]).toMatchObject({ id: tid, status: 'requested', to: { name: '刘文博' } });
    const detail = await api('GET', `/api/user/transfers/${tid}`, t.user);
    expect(detail.body.data).toMatchObject({
      status: 'requested',
      summary: null,
      from: { id: id.expert, name: '王静怡' },
      to: { id: id.receiver, institution: '广州晴川医院临床心理科' },
      moves: { openWarnings: null },
      can: { confirm: true, decline: true, withdraw: false, review: false },
    });
    const asProposer = await api('GET', `/api/expert/transfers/${tid}`, t.expert);
    expect(asProposer.body.data).toMatchObject({ summary: proposal().summary, can: { withdraw: true } });
    // The receiver does not read what is said about the person before the person agreed.
    expect((await api('GET', `/api/expert/transfers/${tid}`, t.receiver)).status).toBe(404);
    const incoming = await api('GET', '/api/expert/transfers?direction=incoming', t.receiver);
    expect(incoming.body.data.total).toBe(0);
    expect((await api('GET', `/api/expert/transfers/${tid}`, t.stranger)).status).toBe(404);
    expect((await api('GET', `/api/user/transfers/${tid}`, t.user2)).status).toBe(404);
    expect((await api('GET', `/api/user/transfers/${tid}`, t.expert)).status).toBe(404);
    expect((await api('GET', `/api/audit/transfers/${tid}`, t.auditor)).body.data.can.review).toBe(false);
    const told = await notes('user', '有一条转介等待您确认');
    expect(told[0]).toMatchObject({ link: `/user/userConfirm/detail?id=${tid}` });
    expect(told[0]!.content).toContain('王静怡 老师建议由 刘文博 老师（广州晴川医院临床心理科）');
  });

  it('one open transfer a person at a time', async () => {
    const again = await api('POST', '/api/expert/transfers', t.expert, proposal());
    expect([again.status, again.body.message]).toEqual([409, '该用户已有进行中的转介，请等待其结束后再发起']);
  });

  it('an auditor cannot decide before the person confirmed', async () => {
    const early = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, { approve: true });
    expect([early.status, early.body.message]).toEqual([409, '用户尚未确认该转介，暂不能审核']);
    const inbox = await api('GET', '/api/audit/inbox?kind=transfer', t.auditor);
    expect(inbox.body.data.total).toBe(0);
  });

  it('declining changes nothing about the person’s care, and tells the proposer why', async () => {
    const r = await api('POST', `/api/user/transfers/${tid}/decline`, t.user, {
      reason: '我想继续和王老师聊',
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      status: 'declined_by_user',
      declineReason: '我想继续和王老师聊',
      can: { confirm: false, decline: false },
    });
    const [row] = await ctx.database.db
      .select()
      .from(careAssignments)
      .where(eq(careAssignments.userId, id.user));
    expect(row?.expertId).toBe(id.expert);
    expect(await peopleOf('expert')).toContain(id.user);
    expect(await peopleOf('receiver')).not.toContain(id.user);
    expect((await notes('expert', '用户拒绝了转介'))[0]!.content).toContain('原因：我想继续和王老师聊');
    // The receiver never heard of it.
    expect(await notes('receiver', '转介已取消')).toEqual([]);
    const late = await api('POST', `/api/user/transfers/${tid}/confirm`, t.user);
    expect([late.status, late.body.message]).toEqual([409, '该转介已结束']);
    const withdraw = await api('POST', `/api/expert/transfers/${tid}/withdraw`, t.expert);
    expect([withdraw.status, withdraw.body.message]).toEqual([409, '该转介已结束，不能撤回']);
    const counts = await api('GET', '/api/expert/transfers?status=declined_by_user', t.expert);
    expect(counts.body.data).toMatchObject({ total: 1, counts: { declined_by_user: 1, requested: 0 } });
  });
});

describe(`a withdrawn transfer on ${testDbKind}`, () => {
  let tid: number;

  it('the person confirms: it goes to the auditors and the receiver sees it', async () => {
    tid = await propose();
    const ok = await api('POST', `/api/user/transfers/${tid}/confirm`, t.user);
    expect(ok.body.data).toMatchObject({ status: 'user_confirmed', can: { confirm: false, decline: true } });
    const again = await api('POST', `/api/user/transfers/${tid}/confirm`, t.user);
    expect([again.status, again.body.message]).toEqual([409, '您已同意该转介，正在等待平台审核']);
    const inbox = await api('GET', '/api/audit/inbox?kind=transfer', t.auditor);
    expect(inbox.body.data.list[0]).toMatchObject({
      kind: 'transfer',
      itemId: tid,
      title: '张小雨：王静怡 → 刘文博',
      link: `/audit/archives/detail?id=${tid}`,
      submittedBy: { id: id.expert, name: '王静怡' },
    });
    const incoming = await api('GET', '/api/expert/transfers?direction=incoming', t.receiver);
    expect(incoming.body.data).toMatchObject({ total: 1, totals: { incoming: 1, outgoing: 0 } });
    const seen = await api('GET', `/api/expert/transfers/${tid}`, t.receiver);
    expect(seen.body.data).toMatchObject({ summary: proposal().summary, can: { withdraw: false } });
    expect((await notes('expert', '用户已同意转介')).length).toBe(1);
    expect((await notes('receiver', '有一位用户将转介给您')).length).toBe(1);
    expect((await notes('auditor', '新的转介待审核'))[0]!.link).toBe(`/audit/archives/detail?id=${tid}`);
  });

  it('only the proposer withdraws it; the review request is withdrawn with it', async () => {
    const byReceiver = await api('POST', `/api/expert/transfers/${tid}/withdraw`, t.receiver);
    expect([byReceiver.status, byReceiver.body.message]).toEqual([403, '只有发起转介的专家可以撤回']);
    expect((await api('POST', `/api/expert/transfers/${tid}/withdraw`, t.stranger)).status).toBe(404);
    const r = await api('POST', `/api/expert/transfers/${tid}/withdraw`, t.expert);
    expect(r.body.data).toMatchObject({ status: 'withdrawn', can: { withdraw: false } });
    expect(r.body.data.withdrawnAt).not.toBeNull();
    expect(r.body.data.review).toMatchObject({ reviewer: null, reason: '发起专家已撤回转介' });
    const pending = await api('GET', '/api/audit/inbox?kind=transfer', t.auditor);
    expect(pending.body.data.total).toBe(0);
    const withdrawn = await api('GET', '/api/audit/inbox?kind=transfer&status=withdrawn', t.auditor);
    expect(withdrawn.body.data.list[0]).toMatchObject({ itemId: tid, status: 'withdrawn' });
    const late = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, { approve: true });
    expect([late.status, late.body.message]).toEqual([409, '该转介不在待审核状态']);
    expect((await notes('user', '转介已撤回'))[0]!.content).toContain('为您服务的专家不变');
    expect((await notes('receiver', '转介已取消')).length).toBe(1);
    expect(await peopleOf('expert')).toContain(id.user);
  });
});

describe(`a rejected transfer on ${testDbKind}`, () => {
  it('needs a reason, moves nothing and tells all three', async () => {
    const tid = await propose();
    await api('POST', `/api/user/transfers/${tid}/confirm`, t.user);
    const noReason = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, { approve: false });
    expect([noReason.status, noReason.body.message]).toEqual([400, '请填写驳回原因']);
    const r = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, {
      approve: false,
      reason: '接收专家本月已满额，请改选其他专家',
    });
    expect(r.status, r.body.message).toBe(200);
    const d = await api('GET', `/api/audit/transfers/${tid}`, t.auditor);
    expect(d.body.data).toMatchObject({
      status: 'rejected',
      review: { reviewer: '陈思远', reason: '接收专家本月已满额，请改选其他专家' },
      can: { review: false },
    });
    expect(await peopleOf('expert')).toContain(id.user);
    expect(await peopleOf('receiver')).not.toContain(id.user);
    expect((await notes('expert', '转介未通过审核'))[0]!.content).toContain('原因：接收专家本月已满额');
    expect((await notes('user', '转介未通过审核'))[0]!.content).toContain('仍是 王静怡 老师');
    expect((await notes('receiver', '转介未通过审核')).length).toBe(1);
    // The review workflow's own message to the submitter is not sent twice.
    expect(await notes('expert', '审核未通过')).toEqual([]);
  });
});

describe(`an approved transfer on ${testDbKind}`, () => {
  let tid: number;
  let openAid: number;
  let closedWarning: number;
  let openWarning: number;
  let bookingId: number;

  it('starts from the person’s history, a closed and an open warning, and a booking with the old expert', async () => {
    const closedAid = await userTakesPhq9(2);
    openAid = await userTakesPhq9(3);
    await ctx.app.deps.events.drain();
    const ws = await ctx.database.db.select().from(warnings).where(eq(warnings.userId, id.user));
    closedWarning = ws.find((w) => w.assessmentId === closedAid)!.id;
    openWarning = ws.find((w) => w.assessmentId === openAid)!.id;
    expect(ws.every((w) => w.expertId === id.expert)).toBe(true);
    const close = await api('POST', `/api/expert/warnings/${closedWarning}/progress`, t.expert, {
      status: 'closed',
      note: '已面谈，情况稳定',
    });
    expect(close.status, close.body.message).toBe(200);
    const slots = (await api('GET', `/api/expert/detail/${id.expert}`)).body.data.slots as { id: number }[];
    const booked = await api('POST', '/api/booking/create', t.user, {
      slotId: slots[0]!.id,
      topic: '想聊聊最近的睡眠',
      contactPreference: 'chat',
    });
    expect(booked.status, booked.body.message).toBe(200);
    bookingId = booked.body.data.id;
    // Before the transfer the receiver reads none of it.
    expect((await api('GET', `/api/expert/assessments/${openAid}`, t.receiver)).status).toBe(404);
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.receiver)).status).toBe(404);
  });

  it('the person confirms, an auditor approves: assignment and open warnings move in one step', async () => {
    tid = await propose();
    const before = await api('GET', `/api/expert/transfers/${tid}`, t.expert);
    expect(before.body.data.moves).toEqual({ assessments: 2, openWarnings: 1 });
    await api('POST', `/api/user/transfers/${tid}/confirm`, t.user);
    const r = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, {
      approve: true,
      reason: '同意，就近服务',
    });
    expect([r.status, r.body.message]).toEqual([200, '已通过，转介已生效']);
    const [row] = await ctx.database.db
      .select()
      .from(careAssignments)
      .where(eq(careAssignments.userId, id.user));
    expect(row?.expertId).toBe(id.receiver);
    expect(await peopleOf('receiver')).toContain(id.user);
    expect(await peopleOf('expert')).not.toContain(id.user);
    const [open] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, openWarning));
    const [closed] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, closedWarning));
    expect(open!.expertId).toBe(id.receiver);
    expect(closed!.expertId).toBe(id.expert);
    const list = await api('GET', '/api/expert/warnings?status=pending', t.receiver);
    expect(list.body.data.list.map((w: { id: number }) => w.id)).toContain(openWarning);
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.expert)).status).toBe(404);
    const detail = await api('GET', `/api/expert/transfers/${tid}`, t.receiver);
    expect(detail.body.data).toMatchObject({
      status: 'approved',
      review: { reviewer: '陈思远', reason: '同意，就近服务' },
    });
    expect(detail.body.data.review.decidedAt).not.toBeNull();
  });

  it('the receiver reads the person’s history through the expert views; bookings are untouched', async () => {
    const history = await api('GET', `/api/expert/assessments?userId=${id.user}`, t.receiver);
    expect(history.body.data.total).toBe(2);
    expect(history.body.data.list[0].user).toMatchObject({ id: id.user });
    const one = await api('GET', `/api/expert/assessments/${openAid}`, t.receiver);
    expect(one.status).toBe(200);
    expect(one.body.data.user.name).toBe('张小雨');
    // The expert who followed those assessments up keeps their records; a stranger still sees none.
    expect((await api('GET', `/api/expert/assessments/${openAid}`, t.expert)).status).toBe(200);
    expect((await api('GET', `/api/expert/assessments/${openAid}`, t.stranger)).status).toBe(404);
    const [b] = await ctx.database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(b).toMatchObject({ expertId: id.expert, userId: id.user, status: 'pending_payment' });
    // What comes next is the receiver's: a new assessment and its warning.
    const next = await userTakesPhq9(4);
    await ctx.app.deps.events.drain();
    const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, next));
    expect(w!.expertId).toBe(id.receiver);
    expect((await api('GET', `/api/expert/assessments/${next}`, t.expert)).status).toBe(404);
  });

  it('tells everyone, and nothing more can happen to it', async () => {
    expect((await notes('user', '转介已完成'))[0]!.content).toContain('由 刘文博 老师');
    expect((await notes('expert', '转介已通过')).length).toBe(1);
    expect((await notes('receiver', '转介已生效'))[0]!.link).toBe(
      `/expert/archives/transferDetail?id=${tid}`,
    );
    const again = await api('POST', `/api/audit/transfers/${tid}/review`, t.auditor, { approve: true });
    expect(again.status).toBe(409);
    expect((await api('POST', `/api/expert/transfers/${tid}/withdraw`, t.expert)).status).toBe(409);
    // Declining needs no body (the reason is optional), but not after the decision.
    const dec = await api('POST', `/api/user/transfers/${tid}/decline`, t.user);
    expect([dec.status, dec.body.message]).toEqual([409, '该转介已结束，不能再拒绝']);
    const approved = await api('GET', '/api/audit/inbox?kind=transfer&status=approved', t.auditor);
    expect(approved.body.data.list[0]).toMatchObject({ itemId: tid, reviewer: { name: '陈思远' } });
    // The old expert may no longer propose moving the person; the receiver now may.
    const old = await api('POST', '/api/expert/transfers', t.expert, proposal({ toExpertId: id.stranger }));
    expect(old.status).toBe(404);
    const outgoing = await api('GET', '/api/expert/transfers', t.expert);
    expect(outgoing.body.data.totals).toEqual({ outgoing: 4, incoming: 0 });
    expect(outgoing.body.data.counts).toMatchObject({
      approved: 1,
      rejected: 1,
      withdrawn: 1,
      declined_by_user: 1,
    });
  });
});
