import { and, eq, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignWarningMessages } from '@psy/contracts';
import { auditLogs } from '../src/modules/audit/audit.table';
import { campaignWarningRoutes } from '../src/modules/campaigns/campaigns.table';
import { institutions } from '../src/modules/institutions/institutions.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { transfers } from '../src/modules/transfers/transfers.table';
import { users } from '../src/modules/users/users.table';
import { warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, LONG_SESSIONS, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login, scaleIdOf, takePhq9, ZHANG_XIAOYU } from './helpers';
import { firstInstitutionId, importRoster, unitIdsByPath, userIdOf as userIdOfPhone } from './org-fixtures';
import { pdfText } from './pdf-text';

// 预警分级处置: a campaign's warning goes to the staff of the person's unit at once, up to the
// parent unit's staff when nobody records a first contact in time, then to the centre; recording
// a contact stops it. Outcome figures are checked against hand counts. Time is the test's clock.

const HOUR = 3_600_000;
const T0 = new Date('2026-11-20T02:00:00Z');
const time = testClock(T0);
const at = (hours: number) => time.set(new Date(T0.getTime() + hours * HOUR));

let ctx: TestContext;
let auditor: string;
let admin: string;
let m1: string; // 学生一 13800000001, 心理学院/1班
let m2: string; // 学生二 13800000022, 心理学院/2班 (no staff), and staff of 外语学院
let classStaff: string; // 13800000021: staff of 心理学院/1班
let deptStaff: string; // 13800000012: staff of 心理学院
let campaignId: number;
let phq9: number;
let w1: number; // 学生一's warning
let w2: number; // 学生二's warning
const unit: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const sweep = () => ctx.app.deps.services.campaignWarnings.escalate();
const drain = () => ctx.app.deps.events.drain();

const roster: (string | number)[][] = [
  ['学生一', DEMO.user, 'S001', '心理学院/1班', '男', 2006],
  ['学生二', '13800000022', 'S002', '心理学院/2班', '女', 2006],
  ['学生五', '13900000005', 'S005', '外语学院/1班', '男', 2006],
  // 1班's staff is on the roster too (of 2班); takes it only in the last test.
  ['学生六', '13800000021', 'S006', '心理学院/2班', '男', 2006],
];

const userIdOf = (phone: string) => userIdOfPhone(ctx.database.db, phone);

/** The campaign-routing notifications of an account: [title, content]. */
async function routedNotes(phone: string): Promise<[string, string][]> {
  const rows = await ctx.database.db
    .select({ title: notifications.title, content: notifications.content })
    .from(notifications)
    .where(and(eq(notifications.userId, await userIdOf(phone)), like(notifications.title, '筛查预警%')))
    .orderBy(notifications.id);
  return rows.map((r) => [r.title, r.content]);
}

/** Takes PHQ-9 (started through the campaign, or on its own) with every item at 1 but item 9 at `item9`. */
const memberTakesPhq9 = (token: string, name: string, item9: number, viaCampaign: boolean): Promise<number> =>
  takePhq9(
    ctx.app,
    token,
    viaCampaign ? { campaignId } : { scaleId: phq9 },
    { item9: item9 + 1, others: 1 },
    { info: { ...ZHANG_XIAOYU, name, age: 20 } },
  );

async function warningOf(assessmentId: number): Promise<number> {
  const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, assessmentId));
  return w!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({
    seed: true,
    clock: time.clock,
    env: LONG_SESSIONS,
  });
  auditor = await login(ctx.app, DEMO.auditor);
  admin = await login(ctx.app, DEMO.admin);
  m1 = await login(ctx.app, DEMO.user);
  m2 = await login(ctx.app, '13800000022');
  classStaff = await login(ctx.app, '13800000021');
  deptStaff = await login(ctx.app, '13800000012');
  const school = await firstInstitutionId(ctx.database.db);
  phq9 = await scaleIdOf(ctx.app, 'PHQ9');
  await importRoster(ctx.app, auditor, school, roster);
  Object.assign(unit, await unitIdsByPath(ctx.database.db, school));
  for (const [unitKey, telephone] of [
    ['心理学院/1班', '13800000021'],
    ['心理学院', '13800000012'],
    ['外语学院', '13800000022'],
  ] as const) {
    const add = await api('POST', `/api/audit/org/units/${unit[unitKey]}/staff`, auditor, { telephone });
    expect(add.status, add.body.message).toBe(200);
  }
  // Targets 1班 and 2班, so the figures come per class; default contact hours (高危 24).
  const created = await api('POST', '/api/audit/campaigns', auditor, {
    institutionId: school,
    title: '秋季心理普查',
    scaleId: phq9,
    unitIds: [unit['心理学院/1班'], unit['心理学院/2班']],
    opensAt: new Date(T0.getTime() - 24 * HOUR).toISOString(),
    closesAt: new Date(T0.getTime() + 30 * 24 * HOUR).toISOString(),
    consentText: '本次普查仅用于心理健康服务。',
  });
  expect(created.status, created.body.message).toBe(200);
  expect(created.body.data.contactHours).toEqual([72, 48, 24]);
  campaignId = created.body.data.id;
  expect((await api('POST', `/api/audit/campaigns/${campaignId}/open`, auditor)).status).toBe(200);
  await drain();
});
afterAll(() => ctx.close());

describe(`campaign warning routing on ${testDbKind}`, () => {
  it('validates contact hours with Chinese messages naming the field', async () => {
    const bad = await api('PUT', `/api/audit/campaigns/${campaignId}`, auditor, {
      title: 'x',
      scaleId: phq9,
      unitIds: [unit['心理学院/1班']],
      opensAt: T0.toISOString(),
      closesAt: new Date(T0.getTime() + HOUR).toISOString(),
      consentText: 'x',
      contactHours: [72, 48],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('联系时限');
    const zero = await api('POST', '/api/audit/campaigns', auditor, {
      institutionId: 1,
      title: 'x',
      scaleId: phq9,
      unitIds: [unit['心理学院/1班']],
      opensAt: T0.toISOString(),
      closesAt: new Date(T0.getTime() + HOUR).toISOString(),
      consentText: 'x',
      contactHours: [72, 0, 'a'],
    });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toContain('联系时限');
  });

  it("tells the staff of the person's unit at once with the level and the deadline, nobody else", async () => {
    at(0);
    w1 = await warningOf(await memberTakesPhq9(m1, '学生一', 2, true));
    w2 = await warningOf(await memberTakesPhq9(m2, '学生二', 2, true));
    await drain();
    const notes = await routedNotes('13800000021');
    expect(notes).toHaveLength(1);
    expect(notes[0]![0]).toBe('筛查预警：高危');
    expect(notes[0]![1]).toContain('1班 学生一');
    expect(notes[0]![1]).toContain('24 小时内');
    expect(notes[0]![1]).toContain('11月21日 10:00'); // T0 + 24 h in Shanghai time
    // 2班 has no staff: 学生二's goes to 心理学院's staff at once; 学生一's does not (yet).
    const dept = await routedNotes('13800000012');
    expect(dept).toHaveLength(1);
    expect(dept[0]![1]).toContain('学生二');
    // Staff of another unit hear nothing; nor do the auditors at this step.
    expect(await routedNotes('13800000022')).toEqual([]);
    expect(await routedNotes(DEMO.auditor)).toEqual([]);
    // No answers, scores nor reasons in what unit staff read.
    expect(notes[0]![1]).not.toContain('自伤');
  });

  it("lists their units' warnings for unit staff, with no answers nor scores; others see none", async () => {
    const mine = await api('GET', '/api/org/my/warnings', classStaff);
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0]).toMatchObject({
      id: w1,
      campaignId,
      memberName: '学生一',
      memberNo: 'S001',
      unitName: '心理学院/1班',
      level: 3,
      routedAt: T0.toISOString(),
      currentUnitName: '1班',
      step: 0,
      dueAt: new Date(T0.getTime() + 24 * HOUR).toISOString(),
      state: 'pending',
      overdue: false,
      contactedAt: null,
    });
    const text = JSON.stringify(mine.body.data);
    for (const word of ['score', 'Score', 'answer', 'assessmentId', 'reason', '自伤'])
      expect(text).not.toContain(word);
    // The department's staff see both (their unit and everything under it).
    const dept = await api('GET', `/api/org/my/warnings?campaignId=${campaignId}`, deptStaff);
    expect(dept.body.data.list.map((w: { memberName: string }) => w.memberName).sort()).toEqual([
      '学生一',
      '学生二',
    ]);
    expect((await api('GET', '/api/org/my/warnings', m2)).body.data.total).toBe(0);
    expect((await api('GET', '/api/org/my/warnings', m1)).body.data.total).toBe(0);
    expect((await api('GET', '/api/org/my/warnings?state=nope', classStaff)).status).toBe(400);
    expect((await api('GET', '/api/org/my/warnings?campaignId=abc', classStaff)).body.message).toBe(
      '活动编号不正确',
    );
  });

  it('records a first contact once; foreign ids answer 404 and bad input a Chinese 400', async () => {
    // 学生二 is not in 1班: 404, as is an id that does not exist.
    expect(
      (await api('POST', `/api/org/my/warnings/${w2}/contact`, classStaff, { note: '已联系' })).status,
    ).toBe(404);
    expect((await api('POST', `/api/org/my/warnings/${w1}/contact`, m2, { note: '已联系' })).status).toBe(
      404,
    );
    expect(
      (await api('POST', '/api/org/my/warnings/999999/contact', classStaff, { note: '已联系' })).status,
    ).toBe(404);
    const empty = await api('POST', `/api/org/my/warnings/${w1}/contact`, classStaff, { note: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请填写联系情况');
    const long = await api('POST', `/api/org/my/warnings/${w1}/contact`, classStaff, {
      note: '长'.repeat(201),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('联系情况最多200个字');
    const badId = await api('POST', '/api/org/my/warnings/abc/contact', classStaff, { note: '已联系' });
    expect(badId.status).toBe(400);
    expect(badId.body.message).toBe('预警编号不正确');

    at(3);
    const ok = await api('POST', `/api/org/my/warnings/${w2}/contact`, deptStaff, {
      note: '电话联系，约定面谈',
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({
      id: w2,
      state: 'contacted',
      contactedAt: new Date(T0.getTime() + 3 * HOUR).toISOString(),
    });
    at(4);
    const again = await api('POST', `/api/org/my/warnings/${w2}/contact`, deptStaff, { note: '再次联系' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(campaignWarningMessages.alreadyContacted);
    const [route] = await ctx.database.db
      .select()
      .from(campaignWarningRoutes)
      .where(eq(campaignWarningRoutes.warningId, w2));
    expect(route!.contactNote).toBe('电话联系，约定面谈');
    expect(route!.contactedAt!.toISOString()).toBe(new Date(T0.getTime() + 3 * HOUR).toISOString());
  });

  it('escalates an unhandled warning past its deadline to the parent unit, then the centre, once each', async () => {
    at(23);
    expect(await sweep()).toBe(0);
    at(25);
    expect(await sweep()).toBe(1); // 学生一's; 学生二's was contacted
    expect(await sweep()).toBe(0);
    await drain();
    const dept = await routedNotes('13800000012');
    expect(dept).toHaveLength(2);
    expect(dept[1]![0]).toBe('筛查预警上报：高危');
    expect(dept[1]![1]).toContain('学生一');
    expect(dept[1]![1]).toContain('已上报至您');
    expect(await routedNotes('13800000021')).toHaveLength(1);
    const mine = (await api('GET', '/api/org/my/warnings', classStaff)).body.data.list[0];
    expect(mine).toMatchObject({ currentUnitName: '心理学院', step: 1, state: 'pending', overdue: false });
    expect(mine.dueAt).toBe(new Date(T0.getTime() + 49 * HOUR).toISOString());
    at(49.5);
    expect((await api('GET', '/api/org/my/warnings', classStaff)).body.data.list[0].overdue).toBe(true);
    at(50);
    expect(await sweep()).toBe(1);
    await drain();
    for (const phone of [DEMO.auditor, DEMO.admin]) {
      const centre = await routedNotes(phone);
      expect(centre).toHaveLength(1);
      expect(centre[0]![0]).toBe('筛查预警上报心理中心：高危');
    }
    const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, w1));
    expect(w!.escalatedAt?.toISOString()).toBe(new Date(T0.getTime() + 50 * HOUR).toISOString());
    const atCentre = (await api('GET', '/api/org/my/warnings', classStaff)).body.data.list[0];
    expect(atCentre).toMatchObject({
      currentUnitId: null,
      currentUnitName: '心理中心',
      dueAt: null,
      overdue: false,
    });
    // The class's staff may still record the contact; nothing climbs further.
    const ok = await api('POST', `/api/org/my/warnings/${w1}/contact`, classStaff, { note: '已与本人面谈' });
    expect(ok.status, ok.body.message).toBe(200);
    at(98);
    expect(await sweep()).toBe(0);
  });

  it('shows the auditors every warning with its routing history', async () => {
    const r = await api('GET', `/api/audit/campaigns/${campaignId}/warnings`, auditor);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.total).toBe(2);
    const one = r.body.data.list.find((w: { id: number }) => w.id === w1);
    expect(
      one.routes.map(
        (s: {
          step: number;
          unitName: string;
          escalatedAt: string | null;
          contactedByName: string | null;
        }) => [s.step, s.unitName, s.escalatedAt !== null, s.contactedByName !== null],
      ),
    ).toEqual([
      [0, '心理学院/1班', true, false],
      [1, '心理学院', true, false],
      [2, '心理中心', false, true],
    ]);
    expect(one.routes[2].contactNote).toBe('已与本人面谈');
    const two = r.body.data.list.find((w: { id: number }) => w.id === w2);
    expect(two.routes).toHaveLength(1);
    expect(two.routes[0]).toMatchObject({ unitName: '心理学院', contactNote: '电话联系，约定面谈' });
    expect((await api('GET', `/api/audit/campaigns/${campaignId}/warnings`, classStaff)).status).toBe(403);
    expect((await api('GET', '/api/audit/campaigns/999999/warnings', auditor)).status).toBe(404);
  });

  it('counts outcomes per unit and in total as by hand', async () => {
    // 学生一: referred at 100 h, re-tested at 110 h with a lower total (2 -> 0). 学生二: closed at 120 h.
    at(100);
    const [expert1, expert2] = [await userIdOf(DEMO.expert), await userIdOf('13800000013')];
    await ctx.database.db.insert(transfers).values({
      userId: await userIdOf(DEMO.user),
      fromExpertId: expert1,
      toExpertId: expert2,
      reason: '需要长期咨询',
      summary: '筛查高危，已面谈',
      createdAt: time.clock(),
    });
    at(110);
    await memberTakesPhq9(m1, '学生一', 0, false);
    at(120);
    const closed = await api('POST', `/api/expert/warnings/${w2}/progress`, auditor, {
      status: 'closed',
      note: '已评估，风险解除',
    });
    expect(closed.status, closed.body.message).toBe(200);

    const r = await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, auditor);
    expect(r.status, r.body.message).toBe(200);
    // 学生一: first contact at 50 h (within 72 h only); 学生二: at 3 h.
    expect(r.body.data.total).toEqual({
      raised: 2,
      contactedWithin24h: 1,
      contactedWithin72h: 2,
      contacted: 2,
      medianHoursToContact: 26.5,
      meanHoursToContact: 26.5,
      referred: 1,
      retested: 1,
      improved: 1,
      closed: 1,
    });
    expect(r.body.data.units).toEqual([
      {
        unitId: unit['心理学院/1班'],
        unitName: '心理学院/1班',
        raised: 1,
        contactedWithin24h: 0,
        contactedWithin72h: 1,
        contacted: 1,
        medianHoursToContact: 50,
        meanHoursToContact: 50,
        referred: 1,
        retested: 1,
        improved: 1,
        closed: 0,
      },
      {
        unitId: unit['心理学院/2班'],
        unitName: '心理学院/2班',
        raised: 1,
        contactedWithin24h: 1,
        contactedWithin72h: 1,
        contacted: 1,
        medianHoursToContact: 3,
        meanHoursToContact: 3,
        referred: 0,
        retested: 0,
        improved: 0,
        closed: 1,
      },
    ]);
    // Unit staff get the figures of their units only; another unit's staff, 404.
    const mine = await api('GET', `/api/org/my/campaigns/${campaignId}/outcomes`, classStaff);
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body.data.units).toEqual([r.body.data.units[0]]);
    expect(mine.body.data.total).toEqual(
      Object.fromEntries(
        Object.entries(r.body.data.units[0]).filter(([k]) => k !== 'unitId' && k !== 'unitName'),
      ),
    );
    expect((await api('GET', `/api/org/my/campaigns/${campaignId}/outcomes`, m2)).status).toBe(404);
    expect((await api('GET', `/api/org/my/campaigns/${campaignId}/outcomes`, m1)).status).toBe(404);
    expect((await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, admin)).status).toBe(200);
    expect((await api('GET', '/api/audit/campaigns/abc/outcomes', auditor)).status).toBe(400);
    // Closed shows in the staff's list too.
    const dept = await api('GET', '/api/org/my/warnings?state=closed', deptStaff);
    expect(dept.body.data.list.map((w: { id: number }) => w.id)).toEqual([w2]);
  });

  it('writes every professional view of an individual result to the audit log, refusals too', async () => {
    const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.id, w1));
    const before = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'result_view'));
    const seen = await api('GET', `/api/expert/assessments/${w!.assessmentId}`, auditor);
    expect(seen.status, seen.body.message).toBe(200);
    // An expert who does not follow this person up: 404, and the refusal is logged.
    expect((await api('GET', `/api/expert/assessments/${w!.assessmentId}`, deptStaff)).status).toBe(404);
    const rows = (
      await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'result_view'))
    ).slice(before.length);
    expect(rows.map((r) => [r.userId, r.outcome, r.targetUserId, r.detail])).toEqual([
      [await userIdOf(DEMO.auditor), 'success', await userIdOf(DEMO.user), { assessmentId: w!.assessmentId }],
      [await userIdOf('13800000012'), 'failure', null, { assessmentId: w!.assessmentId }],
    ]);
  });

  it("a first contact answers every warning of the person's in the campaign", async () => {
    // 学生六 answers every PHQ-9 item at its top: the total and item 9 both raise a warning.
    const s = await api('POST', `/api/campaigns/${campaignId}/start`, classStaff, { consent: true });
    expect(s.status, s.body.message).toBe(200);
    const id = s.body.data.assessmentId as number;
    await api('POST', `/api/assessment/${id}/consent`, classStaff, { accepted: true });
    await api('POST', `/api/assessment/${id}/basic-info`, classStaff, {
      name: '学生六',
      gender: 'male',
      age: 20,
      regionCode: '110108',
      phone: null,
      extra: {},
    });
    for (let item = 1; item <= 9; item++)
      await api('PUT', `/api/assessment/${id}/answer`, classStaff, { part: 0, item, position: 3 });
    expect((await api('POST', `/api/assessment/${id}/submit`, classStaff, { part: 0 })).status).toBe(200);
    await drain();
    const raised = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, id));
    expect(raised.length).toBe(2);
    type Row = { id: number; state: string; level: number; warningCount: number; step: number };
    const mine = async () =>
      (await api('GET', '/api/org/my/warnings?pageSize=50', deptStaff)).body.data.list.filter(
        (w: { memberName: string }) => w.memberName === '学生六',
      ) as Row[];
    const audited = async () =>
      (
        await api('GET', `/api/audit/campaigns/${campaignId}/warnings?pageSize=50`, auditor)
      ).body.data.list.filter((w: { memberName: string }) => w.memberName === '学生六') as Row[];
    // Unit staff see the person once: the most urgent warning, and how many there are.
    const top = Math.max(...raised.map((w) => w.level));
    expect(await mine()).toMatchObject([{ state: 'pending', level: top, warningCount: 2 }]);
    // Auditors see each warning, each saying the person has two.
    expect((await audited()).map((w) => [w.state, w.warningCount])).toEqual([
      ['pending', 2],
      ['pending', 2],
    ]);
    const pendingTotal = async () =>
      (await api('GET', '/api/org/my/warnings?state=pending&pageSize=1', deptStaff)).body.data.total;
    const before = await pendingTotal();

    const ok = await api('POST', `/api/org/my/warnings/${(await mine())[0]!.id}/contact`, deptStaff, {
      note: '已当面谈话',
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(await mine()).toMatchObject([{ state: 'contacted', warningCount: 2 }]);
    expect((await audited()).map((w) => w.state)).toEqual(['contacted', 'contacted']);
    // The person leaves 待联系 as one row, not two.
    expect(await pendingTotal()).toBe(before - 1);
    // Neither escalates any more, days past every deadline.
    time.advance(100 * HOUR);
    await sweep();
    await drain();
    expect((await audited()).map((w) => [w.state, w.step])).toEqual([
      ['contacted', 0],
      ['contacted', 0],
    ]);
  });

  it('exports the report: the centre gets the warning list, unit staff figures only, others 404', async () => {
    const read = async (token: string, url: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/SysAdmin${url}`,
        headers: { serviceToken: token },
      });
      return res;
    };
    const book = async (body: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(body as unknown as ArrayBuffer);
      const rows = (name: string) => {
        const out: unknown[][] = [];
        wb.getWorksheet(name)?.eachRow((r) => out.push((r.values as unknown[]).slice(1)));
        return out;
      };
      return { names: wb.worksheets.map((w) => w.name), rows };
    };
    const centre = await read(auditor, `/api/audit/campaigns/${campaignId}/report`);
    expect(centre.statusCode).toBe(200);
    expect(centre.headers['content-type']).toContain('spreadsheetml');
    expect(centre.headers['content-disposition']).toContain("filename*=UTF-8''");
    const c = await book(centre.rawPayload);
    expect(c.names).toEqual(['活动', '完成情况', '风险等级', '预警处置', '预警名单']);
    const outcomes = (await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, auditor)).body.data;
    const total = c.rows('预警处置').at(-1)!;
    expect(total[0]).toBe('合计');
    expect(total[1]).toBe(outcomes.total.raised);
    expect(total[4]).toBe(outcomes.total.contacted);
    const names = c
      .rows('预警名单')
      .slice(1)
      .map((r) => r[0]);
    expect(names.length).toBe(outcomes.total.raised);
    expect(names).toContain('学生六');

    // 心理学院's staff: their units' figures, no list, no name anywhere.
    const unit = await read(deptStaff, `/api/org/my/campaigns/${campaignId}/report`);
    expect(unit.statusCode).toBe(200);
    const u = await book(unit.rawPayload);
    expect(u.names).toEqual(['活动', '完成情况', '风险等级', '预警处置']);
    const text = JSON.stringify(u.names.map((n) => u.rows(n)));
    for (const person of ['学生一', '学生二', '学生六']) expect(text).not.toContain(person);
    // 外语学院's staff are not reached by it; a member is staff of nothing.
    expect((await read(m2, `/api/org/my/campaigns/${campaignId}/report`)).statusCode).toBe(404);
    expect((await read(deptStaff, `/api/audit/campaigns/${campaignId}/report`)).statusCode).toBe(403);
  });

  it('makes the same report as a PDF: names only in the centre’s copy, one unit on request, bad input in Chinese', async () => {
    const read = (token: string, url: string) =>
      ctx.app.inject({ method: 'GET', url: `/SysAdmin${url}`, headers: { serviceToken: token } });
    const pdfOf = async (token: string, url: string) => {
      const res = await read(token, url);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/\.pdf"; filename\*=UTF-8''.+\.pdf$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const lines = pdfText(res.rawPayload).split('\n');
      // Each table cell is one line of text: a row is `n` lines from its first cell, found after
      // the section's heading and the table's own header cell (a chart's labels come before it).
      const row = (heading: string, header: string, first: string, n: number) => {
        const from = lines.indexOf(header, lines.indexOf(heading));
        const at = lines.indexOf(first, from);
        return at < 0 || from < 0 ? [] : lines.slice(at, at + n);
      };
      return { text: lines.join('\n'), lines, row };
    };
    const pct = (n: number, total: number) =>
      `${(total ? Math.round((n / total) * 1000) / 10 : 0).toFixed(1)}%`;
    const detail = (await api('GET', `/api/audit/campaigns/${campaignId}`, auditor)).body.data;
    const outcomes = (await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, auditor)).body.data;
    // Risk levels by hand: each completed member's highest level, as unit staff read it per member.
    const risk = async (unitKey: string) => {
      const members = (
        await api('GET', `/api/org/my/campaigns/${campaignId}/units/${unit[unitKey]}/members`, deptStaff)
      ).body.data as { state: string; riskLevel: number | null }[];
      const done = members.filter((m) => m.state === 'completed');
      return [done.length, ...[null, 1, 2, 3].map((l) => done.filter((m) => m.riskLevel === l).length)];
    };
    const [risk1, risk2] = [await risk('心理学院/1班'), await risk('心理学院/2班')];
    // 学生一 (1班) raised a 高危 warning; 学生二 and 学生六 (2班) finished too.
    expect(risk1).toEqual([1, 0, 0, 0, 1]);
    expect(risk2[0]).toBe(2);

    // The centre's copy: every target unit's figures, the totals, and the names with a warning.
    const centre = await pdfOf(auditor, `/api/audit/campaigns/${campaignId}/report?format=pdf`);
    expect(centre.text).toContain('筛查报告（心理中心版）');
    expect(centre.text).toContain('秋季心理普查');
    expect(centre.text).toContain('测评内容：患者健康问卷抑郁量表（量表）');
    for (const u of detail.units as {
      unitName: string;
      total: number;
      completed: number;
      started: number;
      notStarted: number;
    }[])
      expect(centre.row('完成情况', '完成率', u.unitName, 6)).toEqual([
        u.unitName,
        String(u.total),
        String(u.completed),
        String(u.started),
        String(u.notStarted),
        pct(u.completed, u.total),
      ]);
    const p = detail.progress;
    expect(centre.row('完成情况', '完成率', '合计', 6)).toEqual(
      ['合计', p.total, p.completed, p.started, p.notStarted].map(String).concat(pct(p.completed, p.total)),
    );
    expect(centre.row('风险等级', '高危', '心理学院/1班', 6)).toEqual(['心理学院/1班', ...risk1.map(String)]);
    expect(centre.row('风险等级', '高危', '合计', 6)).toEqual(
      ['合计', ...risk1.map((n, i) => n + risk2[i]!)].map(String),
    );
    const t = outcomes.total;
    expect(centre.row('预警处置成效', '单位', '合计', 7)).toEqual(
      [
        '合计',
        t.raised,
        t.contactedWithin24h,
        t.contactedWithin72h,
        t.contacted,
        t.medianHoursToContact,
        t.meanHoursToContact,
      ].map(String),
    );
    const second = centre.lines.indexOf('转介', centre.lines.indexOf('预警处置成效'));
    const total2 = centre.lines.indexOf('合计', second);
    expect(centre.lines.slice(total2, total2 + 6)).toEqual(
      ['合计', t.raised, t.referred, t.retested, t.improved, t.closed].map(String),
    );
    expect(centre.lines).toContain('预警名单');
    for (const name of ['学生一', '学生二', '学生六']) expect(centre.lines).toContain(name);

    // One unit: 1班 alone, its warning only.
    const one = await pdfOf(
      auditor,
      `/api/audit/campaigns/${campaignId}/report?format=pdf&unitId=${unit['心理学院/1班']}`,
    );
    expect(one.text).toContain('报告范围：心理学院/1班');
    const u1 = detail.units.find((u: { unitId: number }) => u.unitId === unit['心理学院/1班']);
    expect(one.row('完成情况', '完成率', '合计', 3)).toEqual([
      '合计',
      String(u1.total),
      String(u1.completed),
    ]);
    expect(one.lines).toContain('学生一');
    for (const name of ['学生二', '学生六']) expect(one.lines).not.toContain(name);
    expect(one.text).not.toContain('心理学院/2班');

    // Unit staff: figures of their units only, no names anywhere.
    const dept = await pdfOf(deptStaff, `/api/org/my/campaigns/${campaignId}/report?format=pdf`);
    expect(dept.text).toContain('筛查报告（单位版）');
    expect(dept.row('风险等级', '高危', '心理学院/2班', 6)).toEqual(['心理学院/2班', ...risk2.map(String)]);
    expect(dept.lines).not.toContain('预警名单');
    for (const name of ['学生一', '学生二', '学生六']) expect(dept.text).not.toContain(name);
    const cls = await pdfOf(classStaff, `/api/org/my/campaigns/${campaignId}/report?format=pdf`);
    expect(cls.text).toContain('心理学院/1班');
    expect(cls.text).not.toContain('心理学院/2班');
    for (const name of ['学生一', '学生二', '学生六']) expect(cls.text).not.toContain(name);
    const dept2 = await pdfOf(
      deptStaff,
      `/api/org/my/campaigns/${campaignId}/report?format=pdf&unitId=${unit['心理学院/2班']}`,
    );
    expect(dept2.text).toContain('报告范围：心理学院/2班');
    expect(dept2.text).not.toContain('心理学院/1班');
    // The workbook narrows the same way.
    const xlsx = await read(
      deptStaff,
      `/api/org/my/campaigns/${campaignId}/report?format=xlsx&unitId=${unit['心理学院/2班']}`,
    );
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');

    // A unit outside the caller's: 404 with a Chinese message; never a 500.
    for (const [token, url] of [
      [deptStaff, `/api/org/my/campaigns/${campaignId}/report?format=pdf&unitId=${unit['外语学院']}`],
      [classStaff, `/api/org/my/campaigns/${campaignId}/report?format=pdf&unitId=${unit['心理学院/2班']}`],
      [auditor, `/api/audit/campaigns/${campaignId}/report?format=pdf&unitId=${unit['外语学院/1班']}`],
      [auditor, `/api/audit/campaigns/${campaignId}/report?unitId=999999`],
    ] as const) {
      const res = await api('GET', url, token);
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe('单位不存在或不在本次活动范围内');
    }
    expect((await api('GET', `/api/org/my/campaigns/${campaignId}/report?format=pdf`, m1)).status).toBe(404);
    // Bad input: 400 with a Chinese message.
    const badFormat = await api('GET', `/api/audit/campaigns/${campaignId}/report?format=doc`, auditor);
    expect(badFormat.status).toBe(400);
    expect(badFormat.body.message).toBe('报告格式不正确，请选择 xlsx（Excel）或 pdf');
    const staffBad = await api('GET', `/api/org/my/campaigns/${campaignId}/report?format=PDF`, deptStaff);
    expect(staffBad.status).toBe(400);
    expect(staffBad.body.message).toContain('报告格式不正确');
    const badUnit = await api(
      'GET',
      `/api/audit/campaigns/${campaignId}/report?format=pdf&unitId=abc`,
      auditor,
    );
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.message).toBe('单位编号不正确');
  });

  it('shows open campaigns on the big screen within the screen’s scopes, figures only', async () => {
    const screen = (token: string, scope?: string) =>
      api('GET', `/api/stats/screen/campaigns${scope ? `?scope=${scope}` : ''}`, token);
    const outcomes = (await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, auditor)).body.data;
    const detail = (await api('GET', `/api/audit/campaigns/${campaignId}`, auditor)).body.data;
    const [inst] = await ctx.database.db
      .select()
      .from(institutions)
      .where(eq(institutions.id, detail.institutionId));
    const expected = {
      id: campaignId,
      title: '秋季心理普查',
      institutionName: inst!.name,
      closesAt: detail.closesAt,
      total: detail.progress.total,
      completed: detail.progress.completed,
      started: detail.progress.started,
      warnings: outcomes.total.raised,
    };
    expect(expected.warnings).toBeGreaterThan(0);
    // Auditors and admins: every open campaign (全平台).
    for (const token of [auditor, admin]) {
      const r = await screen(token);
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.data).toEqual({ scope: 'all', open: 1, list: [expected] });
    }
    const text = JSON.stringify((await screen(auditor)).body.data);
    for (const name of ['学生一', '学生二', '学生六']) expect(text).not.toContain(name);
    // An expert of the campaign's institution sees it under 本机构; 我的来访者 holds no campaign.
    const [u] = await ctx.database.db.select().from(users).where(eq(users.telephone, DEMO.expert));
    expect(u!.institutionId).toBe(detail.institutionId);
    const expert = await login(ctx.app, DEMO.expert);
    expect((await screen(expert, 'institution')).body.data).toEqual({
      scope: 'institution',
      open: 1,
      list: [expected],
    });
    expect((await screen(expert)).body.data).toEqual({ scope: 'mine', open: 0, list: [] });
    // An expert of another institution (13800000012, also 心理学院's unit staff) sees none of it.
    expect((await screen(deptStaff, 'institution')).body.data).toEqual({
      scope: 'institution',
      open: 0,
      list: [],
    });
    const all = await screen(expert, 'all');
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('只有审核员可以查看全平台数据');
    expect((await screen(m1)).status).toBe(403);
    const bad = await screen(auditor, 'everyone');
    expect(bad.status).toBe(400);
    // A closed campaign leaves the screen (once the figures cached for STATS_CACHE_SECONDS expire).
    expect((await api('POST', `/api/audit/campaigns/${campaignId}/close`, auditor)).status).toBe(200);
    ctx.app.deps.services.statistics.invalidate();
    expect((await screen(auditor)).body.data).toEqual({ scope: 'all', open: 0, list: [] });
  });

  it('documents its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await ctx.app.inject('/SysAdmin/docs/json')).json().paths as object);
    for (const p of [
      '/SysAdmin/api/org/my/warnings',
      '/SysAdmin/api/org/my/warnings/{id}/contact',
      '/SysAdmin/api/org/my/campaigns/{id}/outcomes',
      '/SysAdmin/api/audit/campaigns/{id}/warnings',
      '/SysAdmin/api/audit/campaigns/{id}/outcomes',
      '/SysAdmin/api/audit/campaigns/{id}/report',
      '/SysAdmin/api/org/my/campaigns/{id}/report',
      '/SysAdmin/api/stats/screen/campaigns',
    ])
      expect(paths).toContain(p);
  });
});
