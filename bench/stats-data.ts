/**
 * The statistics bench's data: a PostgreSQL database migrated and seeded by the server's own
 * code (`db:seed`: built-in scales, plans, activities, demo accounts), then filled with
 * `n` submitted assessments set-based: INSERT … SELECT over generate_series, every choice a
 * `random()` after `setseed`, so a size always makes the same rows (times are relative to now).
 *
 * Rows have the shape the app writes. Answers and results come from templates scored in Node by
 * the real engine (`scoreAssessment` on each built-in scale's published definition: per scale,
 * gender, 40 severity levels and 8 variants); each generated part takes the template of its
 * person's severity. Warnings are raised for every alert of a result, as the assessments
 * service does, and followed up the way the demo seed does it (older ones contacted and
 * closed, recent ones open).
 *
 * Volumes for n assessments: n/10 people, n/1000 experts, n/5000 institutions (at least the
 * four demo ones), plus 3 % as many unfinished assessments; spread over the last 365 days.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  areaList,
  checkScaleDefinition,
  optionsOf,
  scoreAssessment,
  visibleItems,
  type ScaleDefinition,
} from '@psy/contracts';
import postgres from 'postgres';
import { startServer, type RunningServer } from '../apps/e2e/src/server';
import { PROVINCE_WEIGHTS, SINGLE_SCALES } from '../apps/server/src/db/seed/statistics-weights';
import { generateActivity, HEAVY_ASSESSMENTS } from './activity-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** One database per size: psy_bench_1000000, psy_bench_10000. */
export const benchDbName = (n: number) => `psy_bench_${n}`;
export function dbUrl(name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The server as production starts it, on a generated database, with a fresh data directory and
 * secret, sweeps off and warnings only; `tag` names the data directory, `env` adds settings.
 */
export async function startOnBench(
  name: string,
  tag: string,
  env: Record<string, string> = {},
  /** Flags for the server's node (e.g. --cpu-prof). */
  nodeArgs: string[] = [],
): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `psy-bench-${tag}-`));
  const server = await startServer(
    {
      DATABASE_URL: dbUrl(name),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      APP_SECRET: crypto.randomBytes(36).toString('base64'),
      SWEEP_INTERVAL_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    nodeArgs,
  );
  return { server, dataDir };
}

export function volumes(n: number) {
  return {
    assessments: n,
    unfinished: Math.round(n * 0.03),
    people: Math.max(100, Math.round(n / 10)),
    experts: Math.max(10, Math.round(n / 1000)),
    institutions: Math.max(4, Math.round(n / 5000)),
  };
}

/** Raised when the generator makes other rows: a database of an older one is made again. */
const GENERATOR_VERSION = 2;
const DAYS = 365;
/** Severity levels and variants of the scored templates. */
const K = 40;
const V = 8;
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN =
  '子涵 欣怡 梓轩 雨桐 浩然 诗涵 宇航 佳怡 思远 梦瑶 俊杰 嘉欣 博文 可馨 志强 晓雯 天佑 若曦 明轩 雅琪 一鸣 婉清 文静 建国 丽娟';
const CITIES =
  '北京 上海 广州 深圳 杭州 成都 武汉 南京 西安 重庆 天津 苏州 长沙 郑州 青岛 厦门 合肥 昆明 沈阳 济南';
const KINDS = '心理咨询中心 心理健康服务站 医院临床心理科 员工关爱中心 学生心理发展中心';

/** mulberry32, as the demo seed: the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 4096 county codes drawn by the provinces' weights: people's regions are picked from these. */
function regionPool(): string[] {
  const rnd = prng(86);
  const counties = Object.keys(areaList.county_list);
  const total = PROVINCE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  return Array.from({ length: 4096 }, () => {
    let r = rnd() * total;
    let province = PROVINCE_WEIGHTS[0]![0];
    for (const [p, w] of PROVINCE_WEIGHTS)
      if ((r -= w) < 0) {
        province = p;
        break;
      }
    const mine = counties.filter((c) => c.startsWith(province));
    return mine[Math.floor(rnd() * mine.length)]!;
  });
}

function parseDefinition(input: unknown): ScaleDefinition {
  const r = checkScaleDefinition(input);
  if (!r.ok) throw new Error(r.message);
  return r.def;
}

interface ScaleRow {
  id: number;
  code: string;
  versionId: number;
  definition: unknown;
}

/** Answers skewed by severity (the demo seed's rule), scored by the real engine. */
function templates(scales: ScaleRow[]) {
  const rows: {
    scale_id: number;
    version_id: number;
    gender: string;
    k: number;
    v: number;
    answers: Record<string, number>;
    result: unknown;
  }[] = [];
  for (const s of scales) {
    const def = parseDefinition(s.definition);
    // Items an alert rule watches (PHQ-9 item 9, SCL-90 item 15) are answered above the lowest
    // option far less often than the others, as in screened populations (~7 % for PHQ-9 item 9).
    const watched = new Set(def.alerts.flatMap((a) => (a.when.on === 'item' ? [a.when.item] : [])));
    for (const gender of ['female', 'male'] as const) {
      const shown = new Set(visibleItems(def, { gender }));
      for (let k = 0; k < K; k++) {
        for (let v = 0; v < V; v++) {
          const rnd = prng(s.id * 100_003 + (gender === 'male' ? 7919 : 0) + k * 131 + v);
          const severity = k / (K - 1);
          const answers = def.items.map((item) => {
            if (!shown.has(item.number)) return null;
            const n = optionsOf(def, item).length;
            const x = Math.min(1, Math.max(0, severity + (rnd() - 0.5) * 0.5));
            const answer = Math.min(
              n,
              1 + Math.floor(rnd() ** (1 / (0.25 + x * 1.6)) * n * (0.35 + x * 0.65)),
            );
            return watched.has(item.number) && rnd() > 0.5 * severity ** 1.5 ? 1 : answer;
          });
          const stored: Record<string, number> = {};
          def.items.forEach((item, i) => {
            if (answers[i] !== null) stored[String(item.number)] = answers[i]!;
          });
          rows.push({
            scale_id: s.id,
            version_id: s.versionId,
            gender,
            k,
            v,
            answers: stored,
            result: scoreAssessment(def, answers, { gender }),
          });
        }
      }
    }
  }
  return rows;
}

/** The server's migrations (its drizzle journal). */
function migrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'apps/server/drizzle/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Whether the database holds a finished generation of `n` assessments by this generator, on the
 * current migrations (or, with `anyMigrations`, on any: `bench/lists.ts` migrates it then).
 */
export async function isGenerated(
  n: number,
  name = benchDbName(n),
  opts: { anyMigrations?: boolean } = {},
): Promise<boolean> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!exists) return false;
  } finally {
    await admin.end();
  }
  const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
  try {
    const rows = await db<
      { n: number }[]
    >`select assessments as n from bench_meta where version = ${GENERATOR_VERSION}`.catch(() => []);
    // Made before a migration was added: generated again rather than migrated (a migration's
    // backfill over a million rows would outlast the server's start-up wait).
    const applied = await db<
      { n: number }[]
    >`select count(*)::int as n from drizzle.__drizzle_migrations`.catch(() => []);
    return rows[0]?.n === n && (opts.anyMigrations || applied[0]?.n === migrationCount());
  } finally {
    await db.end();
  }
}

/** (Re)creates the database `name` with `n` submitted assessments. */
export async function generate(n: number, name = benchDbName(n), log = console.log): Promise<void> {
  const vol = volumes(n);
  const started = performance.now();
  const step = (what: string) => log(`  ${((performance.now() - started) / 1000).toFixed(1)} s  ${what}`);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = dbUrl(name);
  log(`generating ${name}: ${JSON.stringify(vol)}`);

  // Migrations, built-in scales, plans, activities and demo accounts: the server's own seed.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-data-'));
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/db/seed-cli.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (seeded.status !== 0) throw new Error('migrating and seeding the bench database failed');
  step('migrated and seeded (db:seed)');

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // The seed's demo statistics (80 people, times relative to now) came first, so their ids are
    // lower than those of older generated assessments: not how the app numbers them. Out they go.
    await sql`delete from assessments where user_id in (select id from users where telephone like '1390000%')`;
    // The statistics triggers would rewrite an assessment's (a warning's) facts once per row; off
    // for the bulk load, then every fact and rollup is built once, set-based (as migration
    // 0015's backfill does).
    for (const t of ['assessments', 'assessment_parts', 'warnings'])
      await sql.unsafe(
        `alter table ${t} disable trigger stats_facts_write, disable trigger stats_facts_update`,
      );
    await sql`alter table warning_progress disable trigger stats_facts_write`;
    // One session: parallel workers off so that random() runs in one known order.
    await sql`set max_parallel_workers_per_gather = 0`;
    await sql`set work_mem = '256MB'`;
    await sql`set maintenance_work_mem = '512MB'`;
    await sql`set synchronous_commit = off`;
    await sql`select setseed(0.2026)`;

    const scales = await sql<ScaleRow[]>`
      select s.id, s.code, s.published_version_id as "versionId", v.definition
      from scales s join scale_versions v on v.id = s.published_version_id
      where s.builtin order by s.id`;
    const byCode = new Map(scales.map((s) => [s.code, s]));
    const plans = await sql<{ id: number; title: string; scales: number[] }[]>`
      select p.id, p.title, array_agg(ps.scale_id order by ps.position) as scales
      from plans p join plan_scales ps on ps.plan_id = p.id
      where p.title in ('大学生心理健康普查', '职场压力与身心状况评估') group by p.id order by p.id`;
    const student = plans.find((p) => p.title === '大学生心理健康普查')!;
    const work = plans.find((p) => p.title === '职场压力与身心状况评估')!;
    const acts = await sql<{ id: number; planId: number | null; scaleId: number | null }[]>`
      select id, plan_id as "planId", scale_id as "scaleId" from activities order by id`;
    const studentActivity = acts.find((a) => a.planId === student.id)?.id ?? null;
    const who5Activity = acts.find((a) => a.scaleId === byCode.get('WHO5')!.id)?.id ?? null;
    const [auditor] = await sql<
      { id: number }[]
    >`select id from users where role = 'auditor' order by id limit 1`;

    // ---- scored templates, and the units an assessment is made of (a plan or one scale) ----
    await sql`create unlogged table bench_templates (
      scale_id int, version_id int, gender text, k int, v int, answers jsonb, result jsonb,
      primary key (scale_id, gender, k, v))`;
    const rows = templates(scales);
    for (let i = 0; i < rows.length; i += 500)
      await sql`insert into bench_templates
        select * from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 500))}::text::jsonb)
        as x(scale_id int, version_id int, gender text, k int, v int, answers jsonb, result jsonb)`;
    const items = new Map(scales.map((s) => [s.id, parseDefinition(s.definition).items.length]));
    const units = [
      ...[student, work].flatMap((p) =>
        p.scales.map((scaleId, position) => ({ unit: -p.id, position, scale_id: scaleId })),
      ),
      ...scales.map((s) => ({ unit: s.id, position: 0, scale_id: s.id })),
    ].map((u) => ({ ...u, items: items.get(u.scale_id)! }));
    await sql`create unlogged table bench_units as
      select * from jsonb_to_recordset(${JSON.stringify(units)}::text::jsonb)
      as x(unit int, position int, scale_id int, items int)`;
    const regions = regionPool();
    await sql`create unlogged table bench_regions as
      select (ord - 1)::int as i, code from jsonb_array_elements_text(${JSON.stringify(regions)}::text::jsonb)
      with ordinality as r(code, ord)`;
    await sql`alter table bench_regions add primary key (i)`;
    // Fresh tables have no statistics: without them the planner joins them badly (minutes, not seconds).
    await sql`analyze bench_templates, bench_units, bench_regions`;
    step(`${rows.length} scored templates`);

    // ---- institutions and experts ----
    const newInst = vol.institutions - 4;
    await sql`insert into institutions (name, city, address, phone, intro)
      select (string_to_array(${CITIES}, ' '))[1 + i % 20] || '第' || i || (string_to_array(${KINDS}, ' '))[1 + i % 5],
        (string_to_array(${CITIES}, ' '))[1 + i % 20] || '市',
        '人民路 ' || i || ' 号', '010-' || lpad((60000000 + i)::text, 8, '0'),
        '提供心理测评、心理咨询与危机干预服务。'
      from generate_series(1, ${newInst}) i`;
    const newExperts = vol.experts - 4;
    await sql`insert into users (telephone, name, role, gender, institution_id)
      select '136' || lpad(i::text, 8, '0'),
        substr(${SURNAMES}, 1 + floor(random() * ${[...SURNAMES].length})::int, 1)
          || (string_to_array(${GIVEN}, ' '))[1 + floor(random() * 25)::int],
        'expert', case when random() < 0.7 then 'female' else 'male' end::gender,
        (select id from institutions order by id offset (i % ${vol.institutions}) limit 1)
      from generate_series(1, ${newExperts}) i`;
    await sql`insert into expert_profiles (user_id, title, introduction, price_fen, specialties)
      select id, '国家二级心理咨询师', '擅长情绪困扰、压力管理与人际关系咨询。', 30000, '["情绪管理","压力应对"]'::jsonb
      from users u where role = 'expert' and not exists (select 1 from expert_profiles e where e.user_id = u.id)`;
    await sql`create unlogged table bench_inst_experts as
      select institution_id as inst, array_agg(id order by id) as experts
      from users where role = 'expert' and institution_id is not null group by institution_id`;
    step(`${vol.institutions} institutions, ${vol.experts} experts`);

    // ---- people: 80 % belong to an institution, followed by one of its experts ----
    // Telephones in no relation to sign-up order (real numbers are not handed out by it), except
    // the heavy person's (idx 1, 15000000001), which the other benches look up.
    await sql`create unlogged table bench_people as
      select i as idx, '15' || lpad(phone_n::text, 9, '0') as phone,
        substr(${SURNAMES}, 1 + floor(r1 * ${[...SURNAMES].length})::int, 1)
          || (string_to_array(${GIVEN}, ' '))[1 + floor(r2 * 25)::int] as name,
        case when r3 < 0.56 then 'female' else 'male' end as gender,
        case when r4 < 0.35 then 17 + floor(r5 * 8) when r4 < 0.85 then 25 + floor(r5 * 20)
          when r4 < 0.97 then 45 + floor(r5 * 15) else 60 + floor(r5 * 11) end::int as age,
        floor(r6 * 4096)::int as region_i,
        case when i = 1 then 1 when r7 < 0.8 then 1 + floor(r8 * ${vol.institutions})::int end as inst_i,
        r9 as expert_r,
        power(r10, 3) as severity
      from (select i, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
              random() r7, random() r8, random() r9, random() r10,
              case when i = 1 then 1 else 1 + row_number() over (partition by i = 1 order by random()) end
                as phone_n
            from generate_series(1, ${vol.people}) i) x`;
    await sql`alter table bench_people add column user_id int, add column inst int,
      add column expert_id int, add column region text`;
    await sql`update bench_people p set region = r.code from bench_regions r where r.i = p.region_i`;
    await sql`update bench_people p set inst = i.id
      from (select id, row_number() over (order by id) as n from institutions) i where i.n = p.inst_i`;
    await sql`update bench_people p
      set expert_id = e.experts[1 + floor(p.expert_r * cardinality(e.experts))::int]
      from bench_inst_experts e where e.inst = p.inst`;
    await sql`insert into users (telephone, name, role, gender, institution_id)
      select phone, name, 'user', gender::gender, inst from bench_people order by idx`;
    await sql`update bench_people p set user_id = u.id from users u where u.telephone = p.phone`;
    await sql`alter table bench_people add primary key (idx)`;
    await sql`analyze bench_people`;
    step(`${vol.people} people`);

    // ---- assessments, staged with every random choice, then inserted in time order ----
    const total = vol.assessments + vol.unfinished;
    const weights = SINGLE_SCALES.reduce((s, [, w]) => s + w, 0);
    let acc = 0;
    const pickScale = SINGLE_SCALES.map(([code, w]) => {
      acc += w;
      return `when rs < ${acc / weights} then ${byCode.get(code)!.id}`;
    }).join(' ');
    await sql`create unlogged table bench_a0 as
      select y.* from (
        select x.s, x.s > ${vol.assessments} as unfinished, p.user_id, p.gender, p.age, p.region, p.name,
          p.phone, p.expert_id, now() - rt * ${DAYS} * interval '1 day' as at,
          case when p.age <= 24 and rk < 0.35 then ${-student.id}
               when p.age between 25 and 59 and rk < 0.45 and rk >= 0.35 then ${-work.id}
               else (case ${sql.unsafe(pickScale)} end) end as unit,
          least(${K - 1}, greatest(0, round((p.severity + (rn - 0.5) * 0.3) * ${K - 1})))::int as k,
          floor(rv * ${V})::int as v, 5 + rd * 7 as pace, ra, rl, rl2
        from (select s,
                case when s <= ${HEAVY_ASSESSMENTS} then 1 else 1 + floor(random() * ${vol.people})::int end as pi, random() rt, random() rk,
                random() rs, random() rn, random() rv, random() rd, random() ra, random() rl, random() rl2
              from generate_series(1, ${total}) s) x
        join bench_people p on p.idx = x.pi
      ) y`;
    // Ids in the order assessments were started, as the app makes them. 2 % of the plans are
    // finished 1 to 30 days after they were started (the first scale then, the rest at the end).
    await sql`create unlogged table bench_a as
      select row_number() over (order by started, s)::int as g, z.* from (
        select w.*, w.at - w.duration * interval '1 second' - w.lag as started from (
          select b.*, round(b.pace * t.items)::int as duration,
            case when b.unit < 0 and not b.unfinished and b.rl < 0.02
              then (1 + floor(b.rl2 * 30)) * interval '1 day' else interval '0 days' end as lag
          from bench_a0 b
          join (select unit, sum(items) as items from bench_units group by unit) t on t.unit = b.unit
        ) w
      ) z`;
    await sql`drop table bench_a0`;
    await sql`alter table bench_a add column activity_id int`;
    await sql`analyze bench_a`;
    // Campaigns: a share of the students' plan in its activity's week, WHO-5 in its three days.
    if (studentActivity)
      await sql`update bench_a set activity_id = ${studentActivity}
        where unit = ${-student.id} and at > now() - interval '7 days' and ra < 0.6`;
    if (who5Activity)
      await sql`update bench_a set activity_id = ${who5Activity}
        where unit = ${byCode.get('WHO5')!.id} and at > now() - interval '3 days' and ra < 0.6`;
    const [{ base } = { base: 0 }] = await sql<{ base: number }[]>`
      select coalesce(max(id), 0)::int as base from assessments`;
    await sql`insert into assessments (id, user_id, kind, scale_id, plan_id, activity_id, title, status,
        consent_text, consent_accepted_at, basic_info, expert_id, requires_approval, price_fen,
        started_at, submitted_at, duration_seconds, created_at, updated_at)
      overriding system value
      select ${base} + a.g, a.user_id, case when a.unit < 0 then 'plan' else 'scale' end,
        case when a.unit > 0 then a.unit end, case when a.unit < 0 then -a.unit end, a.activity_id,
        coalesce(p.title, s.name), case when a.unfinished then 'in_progress' else 'submitted' end::assessment_status,
        coalesce(p.consent_text, '本测评结果仅用于心理健康服务。'), a.started,
        jsonb_build_object('name', a.name, 'gender', a.gender, 'age', a.age, 'regionCode', a.region,
          'phone', a.phone, 'extra', '{}'::jsonb),
        a.expert_id, coalesce(p.requires_approval, false), 0,
        a.started, case when not a.unfinished then a.at end,
        case when not a.unfinished then a.duration end, a.started, a.at
      from bench_a a left join plans p on p.id = -a.unit left join scales s on s.id = a.unit
      order by a.g`;
    step(`${total} assessments (${vol.unfinished} unfinished)`);

    // Parts: an unfinished plan keeps its first scale answered (as the demo seed).
    await sql`insert into assessment_parts (assessment_id, position, scale_id, scale_version_id, answers,
        status, result, duration_seconds, submitted_at)
      select ${base} + a.g, u.position, u.scale_id, t.version_id, d.answers, d.status, d.result,
        d.duration, d.at
      from bench_a a
      join bench_units u on u.unit = a.unit
      join bench_templates t on t.scale_id = u.scale_id and t.gender = a.gender and t.k = a.k
        and t.v = (a.v + u.position) % ${V}
      cross join lateral (
        select case when done then t.answers else '{}'::jsonb end as answers,
          case when done then 'submitted' else 'in_progress' end::assessment_status as status,
          case when done then t.result end as result,
          case when done then round(a.pace * u.items)::int end as duration,
          case when not done then null
            when u.position = 0 and a.lag > interval '0 days'
              then a.started + round(a.pace * u.items) * interval '1 second'
            else a.at end as at
        from (select not a.unfinished or u.position = 0 as done) f
      ) d
      order by a.g, u.position`;
    step('assessment parts');

    // ---- warnings: one per alert of a submitted result, followed up as time allows ----
    await sql`create unlogged table bench_w as
      select row_number() over (order by a.at, a.g, u.position, al.ord)::int as wg,
        ${base} + a.g as assessment_id, a.user_id, a.expert_id, a.at,
        (al.value ->> 'level')::int as level, al.value ->> 'reason' as reason, sc.name as scale_name,
        random() r1, random() r2, random() r3, random() r4
      from bench_a a
      join bench_units u on u.unit = a.unit
      join bench_templates t on t.scale_id = u.scale_id and t.gender = a.gender and t.k = a.k
        and t.v = (a.v + u.position) % ${V}
      join scales sc on sc.id = u.scale_id
      cross join lateral jsonb_array_elements(t.result -> 'alerts') with ordinality as al(value, ord)
      where not a.unfinished`;
    await sql`alter table bench_w add column contact_at timestamptz, add column closed_at timestamptz`;
    await sql`analyze bench_w`;
    await sql`update bench_w set
      contact_at = case when r1 < least(0.95, extract(epoch from now() - at) / (3 * 86400))
        then at + (1 + floor(r2 * 40)) * interval '1 hour' end`;
    await sql`update bench_w set contact_at = null where contact_at >= now()`;
    await sql`update bench_w set
      closed_at = case when contact_at is not null and r3 < least(0.9, extract(epoch from now() - at) / (8 * 86400))
        then contact_at + (12 + floor(r4 * 189)) * interval '1 hour' end`;
    await sql`update bench_w set closed_at = null where closed_at >= now()`;
    const [{ wbase } = { wbase: 0 }] = await sql<{ wbase: number }[]>`
      select coalesce(max(id), 0)::int as wbase from warnings`;
    await sql`insert into warnings (id, assessment_id, user_id, expert_id, level, reason, scale_name, status,
        escalated_at, created_at, updated_at)
      overriding system value
      select ${wbase} + wg, assessment_id, user_id, expert_id, level, reason, scale_name,
        case when closed_at is not null then 'closed' when contact_at is not null then 'following'
          else 'pending' end::warning_status,
        case when contact_at is null and now() - at > interval '1 day' then at + interval '1 day' end,
        at, coalesce(closed_at, contact_at, at)
      from bench_w order by wg`;
    await sql`insert into warning_progress (warning_id, actor_id, status, note, created_at)
      select ${wbase} + wg, coalesce(expert_id, ${auditor!.id}), s.status::warning_status, s.note, s.at
      from bench_w cross join lateral (values
        ('following', '已电话联系本人，了解近况并约定面谈。', contact_at),
        ('closed', '面谈后情绪平稳，转入常规随访，预警关闭。', closed_at)) as s(status, note, at)
      where s.at is not null order by s.at`;
    step('warnings and their follow-up');

    await generateActivity(sql, n, step);

    for (const t of ['assessments', 'warnings'])
      await sql.unsafe(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
    for (const t of ['bench_templates', 'bench_units', 'bench_regions', 'bench_inst_experts', 'bench_people'])
      await sql.unsafe(`drop table ${t}`);
    await sql`drop table bench_a`;
    await sql`drop table bench_w`;
    for (const t of ['assessments', 'assessment_parts', 'warnings'])
      await sql.unsafe(
        `alter table ${t} enable trigger stats_facts_write, enable trigger stats_facts_update`,
      );
    await sql`alter table warning_progress enable trigger stats_facts_write`;
    await sql`select stats_rebuild_all()`;
    step('statistics facts and rollups (stats_rebuild_all)');
    await sql`vacuum analyze`;
    step('vacuum analyze');
    await sql`create table bench_meta (assessments int not null, version int not null,
      generated_at timestamptz not null default now())`;
    await sql`insert into bench_meta (assessments, version) values (${n}, ${GENERATOR_VERSION})`;

    const [c] = await sql<Record<string, number>[]>`select
      (select count(*) from users where role = 'user')::int as people,
      (select count(*) from users where role = 'expert')::int as experts,
      (select count(*) from institutions)::int as institutions,
      (select count(*) from assessments where status = 'submitted')::int as submitted,
      (select count(*) from assessments where status = 'in_progress')::int as unfinished,
      (select count(*) from assessment_parts)::int as parts,
      (select count(*) from warnings)::int as warnings,
      (select count(*) from warnings where status <> 'closed')::int as "openWarnings",
      (select count(*) from warning_progress)::int as progress,
      (select count(*) from chats)::int as chats,
      (select count(*) from chat_messages)::int as messages,
      (select count(*) from bookings)::int as bookings,
      (select count(*) from orders)::int as orders,
      (pg_database_size(current_database()) / 1048576)::int as "sizeMb"`;
    log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s: ${JSON.stringify(c)}`);
  } finally {
    await sql.end();
  }
}
