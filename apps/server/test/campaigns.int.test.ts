import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_REMIND_COOLDOWN_HOURS, campaignMessages } from '@psy/contracts';
import { RESULT_WITHHELD } from '../src/modules/assessments/assessments.service';
import { assessments } from '../src/modules/assessments/assessments.table';
import { campaignNotices, campaigns, campaignTakes } from '../src/modules/campaigns/campaigns.table';
import { institutions } from '../src/modules/institutions/institutions.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { orgMembers } from '../src/modules/org/org.table';
import { scales } from '../src/modules/scales/scales.table';
import { warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, type TestContext } from './context';
import { call, DEMO, login } from './helpers';
import { firstInstitutionId, importRoster, unitIdsByPath, userIdOf as userIdOfPhone } from './org-fixtures';

let ctx: TestContext;
let auditor: string;
let m1: string; // 13800000001, 心理学院/1班: submits
let m2: string; // 13800000022, 心理学院/2班: starts only
let staff: string; // 13800000021: staff of 1班 only, not on the roster
let school: number;
let scaleId: number;
let campaignId: number;
const unit: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

// 心理学院 (1班, 2班) is targeted; 外语学院 is not. 13900000004 loses its account (skipped).
const roster: (string | number)[][] = [
  ['学生一', DEMO.user, 'S001', '心理学院/1班', '男', 2006],
  ['学生二', '13800000022', 'S002', '心理学院/2班', '女', 2006],
  ['学生三', '13900000003', 'S003', '心理学院/1班', '女', 2006],
  ['学生四', '13900000004', 'S004', '心理学院/2班', '男', 2006],
  ['学生五', '13900000005', 'S005', '外语学院/1班', '男', 2006],
];

const userIdOf = (phone: string) => userIdOfPhone(ctx.database.db, phone);

async function notificationsOf(phone: string): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ title: notifications.title })
    .from(notifications)
    .where(and(eq(notifications.userId, await userIdOf(phone)), eq(notifications.kind, 'assessment')))
    .orderBy(notifications.id);
  return rows.map((r) => r.title);
}

async function smsNotices(phone: string): Promise<string[]> {
  const r = await api('GET', `/api/dev/sms-notices?telephone=${phone}`);
  return (r.body.data as { text: string }[]).map((n) => n.text);
}

const day = 86_400_000;
const body = () => ({
  institutionId: school,
  title: '2026 春季心理普查',
  scaleId,
  unitIds: [unit['心理学院']!],
  opensAt: new Date(Date.now() - day).toISOString(),
  closesAt: new Date(Date.now() + 7 * day).toISOString(),
  consentText: '本次普查仅用于心理健康服务，结果严格保密。',
  showResultToMember: false,
  reminderDaysBeforeClose: [1, 3, 3],
});

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  auditor = await login(ctx.app, DEMO.auditor);
  m1 = await login(ctx.app, DEMO.user);
  m2 = await login(ctx.app, '13800000022');
  staff = await login(ctx.app, '13800000021');
  school = await firstInstitutionId(ctx.database.db);
  const [s] = await ctx.database.db
    .select({ id: scales.id })
    .from(scales)
    .where(isNotNull(scales.publishedVersionId))
    .orderBy(scales.id)
    .limit(1);
  scaleId = s!.id;
  await importRoster(ctx.app, auditor, school, roster);
  Object.assign(unit, await unitIdsByPath(ctx.database.db, school));
  await ctx.database.db
    .update(orgMembers)
    .set({ userId: null })
    .where(eq(orgMembers.telephone, '13900000004'));
  const add = await api('POST', `/api/audit/org/units/${unit['心理学院/1班']}/staff`, auditor, {
    telephone: '13800000021',
  });
  expect(add.status, add.body.message).toBe(200);
});
afterAll(() => ctx.close());

describe('screening campaigns', () => {
  it('documents its routes in the OpenAPI document', async () => {
    const res = await ctx.app.inject('/SysAdmin/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>);
    for (const p of [
      '/SysAdmin/api/audit/campaigns',
      '/SysAdmin/api/audit/campaigns/{id}/remind',
      '/SysAdmin/api/campaigns/mine',
      '/SysAdmin/api/org/my/campaigns/{id}/units/{unitId}/members',
    ])
      expect(paths).toContain(p);
  });

  it('lets only auditors and admins run campaigns', async () => {
    expect((await api('GET', '/api/audit/campaigns')).status).toBe(401);
    expect((await api('GET', '/api/audit/campaigns', m1)).status).toBe(403);
    expect((await api('POST', '/api/audit/campaigns', staff, body())).status).toBe(403);
  });

  it('validates a draft: exactly one of plan or scale, a window, units of the institution', async () => {
    const both = await api('POST', '/api/audit/campaigns', auditor, { ...body(), planId: 1 });
    expect(both.status).toBe(400);
    expect(both.body.message).toContain(campaignMessages.planOrScale);
    const backwards = await api('POST', '/api/audit/campaigns', auditor, {
      ...body(),
      closesAt: new Date(Date.now() - 2 * day).toISOString(),
    });
    expect(backwards.status).toBe(400);
    const [otherInst] = await ctx.database.db
      .select({ id: institutions.id })
      .from(institutions)
      .orderBy(institutions.id)
      .offset(1);
    const foreign = await api('POST', '/api/audit/campaigns', auditor, {
      ...body(),
      institutionId: otherInst!.id,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(campaignMessages.unitForeign);
  });

  it('creates and edits a draft, which members and unit staff cannot see', async () => {
    const created = await api('POST', '/api/audit/campaigns', auditor, body());
    expect(created.status, created.body.message).toBe(200);
    campaignId = created.body.data.id;
    expect(created.body.data.status).toBe('draft');
    expect(created.body.data.reminderDaysBeforeClose).toEqual([3, 1]);
    // Targeted with an account: 学生一, 学生二, 学生三 (学生四 has none, 学生五 is elsewhere).
    expect(created.body.data.progress).toEqual({ total: 3, completed: 0, started: 0, notStarted: 3 });
    const edited = await api('PUT', `/api/audit/campaigns/${campaignId}`, auditor, {
      ...body(),
      title: '2026 春季心理健康普查',
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect(edited.body.data.title).toBe('2026 春季心理健康普查');
    expect((await api('GET', '/api/campaigns/mine', m1)).body.data).toEqual([]);
    expect((await api('GET', `/api/org/my/campaigns/${campaignId}`, staff)).status).toBe(404);
    expect((await api('POST', `/api/campaigns/${campaignId}/start`, m1, { consent: true })).status).toBe(404);
  });

  it('opens: every targeted member with an account gets a notification and an SMS', async () => {
    const opened = await api('POST', `/api/audit/campaigns/${campaignId}/open`, auditor);
    expect(opened.status, opened.body.message).toBe(200);
    expect(opened.body.data).toMatchObject({ status: 'open', notified: 3, sms: 3 });
    await ctx.app.deps.events.drain();
    for (const phone of [DEMO.user, '13800000022', '13900000003']) {
      expect(await notificationsOf(phone)).toEqual(['新的心理筛查']);
      const sms = await smsNotices(phone);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toContain('2026 春季心理健康普查');
    }
    expect(await smsNotices('13900000004')).toEqual([]);
    expect(await smsNotices('13900000005')).toEqual([]);
    expect(await notificationsOf('13900000005')).toEqual([]);
    const again = await api('POST', `/api/audit/campaigns/${campaignId}/open`, auditor);
    expect(again.status).toBe(409);
    const edit = await api('PUT', `/api/audit/campaigns/${campaignId}`, auditor, body());
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(campaignMessages.notDraft);
  });

  it('members see it and take it through the ordinary flow; completion is counted per unit', async () => {
    const mine = await api('GET', '/api/campaigns/mine', m1);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      id: campaignId,
      state: 'not_started',
      showResultToMember: false,
    });
    expect((await api('POST', `/api/campaigns/${campaignId}/start`, m1, {})).status).toBe(400);
    const s1 = await api('POST', `/api/campaigns/${campaignId}/start`, m1, { consent: true });
    expect(s1.status, s1.body.message).toBe(200);
    const a1 = s1.body.data.assessmentId as number;
    // Starting again resumes the same assessment.
    expect(
      (await api('POST', `/api/campaigns/${campaignId}/start`, m1, { consent: true })).body.data,
    ).toEqual({
      assessmentId: a1,
    });
    const [row] = await ctx.database.db.select().from(assessments).where(eq(assessments.id, a1));
    expect(row).toMatchObject({ userId: await userIdOf(DEMO.user), scaleId, status: 'in_progress' });
    // A claim left without its assessment (a crash half-way) blocks for a minute, then is given up.
    const [m2row] = await ctx.database.db
      .select()
      .from(orgMembers)
      .where(eq(orgMembers.telephone, '13800000022'));
    await ctx.database.db
      .insert(campaignTakes)
      .values({ campaignId, memberId: m2row!.id, consentedAt: new Date(), startedAt: new Date() });
    const busy = await api('POST', `/api/campaigns/${campaignId}/start`, m2, { consent: true });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(campaignMessages.starting);
    await ctx.database.db
      .update(campaignTakes)
      .set({ startedAt: new Date(Date.now() - 120_000) })
      .where(eq(campaignTakes.memberId, m2row!.id));
    const s2 = await api('POST', `/api/campaigns/${campaignId}/start`, m2, { consent: true });
    expect(s2.status, s2.body.message).toBe(200);
    // 学生一 submits (his assessment, marked submitted as the scoring would, with a level-2 warning).
    await ctx.database.db
      .update(assessments)
      .set({ status: 'submitted', submittedAt: new Date() })
      .where(eq(assessments.id, a1));
    await ctx.database.db.insert(warnings).values({
      assessmentId: a1,
      userId: await userIdOf(DEMO.user),
      level: 2,
      reason: '测试预警',
      scaleName: '测试量表',
    });
    expect((await api('GET', '/api/campaigns/mine', m1)).body.data[0].state).toBe('completed');
    // This campaign does not show members their result: not the result, not the report, no band or level in their list.
    const result = await api('GET', `/api/assessment/${a1}/result`, m1);
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(RESULT_WITHHELD);
    expect((await api('GET', `/api/assessment/${a1}/report`, m1)).status).toBe(409);
    const own = (await api('GET', '/api/assessment/mine', m1)).body.data.list.find(
      (x: { id: number }) => x.id === a1,
    );
    expect(own).toMatchObject({ status: 'submitted', summary: [], maxWarningLevel: null });
    expect((await api('GET', '/api/campaigns/mine', m2)).body.data[0].state).toBe('started');
    // Someone not targeted sees nothing and cannot start.
    expect((await api('GET', '/api/campaigns/mine', staff)).body.data).toEqual([]);
    expect((await api('POST', `/api/campaigns/${campaignId}/start`, staff, { consent: true })).status).toBe(
      404,
    );

    const detail = await api('GET', `/api/audit/campaigns/${campaignId}`, auditor);
    expect(detail.status).toBe(200);
    // Hand counts: 1班 = 学生一 (completed) + 学生三 (not started); 2班 = 学生二 (started).
    expect(detail.body.data.progress).toEqual({ total: 3, completed: 1, started: 1, notStarted: 1 });
    expect(detail.body.data.units).toEqual([
      { unitId: unit['心理学院'], unitName: '心理学院', total: 3, completed: 1, started: 1, notStarted: 1 },
    ]);
    const pending = await api(
      'GET',
      `/api/audit/campaigns/${campaignId}/units/${unit['心理学院/1班']}/pending`,
      auditor,
    );
    expect(pending.body.data.map((p: { name: string; state: string }) => [p.name, p.state])).toEqual([
      ['学生三', 'not_started'],
    ]);
    const all = await api(
      'GET',
      `/api/audit/campaigns/${campaignId}/units/${unit['心理学院']}/pending`,
      auditor,
    );
    expect(all.body.data.map((p: { name: string }) => p.name).sort()).toEqual(['学生三', '学生二'].sort());
    expect(
      (await api('GET', `/api/audit/campaigns/${campaignId}/units/${unit['外语学院']}/pending`, auditor))
        .status,
    ).toBe(404);
    const list = await api('GET', `/api/audit/campaigns?institutionId=${school}`, auditor);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0].progress).toEqual({ total: 3, completed: 1, started: 1, notStarted: 1 });
  });

  it('reminds only those not finished, once per cooldown', async () => {
    const r = await api('POST', `/api/audit/campaigns/${campaignId}/remind`, auditor);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toEqual({ reminded: 2, sms: 2 });
    await ctx.app.deps.events.drain();
    expect(await notificationsOf(DEMO.user)).toEqual(['新的心理筛查']);
    expect(await smsNotices(DEMO.user)).toHaveLength(1);
    for (const phone of ['13800000022', '13900000003']) {
      expect(await notificationsOf(phone)).toEqual(['新的心理筛查', '心理筛查提醒']);
      expect(await smsNotices(phone)).toHaveLength(2);
    }
    const again = await api('POST', `/api/audit/campaigns/${campaignId}/remind`, auditor);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(campaignMessages.remindTooSoon(CAMPAIGN_REMIND_COOLDOWN_HOURS));
  });

  it('scopes unit staff to their units: completion and risk level, no scores, 404 elsewhere', async () => {
    const list = await api('GET', '/api/org/my/campaigns', staff);
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    // Only 1班 (theirs): 学生一 completed, 学生三 not started.
    expect(list.body.data[0].unitIds).toEqual([unit['心理学院/1班']]);
    expect(list.body.data[0].progress).toEqual({ total: 2, completed: 1, started: 0, notStarted: 1 });
    const detail = await api('GET', `/api/org/my/campaigns/${campaignId}`, staff);
    expect(detail.body.data.units).toEqual([
      {
        unitId: unit['心理学院/1班'],
        unitName: '心理学院/1班',
        total: 2,
        completed: 1,
        started: 0,
        notStarted: 1,
      },
    ]);
    const members = await api(
      'GET',
      `/api/org/my/campaigns/${campaignId}/units/${unit['心理学院/1班']}/members`,
      staff,
    );
    expect(members.status).toBe(200);
    expect(
      members.body.data.map((m: { name: string; state: string; riskLevel: number | null }) => [
        m.name,
        m.state,
        m.riskLevel,
      ]),
    ).toEqual([
      ['学生一', 'completed', 2],
      ['学生三', 'not_started', null],
    ]);
    const text = JSON.stringify(members.body.data);
    for (const word of ['score', 'Score', 'answer', 'result', 'assessmentId'])
      expect(text).not.toContain(word);
    const pending = await api(
      'GET',
      `/api/org/my/campaigns/${campaignId}/units/${unit['心理学院/1班']}/pending`,
      staff,
    );
    expect(pending.body.data.map((m: { name: string }) => m.name)).toEqual(['学生三']);
    // Another unit of the same campaign, the campaign's target above theirs, another institution's ids: 404.
    for (const u of [unit['心理学院/2班'], unit['心理学院'], unit['外语学院']])
      expect((await api('GET', `/api/org/my/campaigns/${campaignId}/units/${u}/members`, staff)).status).toBe(
        404,
      );
    expect((await api('GET', '/api/org/my/campaigns/999999', staff)).status).toBe(404);
    // Someone with no units sees no campaign at all.
    expect((await api('GET', `/api/org/my/campaigns/${campaignId}`, m2)).status).toBe(404);
    expect((await api('GET', '/api/org/my/campaigns', m2)).body.data).toEqual([]);
    // Their one-click reminder: everyone unfinished in 1班 was reminded within the cooldown.
    const tooSoon = await api('POST', `/api/org/my/campaigns/${campaignId}/remind`, staff);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.message).toBe(campaignMessages.remindTooSoon(CAMPAIGN_REMIND_COOLDOWN_HOURS));
    await ctx.database.db
      .update(campaignNotices)
      .set({ createdAt: new Date(Date.now() - (CAMPAIGN_REMIND_COOLDOWN_HOURS + 1) * 3_600_000) })
      .where(eq(campaignNotices.campaignId, campaignId));
    // Once it has passed: only 学生三 (1班, not finished); 学生二 is in 2班, not theirs.
    const reminded = await api('POST', `/api/org/my/campaigns/${campaignId}/remind`, staff);
    expect(reminded.status, reminded.body.message).toBe(200);
    expect(reminded.body.data.reminded).toBe(1);
    await ctx.app.deps.events.drain();
    expect(await notificationsOf('13900000003')).toEqual(['新的心理筛查', '心理筛查提醒', '心理筛查提醒']);
    expect(await notificationsOf('13800000022')).toEqual(['新的心理筛查', '心理筛查提醒']);
    expect((await api('POST', `/api/org/my/campaigns/${campaignId}/remind`, m2)).status).toBe(404);
    // Unit staff cannot use the auditors' routes.
    expect((await api('GET', `/api/audit/campaigns/${campaignId}`, staff)).status).toBe(403);
  });

  it('sends scheduled reminders from the sweeper, once each, and caps SMS per phone per day', async () => {
    const now = Date.now();
    const set = (v: Partial<typeof campaigns.$inferInsert>) =>
      ctx.database.db.update(campaigns).set(v).where(eq(campaigns.id, campaignId));
    // The 1-day reminder fell due an hour ago; the last one was two days ago.
    await set({
      closesAt: new Date(now + 23 * 3_600_000),
      openedAt: new Date(now - 5 * day),
      lastRemindedAt: new Date(now - 2 * day),
    });
    expect(await ctx.app.deps.services.campaigns.sweep()).toBe(1);
    expect(await ctx.app.deps.services.campaigns.sweep()).toBe(0);
    await ctx.app.deps.events.drain();
    expect(await notificationsOf('13900000003')).toEqual([
      '新的心理筛查',
      '心理筛查提醒',
      '心理筛查提醒',
      '心理筛查提醒',
    ]);
    // Three SMS in 24 hours (opening, two reminders); the fourth notice went in-app only.
    expect(await smsNotices('13900000003')).toHaveLength(3);
    expect(await notificationsOf(DEMO.user)).toEqual(['新的心理筛查']);
    // A fourth notice within 24 hours goes in-app only.
    await set({ lastRemindedAt: null });
    const r = await api('POST', `/api/audit/campaigns/${campaignId}/remind`, auditor);
    expect(r.body.data).toEqual({ reminded: 2, sms: 0 });
    await ctx.app.deps.events.drain();
    expect(await notificationsOf('13900000003')).toHaveLength(5);
    expect(await smsNotices('13900000003')).toHaveLength(3);
  });

  it('closes: members no longer see it and cannot start', async () => {
    const closed = await api('POST', `/api/audit/campaigns/${campaignId}/close`, auditor);
    expect(closed.status).toBe(200);
    expect((await api('GET', '/api/campaigns/mine', m2)).body.data).toEqual([]);
    const users3 = await ctx.database.db
      .select({ id: orgMembers.id })
      .from(orgMembers)
      .where(inArray(orgMembers.telephone, ['13900000003']));
    expect(users3).toHaveLength(1);
    expect((await api('POST', `/api/audit/campaigns/${campaignId}/close`, auditor)).status).toBe(409);
    expect(
      (await api('POST', `/api/campaigns/${campaignId}/start`, m2, { consent: true })).body.data,
    ).toEqual({
      assessmentId: expect.any(Number),
    });
  });

  it('the sweeper closes a campaign whose window has ended', async () => {
    const created = await api('POST', '/api/audit/campaigns', auditor, body());
    const id = created.body.data.id as number;
    expect((await api('POST', `/api/audit/campaigns/${id}/open`, auditor)).status).toBe(200);
    // 学生二's assessment of this scale is still open for the first campaign: it is not taken over.
    const busy = await api('POST', `/api/campaigns/${id}/start`, m2, { consent: true });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(campaignMessages.busyElsewhere);
    await ctx.database.db
      .update(campaigns)
      .set({ closesAt: new Date(Date.now() - 60_000) })
      .where(eq(campaigns.id, id));
    await ctx.app.deps.services.campaigns.sweep();
    expect((await api('GET', `/api/audit/campaigns/${id}`, auditor)).body.data.status).toBe('closed');
    expect((await api('POST', `/api/campaigns/${id}/start`, m1, { consent: true })).status).toBe(409);
  });
});
