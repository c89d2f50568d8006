import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignMessages } from '@psy/contracts';
import { campaignNotices, campaigns } from '../src/modules/campaigns/campaigns.table';
import { orgMembers } from '../src/modules/org/org.table';
import { createTestContext, LONG_SESSIONS, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login, scaleIdOf, takePhq9, ZHANG_XIAOYU } from './helpers';
import { firstInstitutionId, importRoster, unitIdsByPath, userIdOf as userIdOfPhone } from './org-fixtures';

// 复测: after a screening, the centre schedules a follow-up re-test for the people with warnings.
// It is a campaign of its own that lists those people by name: only they are told, only they can
// take it, its figures count only them, and their new results are the screening's re-test
// figures and a second point on their record's trend.

const HOUR = 3_600_000;
const T0 = new Date('2026-11-20T02:00:00Z');
const time = testClock(T0);

let ctx: TestContext;
let auditor: string;
let m1: string; // 学生一 13800000001, 心理学院/1班: item 9 at 2 (高危)
let m2: string; // 学生二 13800000022, 心理学院/2班: item 9 at 1
let m3: string; // 学生三 13800000021, 心理学院/1班: no warning
let campaignId: number;
let retestId: number;
let phq9: number;
const member: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const window = (fromHours: number, toHours: number) => ({
  opensAt: new Date(T0.getTime() + fromHours * HOUR).toISOString(),
  closesAt: new Date(T0.getTime() + toHours * HOUR).toISOString(),
});

const userIdOf = (phone: string) => userIdOfPhone(ctx.database.db, phone);

/** Takes PHQ-9 through a campaign: every item at its first option but item 9 at `item9`. */
async function memberTakesPhq9(campaign: number, token: string, name: string, item9: number) {
  await takePhq9(
    ctx.app,
    token,
    { campaignId: campaign },
    { item9: item9 + 1, others: 1 },
    { info: { ...ZHANG_XIAOYU, name, age: 20 } },
  );
}

beforeAll(async () => {
  ctx = await createTestContext({
    seed: true,
    clock: time.clock,
    env: LONG_SESSIONS,
  });
  auditor = await login(ctx.app, DEMO.auditor);
  m1 = await login(ctx.app, DEMO.user);
  m2 = await login(ctx.app, '13800000022');
  m3 = await login(ctx.app, '13800000021');
  const school = await firstInstitutionId(ctx.database.db);
  phq9 = await scaleIdOf(ctx.app, 'PHQ9');
  await importRoster(ctx.app, auditor, school, [
    ['学生一', DEMO.user, 'R001', '心理学院/1班', '男', 2006],
    ['学生二', '13800000022', 'R002', '心理学院/2班', '女', 2006],
    ['学生三', '13800000021', 'R003', '心理学院/1班', '男', 2006],
  ]);
  const psych = (await unitIdsByPath(ctx.database.db, school))['心理学院']!;
  for (const m of await ctx.database.db.select().from(orgMembers)) member[m.name] = m.id;

  const created = await api('POST', '/api/audit/campaigns', auditor, {
    institutionId: school,
    title: '秋季心理普查',
    scaleId: phq9,
    unitIds: [psych],
    ...window(-24, 30 * 24),
    consentText: '本次普查仅用于心理健康服务。',
    showResultToMember: false,
    reminderDaysBeforeClose: [3],
  });
  expect(created.status, created.body.message).toBe(200);
  campaignId = created.body.data.id;
  // A draft has nobody to re-test yet.
  const early = await api('POST', `/api/audit/campaigns/${campaignId}/retests`, auditor, window(0, 48));
  expect(early.status).toBe(409);
  expect(early.body.message).toBe(campaignMessages.retestDraft);
  expect((await api('POST', `/api/audit/campaigns/${campaignId}/open`, auditor)).status).toBe(200);
  await memberTakesPhq9(campaignId, m1, '学生一', 2);
  await memberTakesPhq9(campaignId, m2, '学生二', 1);
  await memberTakesPhq9(campaignId, m3, '学生三', 0);
  await ctx.app.deps.events.drain();
});
afterAll(() => ctx.close());

describe(`campaign re-tests on ${testDbKind}`, () => {
  it('lists the people with warnings, highest level first, for auditors only', async () => {
    const r = await api('GET', `/api/audit/campaigns/${campaignId}/retest-candidates`, auditor);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data.map((c: { name: string }) => c.name)).toEqual(['学生一', '学生二']);
    expect(r.body.data[0]).toMatchObject({
      memberId: member['学生一'],
      memberNo: 'R001',
      unitName: '心理学院/1班',
      level: 3,
      retestIds: [],
    });
    // The auditors' warning list names the account, to open the person's record from it.
    const warned = await api('GET', `/api/audit/campaigns/${campaignId}/warnings`, auditor);
    expect(warned.body.data.list.map((w: { userId: number }) => w.userId).sort()).toEqual(
      [await userIdOf(DEMO.user), await userIdOf('13800000022')].sort(),
    );
    expect((await api('GET', `/api/audit/campaigns/${campaignId}/retest-candidates`, m1)).status).toBe(403);
    expect((await api('GET', '/api/audit/campaigns/999999/retest-candidates', auditor)).status).toBe(404);
  });

  it('refuses someone without a warning, an empty list and a bad window, changing nothing', async () => {
    const before = await ctx.database.db.select().from(campaigns);
    const foreign = await api('POST', `/api/audit/campaigns/${campaignId}/retests`, auditor, {
      ...window(24, 14 * 24),
      memberIds: [member['学生一'], member['学生三']],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(campaignMessages.retestForeign);
    const empty = await api('POST', `/api/audit/campaigns/${campaignId}/retests`, auditor, {
      ...window(24, 14 * 24),
      memberIds: [],
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('请至少选择一人');
    const backwards = await api(
      'POST',
      `/api/audit/campaigns/${campaignId}/retests`,
      auditor,
      window(48, 24),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('结束时间必须晚于开始时间');
    expect((await api('POST', '/api/audit/campaigns/999999/retests', auditor, window(24, 48))).status).toBe(
      404,
    );
    expect((await api('POST', `/api/audit/campaigns/${campaignId}/retests`, m1, window(24, 48))).status).toBe(
      403,
    );
    expect(await ctx.database.db.select().from(campaigns)).toEqual(before);
  });

  it('schedules a draft with the same scale and settings that lists only them', async () => {
    const r = await api('POST', `/api/audit/campaigns/${campaignId}/retests`, auditor, window(1, 14 * 24));
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      title: '秋季心理普查·复测',
      scaleId: phq9,
      planId: null,
      status: 'draft',
      consentText: '本次普查仅用于心理健康服务。',
      showResultToMember: false,
      reminderDaysBeforeClose: [3],
      contactHours: [72, 48, 24],
      retestOf: campaignId,
      listedMembers: 2,
      progress: { total: 2, completed: 0, started: 0, notStarted: 2 },
    });
    retestId = r.body.data.id;
    // Editing the draft keeps its people, units and scale, whatever the body names.
    const units = r.body.data.unitIds;
    const edit = await api('PUT', `/api/audit/campaigns/${retestId}`, auditor, {
      title: '秋季普查复测（两周）',
      scaleId: phq9 + 1,
      unitIds: [units[0] + 999],
      ...window(1, 14 * 24),
      consentText: '复测仅用于了解近况。',
    });
    expect(edit.status, edit.body.message).toBe(200);
    expect(edit.body.data).toMatchObject({
      unitIds: units,
      scaleId: phq9,
      listedMembers: 2,
      title: '秋季普查复测（两周）',
    });
    expect(edit.body.data.progress.total).toBe(2);
  });

  it('when opened tells only the listed people, and only they see and take it', async () => {
    time.set(new Date(T0.getTime() + 2 * HOUR));
    const open = await api('POST', `/api/audit/campaigns/${retestId}/open`, auditor);
    expect(open.status, open.body.message).toBe(200);
    expect(open.body.data.notified).toBe(2);
    const told = await ctx.database.db
      .select()
      .from(campaignNotices)
      .where(eq(campaignNotices.campaignId, retestId));
    expect(told.map((n) => n.userId).sort()).toEqual(
      [await userIdOf(DEMO.user), await userIdOf('13800000022')].sort(),
    );

    const mine = async (token: string) =>
      ((await api('GET', '/api/campaigns/mine', token)).body.data as { id: number }[]).map((c) => c.id);
    expect(await mine(m1)).toContain(retestId);
    expect(await mine(m2)).toContain(retestId);
    expect(await mine(m3)).not.toContain(retestId);
    expect((await api('POST', `/api/campaigns/${retestId}/start`, m3, { consent: true })).status).toBe(404);
  });

  it("counts the re-test in the screening's outcome figures and the record's trend", async () => {
    time.set(new Date(T0.getTime() + 5 * HOUR));
    await memberTakesPhq9(retestId, m1, '学生一', 0);
    const detail = await api('GET', `/api/audit/campaigns/${retestId}`, auditor);
    expect(detail.body.data.progress).toEqual({ total: 2, completed: 1, started: 0, notStarted: 1 });
    expect(detail.body.data.units.reduce((n: number, u: { total: number }) => n + u.total, 0)).toBe(2);

    // The big screen and the report count the listed people only.
    const screen = await api('GET', '/api/stats/screen/campaigns', auditor);
    expect(screen.body.data.list.find((c: { id: number }) => c.id === retestId)).toMatchObject({
      total: 2,
      completed: 1,
    });

    const outcomes = await api('GET', `/api/audit/campaigns/${campaignId}/outcomes`, auditor);
    // 学生一's warning is re-tested and improved (2 -> 0); 学生二 has not taken it yet.
    expect(outcomes.body.data.total).toMatchObject({ raised: 2, retested: 1, improved: 1 });
    const parent = await api('GET', `/api/audit/campaigns/${campaignId}`, auditor);
    expect(parent.body.data.retests).toEqual([
      expect.objectContaining({
        id: retestId,
        status: 'open',
        progress: { total: 2, completed: 1, started: 0, notStarted: 1 },
      }),
    ]);
    const candidates = await api('GET', `/api/audit/campaigns/${campaignId}/retest-candidates`, auditor);
    expect(candidates.body.data.map((c: { retestIds: number[] }) => c.retestIds)).toEqual([
      [retestId],
      [retestId],
    ]);

    const record = await api('GET', `/api/expert/records/${await userIdOf(DEMO.user)}`, auditor);
    expect(record.status, record.body.message).toBe(200);
    const trend = record.body.data.trends.find((t: { scaleId: number }) => t.scaleId === phq9);
    expect(trend.points.map((p: { score: number }) => p.score)).toEqual([2, 0]);
  });

  it('documents its routes in the OpenAPI document', async () => {
    const paths = Object.keys((await ctx.app.inject('/SysAdmin/docs/json')).json().paths as object);
    expect(paths).toContain('/SysAdmin/api/audit/campaigns/{id}/retests');
    expect(paths).toContain('/SysAdmin/api/audit/campaigns/{id}/retest-candidates');
  });
});
