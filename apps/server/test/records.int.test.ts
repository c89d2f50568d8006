import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoSessions } from '../src/db/seed';
import { auditLogs } from '../src/modules/audit/audit.table';
import { bookings } from '../src/modules/bookings/bookings.table';
import { cooperations } from '../src/modules/cooperations/cooperations.table';
import { sessionNotes } from '../src/modules/session-notes/session-notes.table';
import { warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, notificationsTitled, scaleIdOf, signInAll, takePhq9 } from './helpers';

let ctx: TestContext;
// expert: the demo expert, assigned to the demo user; guest: 刘文博, invited; helper: 孙浩然,
// invited with the warnings in scope; stranger: 周晓琳, never on the case.
type Who = 'user' | 'user2' | 'expert' | 'guest' | 'helper' | 'stranger' | 'auditor';
const t = {} as Record<Who, string>;
const id = {} as Record<Who, number>;
let phq9: number;
let openWarning: number;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const phones: Record<Who, string> = {
    user: DEMO.user,
    user2: '13800000021',
    expert: DEMO.expert,
    guest: '13800000012',
    helper: '13800000014',
    stranger: '13800000013',
    auditor: DEMO.auditor,
  };
  await signInAll(ctx.app, phones, t, id);
  phq9 = await scaleIdOf(ctx.app, 'PHQ9');
  // Two takes of PHQ-9: a calm one, then one with item 9 above zero (a level-3 warning).
  await userTakesPhq9(1);
  const second = await userTakesPhq9(3);
  const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, second));
  openWarning = w!.id;
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** The demo user takes PHQ-9; item 9 above zero raises a level-3 warning. */
const userTakesPhq9 = (lastItem: number) =>
  takePhq9(ctx.app, t.user, { scaleId: phq9 }, { item9: lastItem, others: 2 });

const invitation = (over: Record<string, unknown> = {}) => ({
  userId: id.user,
  inviteeId: id.guest,
  scope: 'record_read',
  reason: '来访者睡眠问题突出，请刘医生从临床角度给些建议',
  ...over,
});

async function invite(over: Record<string, unknown> = {}): Promise<number> {
  return dataOf(await api('POST', '/api/expert/cooperations', t.expert, invitation(over))).id;
}

/** Notifications of an account (after delivering every event) with this title. */
const notes = (who: Who, title: string) => notificationsTitled(ctx.app, t[who], title);

const record = (who: Who, userId = id.user) => api('GET', `/api/expert/records/${userId}`, t[who]);

/** How many openings of the demo user's record the audit log holds, by outcome. */
async function openings(outcome: 'success' | 'failure', by?: Who) {
  const rows = await ctx.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'record_view'), eq(auditLogs.outcome, outcome)));
  return rows.filter((r) => r.detail?.personId === id.user && (by === undefined || r.userId === id[by]));
}

describe(`cooperation: who may invite, and bad input, on ${testDbKind}`, () => {
  it('answers bad input with 400 naming the field, never 500, and writes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ ...invitation(), userId: undefined }, '请选择协作的用户'],
      [{ ...invitation(), userId: 'abc' }, '协作用户不正确'],
      [{ ...invitation(), inviteeId: 2147483648 }, '受邀专家不正确'],
      [{ ...invitation(), inviteeId: undefined }, '请选择受邀专家'],
      [{ ...invitation(), scope: 'everything' }, '请选择协作范围'],
      [{ ...invitation(), reason: '看看' }, '邀请原因至少5个字'],
      [{ ...invitation(), reason: 'x'.repeat(501) }, '邀请原因最多500个字'],
      [{ ...invitation(), inviteeId: id.expert }, '不能邀请自己，请选择其他专家'],
      [{ ...invitation(), inviteeId: id.user2 }, '受邀专家不存在或已停用'],
      [{ ...invitation(), inviteeId: id.auditor }, '受邀专家不存在或已停用'],
    ];
    for (const [body, message] of cases) {
      const r = await api('POST', '/api/expert/cooperations', t.expert, body);
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    for (const [url, message] of [
      ['/api/expert/cooperations/abc', '协作编号不正确'],
      ['/api/expert/cooperations/0', '协作编号不正确'],
      ['/api/expert/cooperations/99999999999/messages', '协作编号不正确'],
      ['/api/expert/cooperations?direction=sideways', '方向不正确'],
      ['/api/expert/cooperations?status=done', '状态不正确'],
      ['/api/expert/records/abc', '用户不正确'],
      ['/api/expert/records/0', '用户不正确'],
    ] as const) {
      const r = await api('GET', url, t.expert);
      expect([r.status, r.body.message], url).toEqual([400, message]);
    }
    const long = await api('POST', '/api/expert/cooperations/1/decline', t.guest, {
      reason: 'x'.repeat(301),
    });
    expect([long.status, long.body.message]).toEqual([400, '原因最多300个字']);
    const empty = await api('POST', '/api/expert/cooperations/1/messages', t.guest, { body: '   ' });
    expect([empty.status, empty.body.message]).toEqual([400, '请输入讨论内容']);
    expect(await ctx.database.db.select().from(cooperations)).toEqual([]);
  });

  it('refuses a person the expert does not serve (404), and the wrong roles', async () => {
    const r = await api('POST', '/api/expert/cooperations', t.expert, invitation({ userId: id.user2 }));
    expect([r.status, r.body.message]).toEqual([404, '该用户不在您的服务对象中']);
    // Only the person's own expert invites: not the expert about to be invited, not another one.
    expect((await api('POST', '/api/expert/cooperations', t.stranger, invitation())).status).toBe(404);
    const notAPerson = await api(
      'POST',
      '/api/expert/cooperations',
      t.expert,
      invitation({ userId: id.auditor }),
    );
    expect(notAPerson.status).toBe(404);
    expect((await api('POST', '/api/expert/cooperations', t.user, invitation())).status).toBe(403);
    expect((await api('GET', '/api/expert/cooperations', t.auditor)).status).toBe(403);
    expect((await api('GET', '/api/expert/cooperations', t.user)).status).toBe(403);
  });

  it('offers the people the expert serves and the other active experts', async () => {
    const people = await api('GET', '/api/expert/cooperations/people?keyword=张', t.expert);
    expect(people.body.data[0]).toMatchObject({ id: id.user, name: '张小雨', telephone: '138****0001' });
    const invitees = await api('GET', '/api/expert/cooperations/invitees?keyword=刘', t.expert);
    expect(invitees.body.data).toEqual([
      expect.objectContaining({ id: id.guest, name: '刘文博', institution: '广州晴川医院临床心理科' }),
    ]);
    const all = await api('GET', '/api/expert/cooperations/invitees', t.expert);
    expect(all.body.data.map((e: { id: number }) => e.id)).not.toContain(id.expert);
  });
});

describe(`the record before anyone is invited, on ${testDbKind}`, () => {
  it('opens for the person’s expert with every part of the timeline and one trend per scale', async () => {
    const r = await record('expert');
    expect(r.status, r.body.message).toBe(200);
    const d = r.body.data;
    expect(d.person).toMatchObject({
      id: id.user,
      name: '张小雨',
      gender: 'female',
      telephone: DEMO.user,
      institution: '北京心晴心理咨询中心',
      assignedExpert: '王静怡',
    });
    expect(d.access).toEqual({ via: 'assigned', cooperationId: null, scope: null });
    expect(d.can.followUpWarnings).toBe(true);
    // The seed's one past consultation with the demo expert (left for feedback), without a note.
    expect(d.counts).toMatchObject({ assessments: 2, openWarnings: 1, bookings: 1, notes: 0 });
    expect(d.trends).toHaveLength(1);
    expect(d.trends[0]).toMatchObject({ shortName: 'PHQ-9', scoreLabel: '总分' });
    expect(d.trends[0].points).toHaveLength(2);
    expect(d.trends[0].points[0].score).toBeLessThan(d.trends[0].points[1].score);
    const kinds = d.timeline.map((e: { kind: string }) => e.kind);
    expect(kinds).toContain('assessment');
    expect(kinds).toContain('warning');
    const w = d.timeline.find(
      (e: { kind: string; id: number }) => e.kind === 'warning' && e.id === openWarning,
    );
    expect(w).toMatchObject({ level: 3, status: 'pending', canFollowUp: true });
    // Newest first.
    const times = d.timeline.map((e: { at: string }) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is 404 for another expert, the person, another user, and for an account that is no person', async () => {
    for (const who of ['stranger', 'guest', 'helper', 'user', 'user2'] as const) {
      const r = await record(who);
      expect([r.status, r.body.message], who).toEqual([404, '心理档案不存在']);
    }
    expect((await record('auditor', id.expert)).status).toBe(404);
    expect((await record('expert', 2_000_000)).status).toBe(404);
    expect((await api('GET', `/api/expert/records/${id.user}`)).status).toBe(401);
  });

  it('opens for auditors, with every part and the phone', async () => {
    const r = await record('auditor');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ access: { via: 'auditor' }, person: { telephone: DEMO.user } });
  });

  it('writes every opening and every refusal to the audit log', async () => {
    expect(await openings('success', 'expert')).toHaveLength(1);
    expect(await openings('success', 'auditor')).toHaveLength(1);
    const refused = await openings('failure');
    expect(refused.map((r) => r.userId).sort()).toEqual(
      [id.stranger, id.guest, id.helper, id.user, id.user2].sort(),
    );
    const [row] = await openings('success', 'expert');
    expect(row).toMatchObject({ targetUserId: id.user, detail: { via: 'assigned', personId: id.user } });
    await record('expert');
    expect(await openings('success', 'expert')).toHaveLength(2);
  });
});

describe(`a declined and a withdrawn invitation, on ${testDbKind}`, () => {
  it('the invited expert declines with a reason; the inviter hears why; nothing opens', async () => {
    const cid = await invite();
    const seen = await api('GET', `/api/expert/cooperations/${cid}`, t.guest);
    expect(seen.body.data).toMatchObject({
      status: 'invited',
      side: 'invitee',
      scope: 'record_read',
      person: { id: id.user, name: '张小雨' },
      inviter: { id: id.expert, name: '王静怡' },
      can: { accept: true, decline: true, withdraw: false, end: false, post: true, readRecord: false },
    });
    expect((await notes('guest', '新的协作邀请'))[0]).toMatchObject({
      link: `/expert/archives/cooperationDetail?id=${cid}`,
    });
    // Invited is not accepted: the record stays closed.
    expect((await record('guest')).status).toBe(404);
    const again = await api('POST', '/api/expert/cooperations', t.expert, invitation());
    expect([again.status, again.body.message]).toEqual([409, '您与该专家已有关于该用户的进行中的协作']);
    const byInviter = await api('POST', `/api/expert/cooperations/${cid}/decline`, t.expert);
    expect([byInviter.status, byInviter.body.message]).toEqual([403, '只有受邀专家可以拒绝邀请']);
    const r = await api('POST', `/api/expert/cooperations/${cid}/decline`, t.guest, {
      reason: '本月门诊已满',
    });
    expect(r.body.data).toMatchObject({
      status: 'declined',
      closingReason: '本月门诊已满',
      can: { accept: false },
    });
    expect(r.body.data.respondedAt).not.toBeNull();
    expect((await notes('expert', '协作邀请被拒绝'))[0]!.content).toContain('原因：本月门诊已满');
    const late = await api('POST', `/api/expert/cooperations/${cid}/accept`, t.guest);
    expect([late.status, late.body.message]).toEqual([409, '该邀请已处理，不能再接受']);
    expect((await api('POST', `/api/expert/cooperations/${cid}/withdraw`, t.expert)).status).toBe(409);
    const post = await api('POST', `/api/expert/cooperations/${cid}/messages`, t.guest, { body: '抱歉' });
    expect([post.status, post.body.message]).toEqual([409, '协作已结束，不能再发言']);
    // The person hears nothing of an invitation nobody accepted.
    expect(await notes('user', '有专家参与了您的个案')).toEqual([]);
  });

  it('the inviter withdraws an unanswered invitation; only they may', async () => {
    const cid = await invite({ scope: 'record_and_warnings' });
    const byGuest = await api('POST', `/api/expert/cooperations/${cid}/withdraw`, t.guest);
    expect([byGuest.status, byGuest.body.message]).toEqual([403, '只有发起协作的专家可以撤回邀请']);
    expect((await api('POST', `/api/expert/cooperations/${cid}/withdraw`, t.stranger)).status).toBe(404);
    const early = await api('POST', `/api/expert/cooperations/${cid}/end`, t.expert);
    expect([early.status, early.body.message]).toEqual([409, '只有协作中的协作可以结束']);
    const r = await api('POST', `/api/expert/cooperations/${cid}/withdraw`, t.expert);
    expect(r.body.data).toMatchObject({ status: 'withdrawn', can: { withdraw: false, post: false } });
    expect(r.body.data.closedAt).not.toBeNull();
    expect((await notes('guest', '协作邀请已撤回')).length).toBe(1);
    expect((await api('POST', `/api/expert/cooperations/${cid}/accept`, t.guest)).status).toBe(409);
  });
});

describe(`an accepted cooperation, read only, on ${testDbKind}`, () => {
  let cid: number;

  it('the invited expert accepts: the inviter and the person are told', async () => {
    cid = await invite();
    const byInviter = await api('POST', `/api/expert/cooperations/${cid}/accept`, t.expert);
    expect([byInviter.status, byInviter.body.message]).toEqual([403, '只有受邀专家可以接受邀请']);
    expect((await api('POST', `/api/expert/cooperations/${cid}/accept`, t.stranger)).status).toBe(404);
    const r = await api('POST', `/api/expert/cooperations/${cid}/accept`, t.guest);
    expect([r.status, r.body.message]).toEqual([200, '已接受协作邀请']);
    expect(r.body.data).toMatchObject({
      status: 'accepted',
      can: { accept: false, decline: false, end: true, post: true, readRecord: true },
    });
    const twice = await api('POST', `/api/expert/cooperations/${cid}/accept`, t.guest);
    expect(twice.status).toBe(409);
    expect((await api('POST', `/api/expert/cooperations/${cid}/withdraw`, t.expert)).status).toBe(409);
    expect((await api('POST', `/api/expert/cooperations/${cid}/decline`, t.guest)).status).toBe(409);
    expect((await notes('expert', '协作邀请已接受')).length).toBe(1);
    const told = await notes('user', '有专家参与了您的个案');
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe('/user/recordViews');
    expect(told[0]!.content).toContain('王静怡 老师邀请了 刘文博 老师（广州晴川医院临床心理科）');
    expect(told[0]!.content).not.toContain('协助跟进预警');
  });

  it('lists it on both sides with counts, and nobody else reads it', async () => {
    const sent = await api('GET', '/api/expert/cooperations?direction=sent', t.expert);
    expect(sent.body.data).toMatchObject({
      total: 3,
      totals: { sent: 3, received: 0 },
      counts: { accepted: 1, declined: 1, withdrawn: 1, invited: 0, ended: 0 },
    });
    // The active one first.
    expect(sent.body.data.list[0]).toMatchObject({ id: cid, status: 'accepted' });
    const received = await api('GET', '/api/expert/cooperations?direction=received&status=accepted', t.guest);
    expect(received.body.data).toMatchObject({ total: 1, totals: { sent: 0, received: 3 } });
    const paged = await api('GET', '/api/expert/cooperations?pageSize=1&pageNum=2', t.expert);
    expect(paged.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(paged.body.data.list).toHaveLength(1);
    for (const who of ['stranger', 'helper'] as const)
      expect((await api('GET', `/api/expert/cooperations/${cid}`, t[who])).status).toBe(404);
    expect((await api('GET', `/api/expert/cooperations/${cid}/messages`, t.stranger)).status).toBe(404);
  });

  it('the two experts discuss the case', async () => {
    const a = await api('POST', `/api/expert/cooperations/${cid}/messages`, t.expert, {
      body: '  刘医生好，她最近入睡困难，想听听您的建议。 ',
    });
    expect(a.status, a.body.message).toBe(200);
    const b = await api('POST', `/api/expert/cooperations/${cid}/messages`, t.guest, {
      body: '建议先做睡眠日记两周。',
    });
    expect(
      b.body.data.map((m: { author: { name: string }; body: string }) => [m.author.name, m.body]),
    ).toEqual([
      ['王静怡', '刘医生好，她最近入睡困难，想听听您的建议。'],
      ['刘文博', '建议先做睡眠日记两周。'],
    ]);
    const list = await api('GET', `/api/expert/cooperations/${cid}/messages`, t.expert);
    expect(list.body.data).toHaveLength(2);
    const long = await api('POST', `/api/expert/cooperations/${cid}/messages`, t.guest, {
      body: 'x'.repeat(1001),
    });
    expect([long.status, long.body.message]).toEqual([400, '讨论内容最多1000个字']);
  });

  it('the cooperating expert reads the record, phone masked, and cannot follow up warnings', async () => {
    const r = await record('guest');
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      access: { via: 'cooperation', cooperationId: cid, scope: 'record_read' },
      can: { followUpWarnings: false },
      person: { telephone: '138****0001' },
    });
    const w = r.body.data.timeline.find(
      (e: { kind: string; id: number }) => e.kind === 'warning' && e.id === openWarning,
    );
    expect(w.canFollowUp).toBe(false);
    // A cooperating expert reads the cooperations they are part of only.
    const coops = r.body.data.timeline.filter((e: { kind: string }) => e.kind === 'cooperation');
    expect(coops.map((c: { id: number }) => c.id)).toContain(cid);
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.guest)).status).toBe(404);
    const progress = await api('POST', `/api/expert/warnings/${openWarning}/progress`, t.guest, {
      status: 'following',
      note: '已电话联系',
    });
    expect(progress.status).toBe(404);
    expect(await openings('success', 'guest')).toHaveLength(1);
    expect((await openings('success', 'guest'))[0]!.detail).toMatchObject({
      via: 'cooperation',
      cooperationId: cid,
    });
    // Still closed to the expert who was never invited.
    expect((await record('stranger')).status).toBe(404);
  });
});

describe(`a cooperation with the warnings in scope, ended, on ${testDbKind}`, () => {
  let cid: number;

  it('lets the invited expert follow up the person’s warnings while it lasts', async () => {
    cid = await invite({ inviteeId: id.helper, scope: 'record_and_warnings' });
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.helper)).status).toBe(404);
    await api('POST', `/api/expert/cooperations/${cid}/accept`, t.helper);
    const told = await notes('user', '有专家参与了您的个案');
    expect(told.some((n) => n.content.includes('孙浩然') && n.content.includes('并协助跟进预警'))).toBe(true);
    const r = await record('helper');
    expect(r.body.data).toMatchObject({
      access: { scope: 'record_and_warnings' },
      can: { followUpWarnings: true },
      person: { telephone: DEMO.user },
    });
    const w = r.body.data.timeline.find(
      (e: { kind: string; id: number }) => e.kind === 'warning' && e.id === openWarning,
    );
    expect(w.canFollowUp).toBe(true);
    // The other cooperation (with 刘文博) is not theirs to read.
    const coops = r.body.data.timeline.filter((e: { kind: string }) => e.kind === 'cooperation');
    expect(coops.map((c: { id: number }) => c.id)).toEqual([cid]);
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.helper)).status).toBe(200);
    const progress = await api('POST', `/api/expert/warnings/${openWarning}/progress`, t.helper, {
      status: 'following',
      note: '协作专家已电话联系来访者，约定本周面谈。',
    });
    expect(progress.status, progress.body.message).toBe(200);
    const detail = await api('GET', `/api/expert/warnings/${openWarning}`, t.expert);
    expect(detail.body.data).toMatchObject({ status: 'following' });
    expect(detail.body.data.progress.at(-1)).toMatchObject({ actorName: '孙浩然' });
    // Still the assigned expert's warning: it stays out of the helper's own list.
    const list = await api('GET', '/api/expert/warnings', t.helper);
    expect(list.body.data.list.map((x: { id: number }) => x.id)).not.toContain(openWarning);
  });

  it('either expert ends it; then the record and the warnings close again', async () => {
    const r = await api('POST', `/api/expert/cooperations/${cid}/end`, t.helper, { reason: '已完成评估' });
    expect(r.body.data).toMatchObject({
      status: 'ended',
      closingReason: '已完成评估',
      endedBy: { id: id.helper, name: '孙浩然' },
      can: { end: false, post: false, readRecord: false },
    });
    expect((await notes('expert', '协作已结束'))[0]!.content).toContain(
      '孙浩然 老师结束了关于 张小雨 的个案协作，原因：已完成评估',
    );
    expect((await record('helper')).status).toBe(404);
    expect((await api('GET', `/api/expert/warnings/${openWarning}`, t.helper)).status).toBe(404);
    const again = await api('POST', `/api/expert/cooperations/${cid}/end`, t.expert);
    expect(again.status).toBe(409);
    // Ended, the pair may work together on the case again.
    const next = await invite({ inviteeId: id.helper });
    const byInviter = await api('POST', `/api/expert/cooperations/${next}/withdraw`, t.expert);
    expect(byInviter.body.data.status).toBe('withdrawn');
  });

  it('the inviter ends the read-only one too; the invited expert hears of it', async () => {
    const [c] = await ctx.database.db
      .select()
      .from(cooperations)
      .where(and(eq(cooperations.inviteeId, id.guest), eq(cooperations.status, 'accepted')));
    const r = await api('POST', `/api/expert/cooperations/${c!.id}/end`, t.expert);
    expect(r.body.data).toMatchObject({ status: 'ended', endedBy: { name: '王静怡' }, closingReason: null });
    expect((await notes('guest', '协作已结束')).length).toBe(1);
    expect((await record('guest')).status).toBe(404);
    // The thread stays readable, closed to new messages.
    expect((await api('GET', `/api/expert/cooperations/${c!.id}/messages`, t.guest)).body.data).toHaveLength(
      2,
    );
  });
});

describe(`the person's 档案查阅记录, on ${testDbKind}`, () => {
  it('lists every opening, newest first, with the viewer’s role and name; auditors unnamed', async () => {
    const r = await api('GET', '/api/user/record-views?pageSize=50', t.user);
    expect(r.status, r.body.message).toBe(200);
    const d = r.body.data;
    const successes = await openings('success');
    expect(d.total).toBe(successes.length);
    const viewers = d.list.map(
      (v: { viewer: { role: string; name: string } }) => `${v.viewer.role}:${v.viewer.name}`,
    );
    expect(viewers).toContain('负责专家:王静怡');
    expect(viewers).toContain('协作专家:刘文博');
    expect(viewers).toContain('协作专家:孙浩然');
    expect(viewers).toContain('平台审核员:平台审核员');
    expect(viewers.join()).not.toContain('陈思远');
    const wang = d.list.find((v: { viewer: { name: string } }) => v.viewer.name === '王静怡');
    expect(wang.viewer).toMatchObject({ title: '国家二级心理咨询师', institution: '北京心晴心理咨询中心' });
    const times = d.list.map((v: { at: string }) => Date.parse(v.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The experts consulted on the case (accepted, then ended).
    expect(
      d.consulted.map((c: { expert: { name: string }; active: boolean }) => [c.expert.name, c.active]),
    ).toEqual(
      expect.arrayContaining([
        ['刘文博', false],
        ['孙浩然', false],
      ]),
    );
    const paged = await api('GET', '/api/user/record-views?pageSize=2&pageNum=2', t.user);
    expect(paged.body.data).toMatchObject({ pageNum: 2, pageSize: 2, total: d.total });
    expect(paged.body.data.list).toHaveLength(2);
  });

  it('shows another person only their own (nothing), needs a sign-in, refuses a bad page', async () => {
    const other = await api('GET', '/api/user/record-views', t.user2);
    expect(other.body.data).toMatchObject({ total: 0, list: [], consulted: [] });
    expect((await api('GET', '/api/user/record-views')).status).toBe(401);
    expect((await api('GET', '/api/user/record-views?pageSize=0', t.user)).status).toBe(400);
  });
});

describe(`session notes on ${testDbKind}`, () => {
  let done: number[];
  let open: number;
  const body = {
    topic: '同事关系与焦虑',
    risk: 'medium',
    nextStep: '下周复谈，练习自信表达；如焦虑加重建议复测 GAD-7。',
    content: '来访者描述与同事冲突后的反复担忧，睡眠较上次改善。评估无自伤风险。',
  };

  it('the demo seed adds two completed, paid sessions (one with a note), once', async () => {
    const completed = async () =>
      (await ctx.database.db.select().from(bookings).where(eq(bookings.userId, id.user))).filter(
        (b) => b.status === 'completed',
      );
    // The tests' seed has one past consultation of its own (left for feedback), without a note.
    const before = new Set((await completed()).map((b) => b.id));
    expect(await seedDemoSessions(ctx.database.db)).toBe(2);
    expect(await seedDemoSessions(ctx.database.db)).toBe(0);
    const rows = (await completed()).filter((b) => !before.has(b.id));
    done = rows.map((b) => b.id);
    expect(done).toHaveLength(2);
    expect(rows.every((b) => b.orderId !== null && b.expertId === id.expert)).toBe(true);
    expect(await ctx.database.db.select().from(sessionNotes)).toHaveLength(1);
    // A booking still to come, not completed.
    const slots = (await api('GET', `/api/expert/detail/${id.expert}`)).body.data.slots as { id: number }[];
    const booked = await api('POST', '/api/booking/create', t.user, {
      slotId: slots[0]!.id,
      topic: '想继续聊聊工作',
      contactPreference: 'chat',
    });
    open = booked.body.data.id;
  });

  it('the booking’s expert writes the note after the session, and edits it', async () => {
    const both = await Promise.all(done.map((b) => api('GET', `/api/expert/bookings/${b}/note`, t.expert)));
    const empty = both.find((r) => r.body.data.note === null)!;
    expect(empty.body.data).toMatchObject({ note: null, canWrite: true });
    const bookingId = empty.body.data.bookingId as number;
    const r = await api('PUT', `/api/expert/bookings/${bookingId}/note`, t.expert, body);
    expect([r.status, r.body.message]).toEqual([200, '咨询记录已保存']);
    expect(r.body.data.note).toMatchObject({ ...body, author: { id: id.expert, name: '王静怡' } });
    const edited = await api('PUT', `/api/expert/bookings/${bookingId}/note`, t.expert, {
      ...body,
      risk: 'low',
    });
    expect(edited.body.data.note).toMatchObject({ risk: 'low', id: r.body.data.note.id });
    expect(await ctx.database.db.select().from(sessionNotes)).toHaveLength(2);
  });

  it('answers bad input with 400 and changes nothing; not before the session is completed', async () => {
    const [bookingId] = done;
    const before = await api('GET', `/api/expert/bookings/${bookingId}/note`, t.expert);
    const cases: [unknown, string][] = [
      [{ ...body, topic: '' }, '请填写咨询主题'],
      [{ ...body, topic: undefined }, '请填写咨询主题'],
      [{ ...body, risk: 'extreme' }, '请选择风险评估'],
      [{ ...body, nextStep: ' ' }, '请填写下一步计划'],
      [{ ...body, content: 'x'.repeat(5001) }, '咨询记录最多5000个字'],
      [{ ...body, content: 42 }, '请填写咨询记录'],
    ];
    for (const [b, message] of cases) {
      const r = await api('PUT', `/api/expert/bookings/${bookingId}/note`, t.expert, b);
      expect([r.status, r.body.message]).toEqual([400, message]);
    }
    const bad = await api('GET', '/api/expert/bookings/abc/note', t.expert);
    expect([bad.status, bad.body.message]).toEqual([400, '预约编号不正确']);
    const after = await api('GET', `/api/expert/bookings/${bookingId}/note`, t.expert);
    expect(after.body.data).toEqual(before.body.data);
    const early = await api('GET', `/api/expert/bookings/${open}/note`, t.expert);
    expect(early.body.data).toMatchObject({ note: null, canWrite: false });
    const write = await api('PUT', `/api/expert/bookings/${open}/note`, t.expert, body);
    expect([write.status, write.body.message]).toEqual([409, '预约完成后才能填写咨询记录']);
  });

  it('is 404 for the person, other experts and auditors, and never in what the person reads', async () => {
    for (const bookingId of done) {
      for (const who of ['user', 'user2', 'guest', 'stranger', 'auditor'] as const) {
        const r = await api('GET', `/api/expert/bookings/${bookingId}/note`, t[who]);
        expect([r.status, r.body.message], who).toEqual([404, '预约不存在']);
        const w = await api('PUT', `/api/expert/bookings/${bookingId}/note`, t[who], body);
        expect(w.status, who).toBe(404);
      }
      const mine = await api('GET', `/api/booking/detail/${bookingId}`, t.user);
      expect(mine.status).toBe(200);
      expect(JSON.stringify(mine.body.data)).not.toContain('同事关系与焦虑');
      expect(JSON.stringify(mine.body.data)).not.toContain('刺激控制法');
    }
    const list = await api('GET', '/api/booking/list?pageSize=50', t.user);
    expect(JSON.stringify(list.body.data)).not.toMatch(/同事关系与焦虑|刺激控制法|nextStep|risk/);
    expect((await api('GET', '/api/expert/records/' + id.user, t.user)).status).toBe(404);
  });

  it('shows the notes in the record on their bookings', async () => {
    const r = await record('expert');
    const withNotes = r.body.data.timeline.filter(
      (e: { kind: string; note: unknown }) => e.kind === 'booking' && e.note,
    );
    expect(withNotes).toHaveLength(2);
    expect(withNotes.map((e: { note: { topic: string } }) => e.note.topic).sort()).toEqual(
      ['同事关系与焦虑', '职场压力与睡眠'].sort(),
    );
    // The two sessions, the one still to come and the tests' seed's past consultation.
    expect(r.body.data.counts).toMatchObject({ bookings: 4, notes: 2 });
    // The auditors read them in the record too.
    const a = await record('auditor');
    expect(a.body.data.counts.notes).toBe(2);
  });
});
