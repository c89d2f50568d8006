import type { BasicInfoBody, ScaleScoreResult } from '@psy/contracts';
import { areaList } from '@psy/contracts';
import { and, eq, inArray, isNotNull, like } from 'drizzle-orm';
import { systemClock } from '../../lib/clock';
import { assessmentParts, assessments } from '../../modules/assessments/assessments.table';
import { institutions } from '../../modules/institutions/institutions.table';
import { planScales, plans } from '../../modules/plans/plans.table';
import { optionsOf, parseDefinition, scoreAssessment, visibleItems } from '../../modules/scales';
import { scales, scaleVersions } from '../../modules/scales/scales.table';
import { users } from '../../modules/users/users.table';
import { warningProgress, warnings } from '../../modules/warnings/warnings.table';
import type { Db, DbOrTx } from '../client';
import { PROVINCE_WEIGHTS, SINGLE_SCALES } from './statistics-weights';

/**
 * Demo data for the statistics pages (big screen, data centre): 80 people of the four demo
 * institutions who took the built-in scales over the last 45 days, scored by the real engine,
 * with the warnings their answers raise and some follow-up. Generated from a fixed seed, so
 * every run makes the same people and answers (times are relative to now). Demo only: never
 * in production, never in the integration tests (they seed their own known rows).
 * Idempotent: nothing is added once the demo people exist.
 */

const PEOPLE = 80;
const DAYS = 45;
const PHONE_PREFIX = '1390000';
const DAY = 86_400_000;
const HOUR = 3_600_000;

/** mulberry32: a small seeded PRNG, the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = [
  '子涵',
  '欣怡',
  '梓轩',
  '雨桐',
  '浩然',
  '诗涵',
  '宇航',
  '佳怡',
  '思远',
  '梦瑶',
  '俊杰',
  '嘉欣',
  '博文',
  '可馨',
  '志强',
  '晓雯',
  '天佑',
  '若曦',
  '明轩',
  '雅琪',
];

const countiesOf = (p: string) => Object.keys(areaList.county_list).filter((c) => c.startsWith(p));

const INSTITUTION_EXPERTS: [institution: string, expertPhone: string][] = [
  ['北京心晴心理咨询中心', '13800000002'],
  ['广州晴川医院临床心理科', '13800000012'],
  ['上海青禾大学生心理健康服务站', '13800000013'],
  ['杭州暖阳企业员工关爱中心', '13800000014'],
];
/** In one transaction: one commit instead of one per row (it was the longest step of a fresh start). */
export function seedDemoStatistics(db: Db, now = systemClock()): Promise<number> {
  return db.transaction((tx) => fillDemoStatistics(tx, now));
}

async function fillDemoStatistics(db: DbOrTx, now: Date): Promise<number> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(like(users.telephone, `${PHONE_PREFIX}%`))
    .limit(1);
  if (existing) return 0;
  const rnd = prng(20261120);
  const weighted = <T>(xs: [T, number][]) => {
    let r = rnd.next() * xs.reduce((s, [, w]) => s + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[0]![0];
  };

  const inst = await db
    .select()
    .from(institutions)
    .where(
      inArray(
        institutions.name,
        INSTITUTION_EXPERTS.map(([n]) => n),
      ),
    );
  const experts = await db
    .select({ id: users.id, telephone: users.telephone })
    .from(users)
    .where(
      inArray(
        users.telephone,
        INSTITUTION_EXPERTS.map(([, p]) => p),
      ),
    );
  const homes = INSTITUTION_EXPERTS.map(([name, phone]) => ({
    institutionId: inst.find((i) => i.name === name)?.id ?? null,
    expertId: experts.find((e) => e.telephone === phone)?.id ?? null,
  }));

  const versions = await db
    .select({
      code: scales.code,
      scaleId: scales.id,
      versionId: scaleVersions.id,
      definition: scaleVersions.definition,
    })
    .from(scales)
    .innerJoin(scaleVersions, eq(scaleVersions.id, scales.publishedVersionId))
    .where(and(eq(scales.builtin, true), isNotNull(scales.publishedVersionId)));
  const byCode = new Map(versions.map((v) => [v.code, { ...v, def: parseDefinition(v.definition) }]));
  const [plan] = await db.select().from(plans).where(eq(plans.title, '大学生心理健康普查'));
  const planCodes = plan
    ? (
        await db
          .select({ code: scales.code })
          .from(planScales)
          .innerJoin(scales, eq(scales.id, planScales.scaleId))
          .where(eq(planScales.planId, plan.id))
          .orderBy(planScales.position)
      ).map((r) => r.code)
    : [];

  // ---- people ----
  const people = Array.from({ length: PEOPLE }, (_, i) => {
    const home = homes[i % homes.length]!;
    const gender = rnd.next() < 0.56 ? ('female' as const) : ('male' as const);
    const student = i % homes.length === 2;
    const age = student ? rnd.int(17, 24) : rnd.next() < 0.15 ? rnd.int(45, 68) : rnd.int(19, 44);
    const province = weighted(PROVINCE_WEIGHTS);
    const counties = countiesOf(province);
    return {
      telephone: `${PHONE_PREFIX}${String(i + 1).padStart(4, '0')}`,
      name: `${SURNAMES[(i * 7) % SURNAMES.length]}${rnd.pick(GIVEN)}`,
      gender,
      age,
      regionCode: counties[rnd.int(0, counties.length - 1)]!,
      /** How troubled this person tends to answer (0 calm .. 1 severe). */
      severity: rnd.next() ** 2.2,
      ...home,
    };
  });
  const inserted = await db
    .insert(users)
    .values(
      people.map((p) => ({
        telephone: p.telephone,
        name: p.name,
        role: 'user' as const,
        gender: p.gender,
        institutionId: p.institutionId,
      })),
    )
    .onConflictDoNothing({ target: users.telephone })
    .returning({ id: users.id, telephone: users.telephone });
  const userId = new Map(inserted.map((u) => [u.telephone, u.id]));

  /** Answers skewed by severity, scored by the real engine. */
  const take = (code: string, p: (typeof people)[number]) => {
    const v = byCode.get(code)!;
    const shown = new Set(visibleItems(v.def, { gender: p.gender }));
    const answers = v.def.items.map((item) => {
      if (!shown.has(item.number)) return null;
      const n = optionsOf(v.def, item).length;
      const s = Math.min(1, Math.max(0, p.severity + (rnd.next() - 0.5) * 0.5));
      return Math.min(n, 1 + Math.floor(rnd.next() ** (1 / (0.25 + s * 1.6)) * n * (0.35 + s * 0.65)));
    });
    const result: ScaleScoreResult = scoreAssessment(v.def, answers, { gender: p.gender });
    const stored: Record<string, number> = {};
    v.def.items.forEach((item, k) => {
      if (answers[k] !== null) stored[String(item.number)] = answers[k]!;
    });
    return { v, result, answers: stored };
  };

  // ---- assessments ----
  // Made in memory first (the same draws in the same order as ever), then written in a few
  // multi-row inserts: one statement per table instead of one per row (issue 18: start time).
  type NewAssessment = typeof assessments.$inferInsert;
  type NewPart = Omit<typeof assessmentParts.$inferInsert, 'assessmentId'>;
  type NewWarning = Omit<typeof warnings.$inferInsert, 'assessmentId'>;
  type Step = { status: 'following' | 'closed'; at: Date; note: string };
  const made: {
    assessment: NewAssessment;
    parts: NewPart[];
    warnings: { row: NewWarning; steps: Step[] }[];
  }[] = [];
  for (const p of people) {
    const uid = userId.get(p.telephone);
    if (!uid) continue;
    const visits = rnd.int(1, 5) + (p.severity > 0.5 ? 2 : 0);
    for (let k = 0; k < visits; k++) {
      const usePlan = plan && planCodes.length && p.age <= 24 && rnd.next() < 0.35;
      const codes = usePlan ? planCodes : [weighted(SINGLE_SCALES)];
      const at = new Date(now.getTime() - rnd.next() ** 1.3 * DAY * DAYS - rnd.int(0, 50) * 60_000);
      const dropped = usePlan && rnd.next() < 0.18;
      const info: BasicInfoBody = {
        name: p.name,
        gender: p.gender,
        age: p.age,
        regionCode: p.regionCode,
        phone: p.telephone,
        extra: {},
      };
      const taken = codes.map((code) => take(code, p));
      const duration = taken.reduce((s, t) => s + t.v.def.items.length * rnd.int(5, 12), 0);
      const one: (typeof made)[number] = {
        assessment: {
          userId: uid,
          kind: usePlan ? 'plan' : 'scale',
          scaleId: usePlan ? null : taken[0]!.v.scaleId,
          planId: usePlan ? plan.id : null,
          title: usePlan ? plan.title : taken[0]!.v.def.name,
          status: dropped ? 'in_progress' : 'submitted',
          consentText: '演示数据',
          consentAcceptedAt: new Date(at.getTime() - duration * 1000),
          basicInfo: info,
          expertId: p.expertId,
          startedAt: new Date(at.getTime() - duration * 1000),
          submittedAt: dropped ? null : at,
          durationSeconds: dropped ? null : duration,
        },
        parts: taken.map((t, position) => {
          const done = !dropped || position === 0;
          return {
            position,
            scaleId: t.v.scaleId,
            scaleVersionId: t.v.versionId,
            answers: done ? t.answers : {},
            status: done ? ('submitted' as const) : ('in_progress' as const),
            result: done ? t.result : null,
            durationSeconds: done ? Math.round(duration / taken.length) : null,
            submittedAt: done ? at : null,
          };
        }),
        warnings: [],
      };
      made.push(one);
      if (dropped) continue;
      for (const t of taken) {
        for (const alert of t.result.alerts) {
          // Older warnings have mostly been followed up; recent ones are still open.
          const age = now.getTime() - at.getTime();
          const contacted = rnd.next() < Math.min(0.95, age / (3 * DAY));
          const contactAt = new Date(at.getTime() + rnd.int(1, 40) * HOUR);
          const closed = contacted && rnd.next() < Math.min(0.9, age / (8 * DAY));
          const closedAt = new Date(contactAt.getTime() + rnd.int(12, 200) * HOUR);
          const steps: Step[] = [];
          if (contacted && contactAt < now)
            steps.push({ status: 'following', at: contactAt, note: '已电话联系本人，了解近况并约定面谈。' });
          if (closed && closedAt < now && steps.length)
            steps.push({ status: 'closed', at: closedAt, note: '面谈后情绪平稳，转入常规随访，预警关闭。' });
          one.warnings.push({
            row: {
              userId: uid,
              expertId: p.expertId,
              level: alert.level,
              reason: alert.reason,
              scaleName: t.v.def.name,
              status: steps.at(-1)?.status ?? 'pending',
              // Left pending past a day: already escalated, as the sweeper would have done.
              escalatedAt:
                !steps.length && now.getTime() - at.getTime() > DAY ? new Date(at.getTime() + DAY) : null,
              createdAt: at,
              updatedAt: steps.at(-1)?.at ?? at,
            },
            // Follow-up is written by the person's expert; without one it stays unrecorded.
            steps: p.expertId ? steps : [],
          });
        }
      }
    }
  }
  if (!made.length) return 0;
  // Identity values are drawn row by row in the order of the VALUES: ascending ids match the rows.
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  const ids = (
    await db
      .insert(assessments)
      .values(made.map((m) => m.assessment))
      .returning({ id: assessments.id })
  ).sort(byId);
  await db
    .insert(assessmentParts)
    .values(made.flatMap((m, i) => m.parts.map((part) => ({ ...part, assessmentId: ids[i]!.id }))));
  const raised = made.flatMap((m, i) => m.warnings.map((w) => ({ ...w, assessmentId: ids[i]!.id })));
  if (raised.length) {
    const warningIds = (
      await db
        .insert(warnings)
        .values(raised.map((w) => ({ ...w.row, assessmentId: w.assessmentId })))
        .returning({ id: warnings.id, actorId: warnings.expertId })
    ).sort(byId);
    const progress = raised.flatMap((w, i) =>
      w.steps.map((s) => ({
        warningId: warningIds[i]!.id,
        actorId: warningIds[i]!.actorId!,
        status: s.status,
        note: s.note,
        createdAt: s.at,
      })),
    );
    if (progress.length) await db.insert(warningProgress).values(progress);
  }
  return made.length;
}
