import type { Client } from '@stomp/stompjs';
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assessmentParts, assessments } from '../src/modules/assessments/assessments.table';
import { auditLogs } from '../src/modules/audit/audit.table';
import { institutions } from '../src/modules/institutions/institutions.table';
import { activities, plans } from '../src/modules/plans/plans.table';
import { scales } from '../src/modules/scales/scales.table';
import { users } from '../src/modules/users/users.table';
import { warningProgress, warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, login, STATS_CAST } from './helpers';
import { statisticsRepository, type Filter } from '../src/modules/statistics/statistics.repository';
import { TICKER_SIZE } from '../src/modules/statistics/statistics.service';
import { pdfText } from './pdf-text';
import { connect, stompClient, until } from './stomp-client';

// Figures of the big screen and the data centre against a hand count of known rows, per
// role scope and per filter; the export's contents and masking; the audit log; the live feed.
// Now: Friday 2026-11-20 10:00 in Shanghai. Week from Monday 11-16, month from 11-01,
// the 30-day window from 10-22.

const time = testClock(new Date('2026-11-20T02:00:00Z'));
const HOUR = 3_600_000;
let ctx: TestContext;
let base: string;
const tok = {} as Record<'expert' | 'expert12' | 'expert13' | 'auditor' | 'user' | 'user22', string>;
const id = {} as Record<
  'user1' | 'user21' | 'user22' | 'expert2' | 'expert12' | 'expert13' | 'auditor',
  number
>;
const scale = {} as Record<'PHQ9' | 'GAD7' | 'SCL90', { id: number; versionId: number }>;
let planId: number;
/** The seeded campaigns: the students' plan (2026 秋季新生心理普查) and the WHO-5 day. */
let activity: { plan: number; who5: number };
let shanghaiInst: number;
const clients: Client[] = [];

type Part = {
  scale: keyof typeof scale;
  raw: number;
  band: string;
  positive?: boolean;
  dims?: [key: string, name: string, score: number][];
  status?: 'submitted' | 'in_progress';
};

async function addAssessment(a: {
  user: number;
  expert: number;
  name: string;
  gender: 'male' | 'female';
  age: number;
  region: string;
  at: string;
  plan?: number;
  activity?: number;
  status?: 'submitted' | 'in_progress';
  parts: Part[];
  warning?: { level: number; progress?: [hoursAfter: number, status: 'following' | 'closed'][] };
}) {
  const db = ctx.database.db;
  const at = new Date(a.at);
  const submitted = (a.status ?? 'submitted') === 'submitted';
  const [row] = await db
    .insert(assessments)
    .values({
      userId: a.user,
      kind: a.plan ? 'plan' : 'scale',
      scaleId: a.plan ? null : scale[a.parts[0]!.scale].id,
      planId: a.plan ?? null,
      activityId: a.activity ?? null,
      title: a.plan ? '大学生心理健康普查' : a.parts[0]!.scale,
      status: submitted ? 'submitted' : 'in_progress',
      consentText: '同意',
      consentAcceptedAt: at,
      basicInfo: { name: a.name, gender: a.gender, age: a.age, regionCode: a.region, phone: null, extra: {} },
      expertId: a.expert,
      startedAt: new Date(at.getTime() - 10 * 60_000),
      submittedAt: submitted ? at : null,
      durationSeconds: submitted ? 600 : null,
    })
    .returning();
  for (const [position, p] of a.parts.entries()) {
    const done = (p.status ?? 'submitted') === 'submitted';
    await db.insert(assessmentParts).values({
      assessmentId: row!.id,
      position,
      scaleId: scale[p.scale].id,
      scaleVersionId: scale[p.scale].versionId,
      answers: { '1': 2, '9': 1 },
      status: done ? 'submitted' : 'in_progress',
      submittedAt: done ? at : null,
      durationSeconds: 300,
      result: done
        ? {
            rawScore: p.raw,
            standardScore: null,
            band: p.band ? { label: p.band, interpretation: '', advice: '' } : null,
            dimensions: (p.dims ?? []).map(([key, name, score]) => ({ key, name, score, band: null })),
            indices: {},
            scoreBands: {},
            positive: p.positive ?? false,
            alerts: a.warning ? [{ level: a.warning.level as 1, reason: '测试预警', crisis: false }] : [],
            notes: [],
            itemValues: [2, null, 1],
          }
        : null,
    });
  }
  if (a.warning) {
    const progress = a.warning.progress ?? [];
    const [w] = await db
      .insert(warnings)
      .values({
        assessmentId: row!.id,
        userId: a.user,
        expertId: a.expert,
        level: a.warning.level,
        reason: '测试预警',
        scaleName: '患者健康问卷抑郁量表',
        status: progress.at(-1)?.[1] ?? 'pending',
        createdAt: at,
      })
      .returning();
    for (const [hours, status] of progress)
      await db.insert(warningProgress).values({
        warningId: w!.id,
        actorId: a.expert,
        status,
        note: '已联系',
        createdAt: new Date(at.getTime() + hours * HOUR),
      });
  }
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock, env: { STATS_CACHE_SECONDS: '0' } });
  base = await ctx.listen();
  const db = ctx.database.db;
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.telephone, Object.values(STATS_CAST)));
  for (const [k, phone] of Object.entries(STATS_CAST))
    id[k as keyof typeof id] = rows.find((r) => r.telephone === phone)!.id;
  for (const s of await db
    .select()
    .from(scales)
    .where(inArray(scales.code, ['PHQ9', 'GAD7', 'SCL90'])))
    scale[s.code as keyof typeof scale] = { id: s.id, versionId: s.publishedVersionId! };
  planId = (await db.select().from(plans).where(eq(plans.title, '大学生心理健康普查')))[0]!.id;
  const campaigns = await db.select().from(activities);
  activity = {
    plan: campaigns.find((c) => c.title === '2026 秋季新生心理普查')!.id,
    who5: campaigns.find((c) => c.title === '世界精神卫生日 · 幸福感自测')!.id,
  };
  shanghaiInst = (
    await db.select().from(institutions).where(eq(institutions.name, '上海青禾大学生心理健康服务站'))
  )[0]!.id;
  tok.expert = await login(ctx.app, DEMO.expert);
  tok.expert12 = await login(ctx.app, '13800000012');
  tok.expert13 = await login(ctx.app, '13800000013');
  tok.auditor = await login(ctx.app, DEMO.auditor);
  tok.user = await login(ctx.app, DEMO.user);
  tok.user22 = await login(ctx.app, '13800000022');

  const zhang = { user: id.user1, name: '张小雨', gender: 'female', age: 23, region: '110108' } as const;
  const huang = { user: id.user22, name: '黄一诺', gender: 'female', age: 30, region: '110105' } as const;
  const li = { user: id.user21, name: '李晨', gender: 'male', age: 20, region: '310104' } as const;
  // a1: today, no warning.
  await addAssessment({
    ...zhang,
    expert: id.expert2,
    at: '2026-11-20T01:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 5, band: '轻度' }],
  });
  // a2: this week, level 3, nobody has contacted the person yet.
  await addAssessment({
    ...huang,
    expert: id.expert2,
    at: '2026-11-17T03:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 12, band: '中度', positive: true }],
    warning: { level: 3 },
  });
  // a3: this month (10 days ago), level 1: contacted after 2 h, closed after 3 days.
  await addAssessment({
    ...li,
    expert: id.expert13,
    at: '2026-11-10T03:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 2, band: '无/极轻微抑郁' }],
    warning: {
      level: 1,
      progress: [
        [2, 'following'],
        [72, 'closed'],
      ],
    },
  });
  // a4: this week, level 2, contacted after 6 h, still followed.
  await addAssessment({
    ...li,
    expert: id.expert13,
    at: '2026-11-18T03:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 8, band: '轻度' }],
    warning: { level: 2, progress: [[6, 'following']] },
  });
  // a5: 50 days ago, outside every window; its warning is still open.
  await addAssessment({
    ...zhang,
    expert: id.expert2,
    at: '2026-10-01T03:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 20, band: '重度', positive: true }],
    warning: { level: 2 },
  });
  // a6: SCL-90 today.
  await addAssessment({
    ...huang,
    expert: id.expert2,
    at: '2026-11-20T00:30:00Z',
    parts: [
      {
        scale: 'SCL90',
        raw: 180,
        band: '',
        positive: true,
        dims: [
          ['somatization', '躯体化', 1.5],
          ['depression', '抑郁', 2.1],
        ],
      },
    ],
  });
  // a7: a plan started 15 days ago in the students' campaign and never finished (dropped).
  await addAssessment({
    ...zhang,
    expert: id.expert2,
    at: '2026-11-05T03:00:00Z',
    plan: planId,
    activity: activity.plan,
    status: 'in_progress',
    parts: [
      { scale: 'PHQ9', raw: 0, band: '', status: 'in_progress' },
      { scale: 'GAD7', raw: 0, band: '', status: 'in_progress' },
    ],
  });
  // a8: the plan in the students' campaign, completed yesterday.
  await addAssessment({
    ...huang,
    expert: id.expert2,
    at: '2026-11-19T02:10:00Z',
    plan: planId,
    activity: activity.plan,
    parts: [
      { scale: 'PHQ9', raw: 3, band: '无/极轻微抑郁' },
      { scale: 'GAD7', raw: 4, band: '无' },
    ],
  });
  // a9: a person of expert 2's institution followed by expert 12 (another institution).
  await addAssessment({
    ...zhang,
    expert: id.expert12,
    at: '2026-11-19T05:00:00Z',
    parts: [{ scale: 'PHQ9', raw: 15, band: '中重度', positive: true }],
    warning: { level: 3 },
  });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.deactivate()));
});
afterAll(() => ctx.close());

const get = (url: string, token: string) => call(ctx.app, 'GET', url, { token });
const screen = async (token: string, scope?: string) => {
  return dataOf(await get(`/api/stats/screen${scope ? `?scope=${scope}` : ''}`, token));
};
const center = async (token: string, query = '') => {
  return dataOf(await get(`/api/stats/center${query ? `?${query}` : ''}`, token));
};
const sum = (xs: { [k: string]: unknown }[], key: string) => xs.reduce((s, x) => s + (x[key] as number), 0);

/**
 * The figures against the hand count: asked twice, while every day is dirty (counted from the
 * facts) and once the sweeper has rebuilt the rollups (read from them).
 */
function figureTests() {
  it('counts the big screen for an auditor over everyone', async () => {
    const s = await screen(tok.auditor);
    expect(s.scope).toBe('all');
    expect(s.scopes).toEqual(['all']);
    expect(s.levels).toEqual({
      today: { 1: 0, 2: 0, 3: 0 },
      week: { 1: 0, 2: 1, 3: 2 },
      month: { 1: 1, 2: 1, 3: 2 },
    });
    expect(s.trend).toHaveLength(30);
    expect(s.trend[0].date).toBe('2026-10-22');
    expect(s.trend[29]).toEqual({ date: '2026-11-20', warnings: 0, assessments: 2 });
    expect(s.trend.find((d: { date: string }) => d.date === '2026-11-19')).toEqual({
      date: '2026-11-19',
      warnings: 1,
      assessments: 2,
    });
    expect(sum(s.trend, 'warnings')).toBe(4);
    expect(sum(s.trend, 'assessments')).toBe(7);
    expect(s.provinces).toEqual([
      { code: '11', name: '北京市', warnings: 2, assessments: 5 },
      { code: '31', name: '上海市', warnings: 2, assessments: 2 },
    ]);
    expect(s.bands[0]).toEqual({
      scaleId: scale.PHQ9.id,
      shortName: 'PHQ-9',
      total: 6,
      bands: [
        { label: '无/极轻微抑郁', count: 2 },
        { label: '轻度', count: 2 },
        { label: '中度', count: 1 },
        { label: '中重度', count: 1 },
      ],
    });
    // SCL-90 has no main band: it is left out of the band donuts.
    expect(s.bands.map((b: { shortName: string; total: number }) => [b.shortName, b.total])).toEqual([
      ['PHQ-9', 6],
      ['GAD-7', 1],
    ]);
    expect(s.topInstitutions.map((i: { name: string; open: number }) => [i.name, i.open])).toEqual([
      ['北京心晴心理咨询中心', 3],
      ['上海青禾大学生心理健康服务站', 1],
    ]);
    expect(s.followUp).toEqual({
      open: 4,
      medianFirstContactHours: 4,
      closedWithin7Days: 1,
      contacted: 2,
      eligibleFor7Days: 1,
    });
    expect(
      s.latest.map((w: { maskedName: string; level: number; province: string }) => [
        w.maskedName,
        w.level,
        w.province,
      ]),
    ).toEqual([
      ['张**', 3, '北京市'],
      ['李*', 2, '上海市'],
      ['黄**', 3, '北京市'],
      ['李*', 1, '上海市'],
      ['张**', 2, '北京市'],
    ]);
  });

  it('counts only an expert’s own people, or their institution’s, never anyone else’s', async () => {
    const mine = await screen(tok.expert);
    expect(mine.scope).toBe('mine');
    expect(mine.scopes).toEqual(['mine', 'institution']);
    expect(mine.levels.week).toEqual({ 1: 0, 2: 0, 3: 1 });
    expect(mine.levels.month).toEqual({ 1: 0, 2: 0, 3: 1 });
    expect(sum(mine.trend, 'assessments')).toBe(4);
    expect(mine.provinces).toEqual([{ code: '11', name: '北京市', warnings: 1, assessments: 4 }]);
    expect(mine.followUp).toEqual({
      open: 2,
      medianFirstContactHours: null,
      closedWithin7Days: null,
      contacted: 0,
      eligibleFor7Days: 0,
    });
    expect(mine.latest.map((w: { maskedName: string }) => w.maskedName)).toEqual(['黄**', '张**']);

    const inst = await screen(tok.expert, 'institution');
    expect(inst.levels.week).toEqual({ 1: 0, 2: 0, 3: 2 });
    // The newest warnings of the institution's people, newest first (found person by person).
    const [me] = await ctx.database.db
      .select({ institutionId: users.institutionId })
      .from(users)
      .where(eq(users.telephone, DEMO.expert));
    const theirs = await ctx.database.db
      .select({ id: warnings.id, createdAt: warnings.createdAt })
      .from(warnings)
      .innerJoin(users, eq(users.id, warnings.userId))
      .where(eq(users.institutionId, me!.institutionId!));
    expect(theirs.length).toBeGreaterThan(1);
    expect(inst.latest.map((w: { id: number }) => w.id)).toEqual(
      theirs
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
        .slice(0, inst.latest.length)
        .map((w) => w.id),
    );
    expect(inst.latest.length).toBe(Math.min(theirs.length, TICKER_SIZE));
    expect(sum(inst.trend, 'assessments')).toBe(5);
    expect(inst.topInstitutions).toEqual([
      expect.objectContaining({ name: '北京心晴心理咨询中心', open: 3 }),
    ]);

    const li = await screen(tok.expert13);
    expect(li.levels.month).toEqual({ 1: 1, 2: 1, 3: 0 });
    expect(li.followUp).toMatchObject({ open: 1, medianFirstContactHours: 4, closedWithin7Days: 1 });
    expect(li.provinces.map((p: { code: string }) => p.code)).toEqual(['31']);

    // Expert 12 follows one person of another institution; their own institution has nobody.
    expect((await screen(tok.expert12)).levels.week).toEqual({ 1: 0, 2: 0, 3: 1 });
    const empty = await screen(tok.expert12, 'institution');
    expect(empty.levels.month).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(sum(empty.trend, 'assessments')).toBe(0);
    expect(empty.latest).toEqual([]);
  });

  it('counts the data centre per filter', async () => {
    const all = await center(tok.auditor);
    expect([all.from, all.to, all.total, all.people]).toEqual(['2026-10-22', '2026-11-20', 7, 3]);
    expect(all.overTime).toHaveLength(30);
    expect(sum(all.overTime, 'count')).toBe(7);
    expect(all.scale).toMatchObject({ id: scale.PHQ9.id, code: 'PHQ9' });
    expect(all.bands).toEqual([
      { label: '无/极轻微抑郁', count: 2 },
      { label: '轻度', count: 2 },
      { label: '中度', count: 1 },
      { label: '中重度', count: 1 },
    ]);
    expect(all.score).toEqual({ n: 6, meanRaw: 7.5, meanStandard: null });
    expect(all.positive).toEqual({ positive: 2, total: 6, rate: 0.3333 });
    expect(all.retakes).toEqual([
      { attempt: 1, count: 3, meanRaw: 9.67 },
      { attempt: 2, count: 3, meanRaw: 5.33 },
    ]);
    expect(all.cross.gender).toEqual([
      { band: '无/极轻微抑郁', key: 'female', count: 1 },
      { band: '无/极轻微抑郁', key: 'male', count: 1 },
      { band: '轻度', key: 'female', count: 1 },
      { band: '轻度', key: 'male', count: 1 },
      { band: '中度', key: 'female', count: 1 },
      { band: '中重度', key: 'female', count: 1 },
    ]);
    expect(all.cross.ageBand.filter((c: { key: string }) => c.key === '18_24')).toHaveLength(3);
    expect(sum(all.cross.province, 'count')).toBe(6);
    expect(all.plans).toEqual([
      { id: planId, title: '大学生心理健康普查', started: 2, completed: 1, dropped: 1 },
    ]);

    expect((await center(tok.auditor, 'gender=female')).total).toBe(5);
    expect((await center(tok.auditor, 'gender=female')).score.n).toBe(4);
    // A cross-tab by the column a filter fixes holds that key's row of the whole cross-tab for
    // each band, and the other cross-tabs split the filtered bands (each counted its own way).
    const keyed = (rows: { key: string }[], key: string) => rows.filter((c) => c.key === key);
    for (const [column, key, query] of [
      ['gender', 'female', 'gender=female'],
      ['ageBand', '18_24', 'ageBand=18_24'],
      ['province', '31', 'province=31'],
      ['gender', 'female', 'gender=female&ageBand=18_24&province=11'],
    ] as const) {
      const one = await center(tok.auditor, query);
      const expected = query.includes('&')
        ? one.bands.map((b: { label: string; count: number }) => ({ band: b.label, key, count: b.count }))
        : keyed(all.cross[column], key);
      expect(one.cross[column], query).toEqual(expected);
      expect(one.cross[column].length, query).toBeGreaterThan(0);
      for (const other of ['gender', 'ageBand', 'province'] as const) {
        expect(sum(one.cross[other], 'count'), `${query} by ${other}`).toBe(one.score.n);
      }
    }
    const drill = await center(tok.auditor, 'gender=female&ageBand=18_24&province=11');
    expect(drill.cross).toEqual({
      gender: drill.bands.map((b: { label: string; count: number }) => ({
        band: b.label,
        key: 'female',
        count: b.count,
      })),
      ageBand: drill.bands.map((b: { label: string; count: number }) => ({
        band: b.label,
        key: '18_24',
        count: b.count,
      })),
      province: drill.bands.map((b: { label: string; count: number }) => ({
        band: b.label,
        key: '11',
        count: b.count,
      })),
    });
    expect((await center(tok.auditor, 'ageBand=18_24')).total).toBe(4);
    expect((await center(tok.auditor, 'province=31')).total).toBe(2);
    expect((await center(tok.auditor, `institutionId=${shanghaiInst}`)).total).toBe(2);
    expect((await center(tok.auditor, `planId=${planId}`)).total).toBe(1);
    expect((await center(tok.auditor, `scaleId=${scale.GAD7.id}`)).bands).toEqual([
      { label: '无', count: 1 },
    ]);
    expect((await center(tok.auditor, 'from=2026-11-18&to=2026-11-19')).total).toBe(3);
    // a5 lies before the default 30 days; asked for, it counts.
    expect((await center(tok.auditor, 'from=2026-09-01&to=2026-10-31')).total).toBe(1);

    const scl = await center(tok.auditor, `scaleId=${scale.SCL90.id}`);
    expect(scl.total).toBe(1);
    // SCL-90 has no main band: no band figures, only its factors.
    expect([scl.bands, scl.cross.gender, scl.positive]).toEqual([[], [], { positive: 1, total: 1, rate: 1 }]);
    expect(scl.dimensions).toEqual([
      { key: 'somatization', name: '躯体化', mean: 1.5, norm: { mean: 1.37, sd: 0.48 } },
      { key: 'depression', name: '抑郁', mean: 2.1, norm: { mean: 1.5, sd: 0.59 } },
    ]);
  });

  it('counts a scale’s days, people and takes within a filter that splits a person’s takes', async () => {
    // PHQ-9 of the women in the 30 days: 张小雨 a9 (11-19, 15) then a1 (11-20, 5); 黄一诺 a2
    // (11-17, 12) then a8 (11-19, 3). Read in one statement (takesOfScale).
    const women = await center(tok.auditor, `scaleId=${scale.PHQ9.id}&gender=female`);
    expect([women.total, women.people]).toEqual([4, 2]);
    expect(women.overTime.filter((d: { count: number }) => d.count > 0)).toEqual([
      { date: '2026-11-17', count: 1 },
      { date: '2026-11-19', count: 2 },
      { date: '2026-11-20', count: 1 },
    ]);
    expect(women.retakes).toEqual([
      { attempt: 1, count: 2, meanRaw: 13.5 },
      { attempt: 2, count: 2, meanRaw: 4 },
    ]);
    // Expert 2's own people (a9 is expert 12's): 张小雨 a1 (5); 黄一诺 a2 (12) then a8 (3).
    const mine = await center(tok.expert, `scaleId=${scale.PHQ9.id}`);
    expect([mine.total, mine.people]).toEqual([3, 2]);
    expect(mine.retakes).toEqual([
      { attempt: 1, count: 2, meanRaw: 8.5 },
      { attempt: 2, count: 1, meanRaw: 3 },
    ]);
    // The same figures as the three statements it stands for, for every filter of that kind.
    const db = ctx.database.db;
    const range = {
      fromDay: '2026-09-01',
      toDay: '2026-11-20',
      fromAt: new Date('2026-08-31T16:00:00Z'),
      toAt: new Date('2026-11-20T16:00:00Z'),
    };
    const all = { kind: 'all' } as const;
    const filters: Filter[] = [
      { scope: all, ...range, gender: 'female' },
      { scope: all, ...range, gender: 'male' },
      { scope: all, ...range, ageBand: '18_24' },
      { scope: all, ...range, province: '11' },
      { scope: all, ...range, planId },
      { scope: all, ...range, activityId: activity.plan },
      { scope: all, ...range, gender: 'female', ageBand: '18_24', province: '11' },
      { scope: { kind: 'mine', expertId: id.expert2 }, ...range },
      { scope: { kind: 'institution', institutionId: shanghaiInst }, ...range, gender: 'male' },
    ];
    let retaken = 0;
    for (const f of filters) {
      for (const s of [scale.PHQ9.id, scale.GAD7.id]) {
        const withScale = { ...f, scaleId: s };
        expect(statisticsRepository.takesInOne(withScale, s)).toBe(true);
        const one = await statisticsRepository.takesOfScale(db, withScale, s);
        const byDay = (xs: { day: string }[]) => [...xs].sort((a, b) => a.day.localeCompare(b.day));
        const label = JSON.stringify(withScale);
        expect(byDay(one.days), label).toEqual(
          byDay(await statisticsRepository.assessmentsByDay(db, withScale)),
        );
        expect(one.people, label).toBe(await statisticsRepository.people(db, withScale));
        expect(one.retakes, label).toEqual(await statisticsRepository.retakes(db, withScale, s));
        retaken += one.retakes.filter((r) => r.attempt > 1).length;
      }
    }
    expect(retaken).toBeGreaterThan(3);
    // A filter that keeps a person whole still counts each person's chain of takes.
    expect(statisticsRepository.takesInOne({ scope: all, ...range }, scale.PHQ9.id)).toBe(false);
  });

  it('counts one campaign (activity) and nothing taken outside it', async () => {
    // The students' campaign holds a7 (dropped) and a8 (submitted yesterday): one submitted
    // assessment, PHQ-9 raw 3 (无/极轻微抑郁) and GAD-7 raw 4 (无); the plan started twice.
    const act = await center(tok.auditor, `activityId=${activity.plan}`);
    expect([act.total, act.people]).toEqual([1, 1]);
    expect(sum(act.overTime, 'count')).toBe(1);
    expect(act.overTime.find((d: { count: number }) => d.count > 0).date).toBe('2026-11-19');
    expect(act.scale).toMatchObject({ id: scale.PHQ9.id });
    expect(act.bands).toEqual([{ label: '无/极轻微抑郁', count: 1 }]);
    expect(act.score).toEqual({ n: 1, meanRaw: 3, meanStandard: null });
    expect(act.positive).toEqual({ positive: 0, total: 1, rate: 0 });
    expect(act.retakes).toEqual([{ attempt: 1, count: 1, meanRaw: 3 }]);
    expect(act.cross.ageBand).toEqual([{ band: '无/极轻微抑郁', key: '25_34', count: 1 }]);
    expect(act.plans).toEqual([
      { id: planId, title: '大学生心理健康普查', started: 2, completed: 1, dropped: 1 },
    ]);
    expect((await center(tok.auditor, `activityId=${activity.plan}&scaleId=${scale.GAD7.id}`)).bands).toEqual(
      [{ label: '无', count: 1 }],
    );
    // Together with the plan it is the same assessment; with another campaign, nothing.
    expect((await center(tok.auditor, `activityId=${activity.plan}&planId=${planId}`)).total).toBe(1);
    const who5 = await center(tok.auditor, `activityId=${activity.who5}`);
    expect([who5.total, who5.people, who5.scale, who5.plans]).toEqual([0, 0, null, []]);
    // Inside the caller's scope: a7 and a8 are expert 2's people, none of expert 13's.
    expect((await center(tok.expert, `activityId=${activity.plan}`)).total).toBe(1);
    expect((await center(tok.expert13, `activityId=${activity.plan}`)).total).toBe(0);
  });

  it('keeps the data centre inside the caller’s scope whatever the filter', async () => {
    const mine = await center(tok.expert);
    expect([mine.total, mine.people]).toEqual([4, 2]);
    expect(mine.score.n).toBe(3);
    // A filter narrows the scope; it never widens it.
    expect((await center(tok.expert, `institutionId=${shanghaiInst}`)).total).toBe(0);
    expect((await center(tok.expert, 'scope=institution')).total).toBe(5);
    expect((await center(tok.expert13)).total).toBe(2);
    expect((await center(tok.expert12, 'scope=institution')).total).toBe(0);
  });
}

describe(`statistics on ${testDbKind}`, () => {
  describe('while every day is dirty (from the facts)', figureTests);
  describe('once the sweeper has rebuilt the rollups (from them)', () => {
    beforeAll(async () => {
      expect(await ctx.app.deps.services.statistics.refreshRollups()).toBeGreaterThan(0);
    });
    figureTests();
  });

  it('refuses scopes the caller may not have, and everyone but staff', async () => {
    const all = await get('/api/stats/screen?scope=all', tok.expert);
    expect(all.status).toBe(403);
    expect(all.body.message).toBe('只有审核员可以查看全平台数据');
    expect((await get('/api/stats/center?scope=mine', tok.auditor)).status).toBe(403);
    expect((await get('/api/stats/screen', tok.user)).status).toBe(403);
    expect((await call(ctx.app, 'GET', '/api/stats/screen')).status).toBe(401);
    expect((await get('/api/stats/export.xlsx', tok.user)).status).toBe(403);
  });

  it('answers bad filters with a Chinese message', async () => {
    const order = await get('/api/stats/center?from=2026-11-10&to=2026-11-01', tok.auditor);
    expect(order.status).toBe(400);
    expect(order.body.message).toContain('开始日期不能晚于结束日期');
    const long = await get('/api/stats/center?from=2024-01-01&to=2026-11-01', tok.auditor);
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('时间范围最长 366 天');
    const prov = await get('/api/stats/center?province=99', tok.auditor);
    expect(prov.status).toBe(400);
    expect(prov.body.message).toContain('请选择正确的省份');
    const band = await get('/api/stats/center?ageBand=old', tok.auditor);
    expect(band.status).toBe(400);
    expect(band.body.message).toContain('年龄段');
    expect((await get('/api/stats/center?from=2026-02-30', tok.auditor)).status).toBe(400);
  });

  it('offers filter options: experts only their own institution', async () => {
    const o = (await get('/api/stats/options', tok.expert)).body.data;
    expect(o.defaultScope).toBe('mine');
    expect(o.institutions.map((i: { name: string }) => i.name)).toEqual(['北京心晴心理咨询中心']);
    expect(o.scales.map((s: { code: string }) => s.code)).toContain('SCL90');
    const a = (await get('/api/stats/options', tok.auditor)).body.data;
    expect(a.institutions.length).toBeGreaterThan(1);
  });

  it('exports one row per assessment, masked for experts, whole for auditors, each export audited', async () => {
    const read = async (token: string, query: string) => {
      const r = await ctx.app.inject({
        method: 'GET',
        url: `/SysAdmin/api/stats/export.xlsx?${query}`,
        headers: { serviceToken: token },
      });
      expect(r.statusCode, r.body.slice(0, 200)).toBe(200);
      expect(r.headers['content-type']).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return { header: rows[0] as string[], rows: rows.slice(1), name: sheet.name };
    };
    const expert = await read(tok.expert, `scaleId=${scale.PHQ9.id}`);
    expect(expert.name).toBe('PHQ-9');
    expect(expert.header.slice(0, 6)).toEqual(['测评编号', '测评名称', '姓名', '手机号', '性别', '年龄']);
    expect(expert.header).toContain('第9题');
    const col = (h: string) => expert.header.indexOf(h);
    expect(expert.rows).toHaveLength(3);
    expect(expert.rows.map((r) => r[col('姓名')]).sort()).toEqual(['张**', '黄**', '黄**']);
    expect(expert.rows.map((r) => r[col('手机号')]).sort()).toEqual([
      '138****0001',
      '138****0022',
      '138****0022',
    ]);
    expect(expert.rows.map((r) => r[col('原始分')]).sort()).toEqual([12, 3, 5]);
    const a2 = expert.rows.find((r) => r[col('原始分')] === 12)!;
    expect([
      a2[col('性别')],
      a2[col('年龄')],
      a2[col('所在地区')],
      a2[col('结果分级')],
      a2[col('筛查阳性')],
    ]).toEqual(['女', 30, '北京市 北京市 朝阳区', '中度', '是']);
    expect(a2[col('预警')]).toBe('3级：测试预警');
    expect(a2[col('所属机构')]).toBe('北京心晴心理咨询中心');
    expect(a2[col('第1题')]).toBe(2);

    const auditor = await read(tok.auditor, `scaleId=${scale.PHQ9.id}`);
    expect(auditor.rows).toHaveLength(6);
    const names = auditor.rows.map((r) => r[auditor.header.indexOf('姓名')]);
    expect(names).toContain('李晨');
    expect(names).not.toContain('李*');
    expect(auditor.rows.map((r) => r[auditor.header.indexOf('手机号')])).toContain('13800000021');

    const scl = await read(tok.auditor, `scaleId=${scale.SCL90.id}`);
    expect(scl.header).toContain('躯体化');
    expect(scl.rows[0]![scl.header.indexOf('抑郁')]).toBe(2.1);

    const logs = await ctx.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'data_export')));
    expect(logs.map((l) => [l.userId, l.detail?.rows, l.detail?.masked])).toEqual([
      [id.expert2, 3, true],
      [id.auditor, 6, false],
      [id.auditor, 1, false],
    ]);
    expect(logs[0]!.detail).toMatchObject({
      scope: 'mine',
      scaleId: scale.PHQ9.id,
      from: '2026-10-22',
      to: '2026-11-20',
    });
  });

  it('refuses an export with nothing to export, and counts nothing outside the scope', async () => {
    const r = await get(`/api/stats/export.xlsx?scope=institution&scaleId=${scale.PHQ9.id}`, tok.expert12);
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('没有符合条件的测评记录');
  });

  it('makes the group report PDF from the server', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: `/SysAdmin/api/stats/report.pdf?scaleId=${scale.SCL90.id}`,
      headers: { serviceToken: tok.auditor },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.rawPayload.length).toBeGreaterThan(20_000);
    const logs = await ctx.database.db.select().from(auditLogs).where(eq(auditLogs.action, 'group_report'));
    expect(logs).toHaveLength(1);
    const text = pdfText(r.rawPayload);
    for (const words of [
      '团体测评报告',
      '因子剖面（与中国常模比较）',
      '筛查阳性率',
      '该量表没有总分分级，请查看因子剖面',
    ])
      expect(text).toContain(words);
  });

  it('puts the page’s charts and figures in the group report: positive rate, cross-tabs, retakes', async () => {
    const r = await ctx.app.inject({
      method: 'GET',
      url: '/SysAdmin/api/stats/report.pdf',
      headers: { serviceToken: tok.auditor },
    });
    expect(r.statusCode).toBe(200);
    const lines = pdfText(r.rawPayload).split('\n');
    // Each table cell is one line of text; a row is the cells from its first one on (a table
    // follows its chart, whose single-glyph labels, such as 女, come first).
    const row = (first: string, n: number) =>
      lines.slice(lines.lastIndexOf(first), lines.lastIndexOf(first) + n);
    for (const title of [
      '结果分级分布（PHQ-9）',
      '筛查阳性率',
      '分级 × 性别',
      '分级 × 年龄段',
      '分级 × 地区',
      '方案完成与流失',
      '重复测评趋势',
    ])
      expect(lines).toContain(title);
    // The six PHQ-9 parts of the default 30 days, counted by hand (see the fixture above).
    expect(row('阳性', 3)).toEqual(['阳性', '2', '33.3%']);
    expect(row('阴性', 3)).toEqual(['阴性', '4', '66.7%']);
    // Cross-tabs, one row per key: 无/极轻微抑郁, 轻度, 中度, 中重度, total.
    expect(row('女', 6)).toEqual(['女', '1', '1', '1', '1', '4']);
    expect(row('男', 6)).toEqual(['男', '1', '1', '0', '0', '2']);
    expect(row('18-24岁', 6)).toEqual(['18-24岁', '1', '2', '0', '1', '4']);
    expect(row('25-34岁', 6)).toEqual(['25-34岁', '1', '0', '1', '0', '2']);
    expect(row('北京市', 6)).toEqual(['北京市', '1', '1', '1', '1', '4']);
    expect(row('上海市', 6)).toEqual(['上海市', '1', '1', '0', '0', '2']);
    expect(row('第1次', 3)).toEqual(['第1次', '3', '9.67']);
    expect(row('第2次', 3)).toEqual(['第2次', '3', '5.33']);
    expect(row('大学生心理健康普查', 5)).toEqual(['大学生心理健康普查', '2', '1', '1', '50.0%']);
    // The positive-rate chart itself: its centre label, drawn glyph by glyph.
    expect(lines.join('')).toContain('33.3%阳性率');
  });

  it('pushes a new warning to the screens that may see it, and to nobody else', async () => {
    const ids = { expert: id.expert2, expert13: id.expert13, auditor: id.auditor };
    const got: Record<keyof typeof ids, unknown[]> = { expert: [], expert13: [], auditor: [] };
    for (const who of Object.keys(ids) as (keyof typeof ids)[]) {
      const c = stompClient(base, tok[who]);
      clients.push(c);
      await connect(c);
      c.subscribe(`/user/${ids[who]}/dashboard`, (m) => got[who].push(JSON.parse(m.body)));
    }
    // Nobody may listen to another account's screen.
    const spy = stompClient(base, tok.expert13);
    clients.push(spy);
    await connect(spy);
    const refused = new Promise<string>((r) => (spy.onStompError = (f) => r(f.headers.message!)));
    spy.subscribe(`/user/${id.expert2}/dashboard`, () => {});
    expect(await refused).toBe('forbidden destination');
    await new Promise((r) => setTimeout(r, 50));

    // 黄一诺 (expert 2's institution) takes PHQ-9 with item 9 above zero.
    const phq9 = scale.PHQ9.id;
    const s = await call(ctx.app, 'POST', '/api/assessment/start', {
      token: tok.user22,
      body: { scaleId: phq9 },
    });
    const aid = s.body.data.id as number;
    await call(ctx.app, 'POST', `/api/assessment/${aid}/consent`, {
      token: tok.user22,
      body: { accepted: true },
    });
    await call(ctx.app, 'POST', `/api/assessment/${aid}/basic-info`, {
      token: tok.user22,
      body: { name: '黄一诺', gender: 'female', age: 30, regionCode: '440106', phone: null, extra: {} },
    });
    for (let item = 1; item <= 9; item++)
      await call(ctx.app, 'PUT', `/api/assessment/${aid}/answer`, {
        token: tok.user22,
        body: { part: 0, item, position: item === 9 ? 3 : 1 },
      });
    expect(
      (await call(ctx.app, 'POST', `/api/assessment/${aid}/submit`, { token: tok.user22, body: { part: 0 } }))
        .status,
    ).toBe(200);
    await ctx.app.deps.events.drain();
    await until(() => got.expert.length === 1 && got.auditor.length === 1, 2000);
    const [w] = await ctx.database.db.select().from(warnings).where(eq(warnings.assessmentId, aid));
    expect(got.expert[0]).toEqual({
      type: 'warning',
      scopes: ['mine', 'institution'],
      warning: {
        id: w!.id,
        maskedName: '黄**',
        level: 3,
        reason: '自伤/自杀意念',
        scaleName: '患者健康问卷抑郁量表',
        province: '广东省',
        createdAt: '2026-11-20T02:00:00.000Z',
      },
    });
    expect((got.auditor[0] as { scopes: string[] }).scopes).toEqual(['all']);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.expert13).toEqual([]);
    // The figures count it at once.
    expect((await screen(tok.expert)).levels.today).toEqual({ 1: 0, 2: 0, 3: 1 });
    expect((await screen(tok.expert13)).levels.today).toEqual({ 1: 0, 2: 0, 3: 0 });
  });
});
