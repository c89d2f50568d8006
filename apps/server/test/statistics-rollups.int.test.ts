import { ageBands } from '@psy/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../src/db/rows';
import { assessmentParts, assessments } from '../src/modules/assessments/assessments.table';
import { institutions } from '../src/modules/institutions/institutions.table';
import { scales } from '../src/modules/scales/scales.table';
import { statsDailyParts, statsDirtyDays } from '../src/modules/statistics/statistics.table';
import { users } from '../src/modules/users/users.table';
import { warningProgress, warnings } from '../src/modules/warnings/warnings.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, dataOf, login, STATS_CAST, take as takeThroughApi } from './helpers';

// The statistics facts and rollups (migration 0015) against hand counts of assessments taken
// through the API on three days: every figure is asked for while the days are dirty (counted
// from the facts), then again after the sweeper's step rebuilt the rollups (read from them),
// and must be the same; then old days change, people move institution, a transfer moves a
// person to another expert, and the figures follow. Finally the facts and rollups kept by the
// triggers must equal a rebuild from scratch.
//
// Days (Shanghai): A 2026-11-05, B 2026-11-12, C 2026-11-20 (today; the clock stands at 10:00).
// PHQ-9 answered at one position for items 1-8 and item 9 at the lowest (position p scores
// p - 1 per item), so raw = 8 (p - 1); item 9 above the lowest raises a level-3 warning.
//   a1 A user1  PHQ-9 raw 0  无/极轻微抑郁        a2 A user21 PHQ-9 raw 8 轻度
//   a3 B user1  PHQ-9 raw 18 中重度 (item 9 at 3 and total >= 15: warnings of level 3 and 2)
//   a4 B user22 GAD-7 raw 7  轻度
//   a5 C user1  PHQ-9 raw 8  轻度                 a6 C user22 PHQ-9 raw 0 无/极轻微抑郁
// user1 张小雨 female 23 Beijing (北京心晴, assigned to expert 2); user22 黄一诺 female 30
// Beijing (北京心晴); user21 李晨 male 20 Shanghai (上海青禾).

const time = testClock(new Date('2026-11-20T02:00:00Z'));
let ctx: TestContext;
type Who = keyof typeof STATS_CAST;
const tok = {} as Record<Who, string>;
const id = {} as Record<Who, number>;
const a = {} as Record<'a1' | 'a2' | 'a3' | 'a4' | 'a5' | 'a6', number>;
const scale = {} as Record<'PHQ9' | 'GAD7', number>;
const versionOf = {} as Record<'PHQ9' | 'GAD7', number>;
const info = {
  user1: { name: '张小雨', gender: 'female', age: 23, regionCode: '110108', phone: null, extra: {} },
  user21: { name: '李晨', gender: 'male', age: 20, regionCode: '310104', phone: null, extra: {} },
  user22: { name: '黄一诺', gender: 'female', age: 30, regionCode: '110105', phone: null, extra: {} },
} as const;

/** Moves the clock to 10:00 of a Shanghai day and logs everyone in again (sessions expire). */
async function at(day: string, hour = 10) {
  time.set(new Date(`${day}T${String(hour - 8).padStart(2, '0')}:00:00Z`));
  for (const who of Object.keys(STATS_CAST) as Who[]) tok[who] = await login(ctx.app, STATS_CAST[who]);
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/** Takes a scale through the API: every item at `position`, PHQ-9's item 9 at `item9`. */
function take(who: 'user1' | 'user21' | 'user22', code: 'PHQ9' | 'GAD7', position: number, item9 = 1) {
  return takeThroughApi(
    ctx.app,
    tok[who],
    { scaleId: scale[code] },
    (_, item) => (code === 'PHQ9' && item === 9 ? item9 : position),
    { info: info[who] },
  );
}

const center = async (who: Who, query = '') => {
  return dataOf(await api('GET', `/api/stats/center${query ? `?${query}` : ''}`, tok[who]));
};
const screen = async (who: Who, scope?: string) => {
  return dataOf(await api('GET', `/api/stats/screen${scope ? `?scope=${scope}` : ''}`, tok[who]));
};
const refresh = () => ctx.app.deps.services.statistics.refreshRollups();
const dirtyDays = async () =>
  (await ctx.database.db.selectDistinct({ day: statsDirtyDays.day }).from(statsDirtyDays))
    .map((r) => r.day)
    .sort();

/** Every request the checks below make, as the figures answer them. */
const probes: [Who, 'center' | 'screen', string][] = [
  ['auditor', 'center', ''],
  ['auditor', 'center', 'from=2026-11-10&to=2026-11-20'],
  ['auditor', 'center', 'gender=female'],
  ['auditor', 'center', 'ageBand=18_24'],
  ['auditor', 'center', 'province=31'],
  ['auditor', 'center', 'scaleId=GAD7'],
  ['auditor', 'center', 'scaleId=PHQ9&from=2026-11-10&to=2026-11-20'],
  ['auditor', 'center', 'from=2026-11-12&to=2026-11-12'],
  ['auditor', 'screen', ''],
  ['expert2', 'center', ''],
  ['expert2', 'center', 'scope=institution'],
  ['expert13', 'center', 'scope=institution'],
  ['expert12', 'center', ''],
  ['expert2', 'screen', ''],
  ['expert12', 'screen', ''],
];
async function answers() {
  const out: unknown[] = [];
  for (const [who, what, query] of probes) {
    const q = query
      .replace('scaleId=GAD7', `scaleId=${scale.GAD7}`)
      .replace('scaleId=PHQ9', `scaleId=${scale.PHQ9}`);
    const r = what === 'center' ? await center(who, q) : await screen(who);
    // generatedAt is the only figure allowed to differ between two asks.
    out.push({ ...r, generatedAt: undefined });
  }
  return out;
}

/** The facts and rollups as the triggers left them, then as a rebuild from scratch makes them. */
async function keptAndRebuilt() {
  const tables = [
    'stats_assessment_facts',
    'stats_part_facts',
    'stats_warning_facts',
    'stats_daily_assessments',
    'stats_daily_plans',
    'stats_daily_parts',
    'stats_daily_dimensions',
    'stats_daily_takes',
    'stats_daily_assessment_provinces',
    'stats_daily_plan_totals',
  ];
  const dump = async () => {
    const out: Record<string, string[]> = {};
    for (const t of tables)
      out[t] = (
        await executeRows<{ r: string }>(ctx.database.db, sql.raw(`select (t.*)::text as r from ${t} t`))
      )
        .map((x) => x.r)
        .sort();
    return out;
  };
  await refresh();
  const kept = await dump();
  await ctx.database.db.execute(sql`select stats_rebuild_all()`);
  return { kept, rebuilt: await dump() };
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock, env: { STATS_CACHE_SECONDS: '0' } });
  const rows = await ctx.database.db
    .select()
    .from(users)
    .where(inArray(users.telephone, Object.values(STATS_CAST)));
  for (const who of Object.keys(STATS_CAST) as Who[])
    id[who] = rows.find((r) => r.telephone === STATS_CAST[who])!.id;
  for (const s of await ctx.database.db
    .select()
    .from(scales)
    .where(inArray(scales.code, ['PHQ9', 'GAD7']))) {
    scale[s.code as 'PHQ9' | 'GAD7'] = s.id;
    versionOf[s.code as 'PHQ9' | 'GAD7'] = s.publishedVersionId!;
  }

  await at('2026-11-05');
  a.a1 = await take('user1', 'PHQ9', 1);
  a.a2 = await take('user21', 'PHQ9', 2);
  await at('2026-11-12');
  a.a3 = await take('user1', 'PHQ9', 3, 3);
  a.a4 = await take('user22', 'GAD7', 2);
  await at('2026-11-20');
  a.a5 = await take('user1', 'PHQ9', 2);
  a.a6 = await take('user22', 'PHQ9', 1);
});
afterAll(() => ctx.close());

describe(`statistics facts and rollups on ${testDbKind}`, () => {
  let before: unknown[];

  it('counts submissions and retakes by hand while the days are dirty (from the facts)', async () => {
    expect(await dirtyDays()).toEqual(['2026-11-05', '2026-11-12', '2026-11-20']);
    const all = await center('auditor');
    expect([all.total, all.people]).toEqual([6, 3]);
    expect(all.overTime.filter((d: { count: number }) => d.count)).toEqual([
      { date: '2026-11-05', count: 2 },
      { date: '2026-11-12', count: 2 },
      { date: '2026-11-20', count: 2 },
    ]);
    expect(all.scale).toMatchObject({ id: scale.PHQ9 });
    expect(all.bands).toEqual([
      { label: '无/极轻微抑郁', count: 2 },
      { label: '轻度', count: 2 },
      { label: '中重度', count: 1 },
    ]);
    expect(all.score).toEqual({ n: 5, meanRaw: 6.8, meanStandard: null });
    expect(all.positive).toMatchObject({ total: 5 });
    // user1's three takes are 1, 2, 3; user21's and user22's their first.
    expect(all.retakes).toEqual([
      { attempt: 1, count: 3, meanRaw: 2.67 },
      { attempt: 2, count: 1, meanRaw: 18 },
      { attempt: 3, count: 1, meanRaw: 8 },
    ]);
    expect(all.cross.gender).toEqual([
      { band: '无/极轻微抑郁', key: 'female', count: 2 },
      { band: '轻度', key: 'female', count: 1 },
      { band: '轻度', key: 'male', count: 1 },
      { band: '中重度', key: 'female', count: 1 },
    ]);
    // From day B on, user1's take of B is their first there.
    const late = await center('auditor', 'from=2026-11-10&to=2026-11-20');
    expect([late.total, late.people]).toEqual([4, 2]);
    expect(late.retakes).toEqual([
      { attempt: 1, count: 2, meanRaw: 9 },
      { attempt: 2, count: 1, meanRaw: 8 },
    ]);
    // A filter on the assessment (gender) numbers the takes within it.
    const women = await center('auditor', 'gender=female');
    expect([women.total, women.people]).toEqual([5, 2]);
    expect(women.retakes).toEqual([
      { attempt: 1, count: 2, meanRaw: 0 },
      { attempt: 2, count: 1, meanRaw: 18 },
      { attempt: 3, count: 1, meanRaw: 8 },
    ]);
    const gad = await center('auditor', `scaleId=${scale.GAD7}`);
    expect([gad.total, gad.people, gad.bands]).toEqual([1, 1, [{ label: '轻度', count: 1 }]]);
    const phq = await center('auditor', `scaleId=${scale.PHQ9}&from=2026-11-10&to=2026-11-20`);
    expect([phq.total, phq.people]).toEqual([3, 2]);
    expect((await center('auditor', 'province=31')).total).toBe(1);
    const s = await screen('auditor');
    expect(s.bands.map((b: { shortName: string; total: number }) => [b.shortName, b.total])).toEqual([
      ['PHQ-9', 5],
      ['GAD-7', 1],
    ]);
    expect(s.provinces).toEqual([
      { code: '11', name: '北京市', warnings: 2, assessments: 5 },
      { code: '31', name: '上海市', warnings: 0, assessments: 1 },
    ]);
    before = await answers();
  });

  it('answers the same once the sweeper has rebuilt the rollups (read from them)', async () => {
    expect(await refresh()).toBe(3);
    expect(await dirtyDays()).toEqual([]);
    // The rollups hold what the facts say: PHQ-9 by band over the three days.
    const rows = await ctx.database.db.select().from(statsDailyParts).where(eq(statsDailyParts.grain, 0));
    const phq = rows.filter((r) => r.scaleId === scale.PHQ9);
    expect(phq.reduce((s, r) => s + r.n, 0)).toBe(5);
    expect(phq.find((r) => r.day === '2026-11-12')).toMatchObject({ band: '中重度', n: 1, sumRaw: 18 });
    expect(await answers()).toEqual(before);
  });

  it('follows a change to an old day at once, and after the rebuild', async () => {
    // a1 (day A) is corrected: the person was a man of 35 in Shanghai; a2 is scored again.
    await ctx.database.db
      .update(assessments)
      .set({ basicInfo: { ...info.user1, gender: 'male', age: 35, regionCode: '310104' } })
      .where(eq(assessments.id, a.a1));
    const [part] = await ctx.database.db
      .select()
      .from(assessmentParts)
      .where(eq(assessmentParts.assessmentId, a.a2));
    await ctx.database.db
      .update(assessmentParts)
      .set({
        result: { ...part!.result!, rawScore: 12, band: { label: '中度', interpretation: '', advice: '' } },
      })
      .where(eq(assessmentParts.id, part!.id));
    expect(await dirtyDays()).toEqual(['2026-11-05']);
    const check = async () => {
      const all = await center('auditor');
      expect(all.bands).toEqual([
        { label: '无/极轻微抑郁', count: 2 },
        { label: '轻度', count: 1 },
        { label: '中度', count: 1 },
        { label: '中重度', count: 1 },
      ]);
      expect(all.score.meanRaw).toBe(7.6);
      expect(all.cross.gender).toContainEqual({ band: '无/极轻微抑郁', key: 'male', count: 1 });
      expect((await center('auditor', 'province=31')).total).toBe(2);
      expect((await center('auditor', 'ageBand=35_44')).total).toBe(1);
      // The person's chain of takes is theirs whatever one take says about them.
      expect(all.retakes.map((r: { count: number }) => r.count)).toEqual([3, 1, 1]);
      return all;
    };
    const dirty = await check();
    expect(await refresh()).toBe(1);
    expect(await check()).toEqual(dirty);

    // A take of user21 backdated before a2 (an import, say): a2 is no longer their first, on a
    // day that is not the new take's; then it is deleted again.
    const db = ctx.database.db;
    const at = new Date('2026-10-30T02:00:00Z');
    const [early] = await db
      .insert(assessments)
      .values({
        userId: id.user21,
        kind: 'scale',
        scaleId: scale.PHQ9,
        title: 'PHQ-9',
        status: 'submitted',
        consentText: '同意',
        basicInfo: info.user21,
        startedAt: at,
        submittedAt: at,
      })
      .returning();
    await db.insert(assessmentParts).values({
      assessmentId: early!.id,
      position: 0,
      scaleId: scale.PHQ9,
      scaleVersionId: versionOf.PHQ9,
      status: 'submitted',
      submittedAt: at,
      result: {
        ...part!.result!,
        rawScore: 4,
        band: { label: '无/极轻微抑郁', interpretation: '', advice: '' },
      },
    });
    expect(await dirtyDays()).toEqual(['2026-10-30', '2026-11-05']);
    const phq = async (query = '') => {
      const r = await center('auditor', `scaleId=${scale.PHQ9}${query}`);
      return [
        r.total,
        r.people,
        r.retakes.map((x: { attempt: number; count: number }) => [x.attempt, x.count]),
      ];
    };
    const whole = [
      6,
      3,
      [
        [1, 3],
        [2, 2],
        [3, 1],
      ],
    ];
    const fromNov = [
      5,
      3,
      [
        [1, 3],
        [2, 1],
        [3, 1],
      ],
    ];
    expect(await phq()).toEqual(whole);
    expect(await phq('&from=2026-11-01&to=2026-11-20')).toEqual(fromNov);
    await refresh();
    expect(await phq()).toEqual(whole);
    expect(await phq('&from=2026-11-01&to=2026-11-20')).toEqual(fromNov);
    await db.delete(assessments).where(eq(assessments.id, early!.id));
    expect(await dirtyDays()).toEqual(['2026-10-30', '2026-11-05']);
    await refresh();
    expect(await phq()).toEqual([
      5,
      3,
      [
        [1, 3],
        [2, 1],
        [3, 1],
      ],
    ]);
  });

  it('counts an institution’s people by where they belong now, not where they were', async () => {
    const shanghai = (
      await ctx.database.db
        .select()
        .from(institutions)
        .where(eq(institutions.name, '上海青禾大学生心理健康服务站'))
    )[0]!;
    const [beijing] = await executeRows<{ id: number }>(
      ctx.database.db,
      sql`select institution_id as id from users where id = ${id.user22}`,
    );
    expect((await center('expert2', 'scope=institution')).total).toBe(5);
    expect((await center('expert13', 'scope=institution')).total).toBe(1);
    // user22 moves to 上海青禾: their a4 and a6 go with them, in both institutions' figures.
    await ctx.database.db.update(users).set({ institutionId: shanghai.id }).where(eq(users.id, id.user22));
    for (const step of ['as the rollups stand', 'after a rebuild']) {
      expect(
        [
          (await center('expert2', 'scope=institution')).total,
          (await center('expert13', 'scope=institution')).total,
        ],
        step,
      ).toEqual([3, 3]);
      await refresh();
    }
    expect((await center('auditor', `institutionId=${shanghai.id}`)).people).toBe(2);
    await ctx.database.db.update(users).set({ institutionId: beijing!.id }).where(eq(users.id, id.user22));
    expect((await center('expert2', 'scope=institution')).total).toBe(5);
  });

  it('counts open warnings by the institution their person belongs to now', async () => {
    const openOf = async () =>
      Object.fromEntries(
        (await screen('auditor')).topInstitutions.map((i: { name: string; open: number }) => [
          i.name,
          i.open,
        ]),
      ) as Record<string, number>;
    const [shanghai] = await ctx.database.db
      .select()
      .from(institutions)
      .where(eq(institutions.name, '上海青禾大学生心理健康服务站'));
    const [home] = await executeRows<{ id: number }>(
      ctx.database.db,
      sql`select institution_id as id from users where id = ${id.user1}`,
    );
    const before = await openOf();
    const beijing = before['北京心晴心理咨询中心'] ?? 0;
    const sh = before['上海青禾大学生心理健康服务站'] ?? 0;
    // a3's two open warnings are user1's.
    expect(beijing).toBeGreaterThanOrEqual(2);
    await ctx.database.db.update(users).set({ institutionId: shanghai!.id }).where(eq(users.id, id.user1));
    const moved = await openOf();
    expect([moved['北京心晴心理咨询中心'] ?? 0, moved['上海青禾大学生心理健康服务站']]).toEqual([
      beijing - 2,
      sh + 2,
    ]);
    // Nowhere: counted by no institution.
    await ctx.database.db.update(users).set({ institutionId: null }).where(eq(users.id, id.user1));
    const none = await openOf();
    expect([none['北京心晴心理咨询中心'] ?? 0, none['上海青禾大学生心理健康服务站'] ?? 0]).toEqual([
      beijing - 2,
      sh,
    ]);
    // A warning raised while they belong nowhere, then they come home: all three are counted there.
    const a7 = await take('user1', 'PHQ9', 1, 3);
    expect(await openOf()).toEqual(none);
    await ctx.database.db.update(users).set({ institutionId: home!.id }).where(eq(users.id, id.user1));
    expect((await openOf())['北京心晴心理咨询中心']).toBe(beijing + 1);
    // What the triggers kept is what a rebuild from scratch makes.
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept.stats_warning_facts).toEqual(rebuilt.stats_warning_facts);
    await ctx.database.db.delete(assessments).where(eq(assessments.id, a7));
    expect(await openOf()).toEqual(before);
  });

  it('counts warnings where their assessment says and as they are followed up', async () => {
    const province = async () =>
      (await screen('auditor')).provinces.map(
        (p: { code: string; warnings: number; assessments: number }) => [p.code, p.warnings, p.assessments],
      );
    // a1 moved to Shanghai above; a3's two warnings are in Beijing.
    expect(await province()).toEqual([
      ['11', 2, 4],
      ['31', 0, 2],
    ]);
    const [a3] = await ctx.database.db.select().from(assessments).where(eq(assessments.id, a.a3));
    await ctx.database.db
      .update(assessments)
      .set({ basicInfo: { ...a3!.basicInfo!, regionCode: '310104' } })
      .where(eq(assessments.id, a.a3));
    expect(await province()).toEqual([
      ['31', 2, 3],
      ['11', 0, 3],
    ]);
    await ctx.database.db
      .update(assessments)
      .set({ basicInfo: a3!.basicInfo })
      .where(eq(assessments.id, a.a3));

    // Expert 2 contacts the person about the level-3 warning three hours after it was raised.
    expect((await screen('auditor')).followUp).toEqual({
      open: 2,
      medianFirstContactHours: null,
      closedWithin7Days: 0,
      contacted: 0,
      eligibleFor7Days: 2,
    });
    const [w] = await ctx.database.db
      .select()
      .from(warnings)
      .where(and(eq(warnings.assessmentId, a.a3), eq(warnings.level, 3)));
    await ctx.database.db.insert(warningProgress).values({
      warningId: w!.id,
      actorId: id.expert2,
      status: 'following',
      note: '已电话联系',
      createdAt: new Date(w!.createdAt.getTime() + 3 * 3_600_000),
    });
    await ctx.database.db.update(warnings).set({ status: 'following' }).where(eq(warnings.id, w!.id));
    expect((await screen('auditor')).followUp).toEqual({
      open: 2,
      medianFirstContactHours: 3,
      closedWithin7Days: 0,
      contacted: 1,
      eligibleFor7Days: 2,
    });
  });

  it('keeps an assessment with its expert and moves open warnings with a transfer', async () => {
    const experts = await ctx.database.db
      .select({ id: assessments.id, expertId: assessments.expertId })
      .from(assessments)
      .where(inArray(assessments.id, Object.values(a)));
    const mine = (expert: number) => experts.filter((x) => x.expertId === expert).length;
    // user1's three assessments are expert 2's (their assigned expert).
    expect(experts.filter((x) => [a.a1, a.a3, a.a5].includes(x.id)).map((x) => x.expertId)).toEqual([
      id.expert2,
      id.expert2,
      id.expert2,
    ]);
    expect((await center('expert2')).total).toBe(mine(id.expert2));
    expect((await screen('expert2')).followUp.open).toBe(2);

    const p = await api('POST', '/api/expert/transfers', tok.expert2, {
      userId: id.user1,
      toExpertId: id.expert12,
      reason: '用户近期搬到广州工作，希望就近面谈',
      summary: '近两个月睡眠差、情绪低落，PHQ-9 曾提示中重度；已约谈两次，建议继续每周一次面谈。',
    });
    expect(p.status, p.body.message).toBe(200);
    expect((await api('POST', `/api/user/transfers/${p.body.data.id}/confirm`, tok.user1)).status).toBe(200);
    const ok = await api('POST', `/api/audit/transfers/${p.body.data.id}/review`, tok.auditor, {
      approve: true,
    });
    expect(ok.status, ok.body.message).toBe(200);

    // The open warnings of a3 are now expert 12's; the assessments stay expert 2's.
    const check = async () => {
      expect((await screen('expert2')).followUp.open).toBe(0);
      const receiver = await screen('expert12');
      expect(receiver.followUp.open).toBe(2);
      expect(receiver.latest.map((w: { level: number }) => w.level).sort()).toEqual([2, 3]);
      expect(receiver.levels.week).toEqual({ 1: 0, 2: 0, 3: 0 });
      expect(receiver.levels.month).toEqual({ 1: 0, 2: 1, 3: 1 });
      expect((await center('expert2')).total).toBe(mine(id.expert2));
      expect((await center('expert12')).total).toBe(mine(id.expert12));
    };
    await check();
    await refresh();
    await check();

    // A take after the transfer is the receiver's, and user1's fourth.
    await at('2026-11-20', 15);
    const a7 = await take('user1', 'PHQ9', 1);
    const [row] = await ctx.database.db.select().from(assessments).where(eq(assessments.id, a7));
    expect(row!.expertId).toBe(id.expert12);
    const theirs = await center('expert12');
    expect([theirs.total, theirs.people]).toEqual([mine(id.expert12) + 1, 1]);
    // Within the receiver's scope (a filter on assessments) it is the only take, so the first.
    expect(theirs.retakes).toEqual([{ attempt: 1, count: 1, meanRaw: 0 }]);
    const all = await center('auditor');
    expect(all.retakes.map((r: { attempt: number; count: number }) => [r.attempt, r.count])).toEqual([
      [1, 3],
      [2, 1],
      [3, 2],
    ]);
    await refresh();
    expect(await center('auditor')).toEqual(all);
  });

  it('takes the same person’s submissions at the same moment without losing their order', async () => {
    await at('2026-11-20', 16);
    // Two assessments started, then both submitted at once (in parallel on PostgreSQL): each
    // must see the other in the person's chain of takes.
    const started: number[] = [];
    for (const code of ['PHQ9', 'GAD7'] as const) {
      const s = await api('POST', '/api/assessment/start', tok.user21, { scaleId: scale[code] });
      const aid = s.body.data.id as number;
      await api('POST', `/api/assessment/${aid}/consent`, tok.user21, { accepted: true });
      await api('POST', `/api/assessment/${aid}/basic-info`, tok.user21, info.user21);
      for (let item = 1; item <= (code === 'PHQ9' ? 9 : 7); item++)
        await api('PUT', `/api/assessment/${aid}/answer`, tok.user21, { part: 0, item, position: 1 });
      started.push(aid);
    }
    const done = await Promise.all(
      started.map((aid) => api('POST', `/api/assessment/${aid}/submit`, tok.user21, { part: 0 })),
    );
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    const all = await center('auditor');
    expect([all.total, all.people]).toEqual([9, 3]);
    const gad = await center('auditor', `scaleId=${scale.GAD7}`);
    expect([gad.total, gad.people]).toEqual([2, 2]);
    expect(gad.retakes).toEqual([{ attempt: 1, count: 2, meanRaw: 3.5 }]);
    // user21's PHQ-9 of today is their second (a2 was the first).
    const phq = await center('auditor', `scaleId=${scale.PHQ9}&from=2026-11-20&to=2026-11-20`);
    expect([phq.total, phq.people, phq.retakes.length]).toEqual([4, 3, 2]);
  });

  it('keeps facts and rollups equal to a rebuild from scratch', async () => {
    const { kept, rebuilt } = await keptAndRebuilt();
    expect(kept.stats_part_facts!.length).toBeGreaterThan(5);
    expect(kept).toEqual(rebuilt);
  });

  it('reads age bands as the contracts define them', async () => {
    const cases: [unknown, string | null][] = [
      [17, 'u18'],
      [-1, null],
      ['abc', null],
      [22.5, null],
      [null, null],
      [201, null],
    ];
    for (const b of ageBands) cases.push([b.min, b.key], [b.max, b.key]);
    for (const [age, key] of cases) {
      const [r] = await executeRows<{ band: string | null }>(
        ctx.database.db,
        sql`select stats_age_band(jsonb_build_object('age', ${JSON.stringify(age)}::jsonb)) as band`,
      );
      expect(r!.band, String(age)).toBe(key);
    }
  });
});
