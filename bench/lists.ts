/**
 * Every paged list and detail the product has, on PostgreSQL at two sizes of
 * `npm run bench:data` (default 10,000 and 1,000,000 assessments): the real app (the production
 * bundle, NODE_ENV=production) against each database, each endpoint called as the account that
 * uses it (visitor, the heavy person, the expert with the most bookings, auditor, admin),
 * sequentially after 3 warm-up calls. Each size has its own server, all running at once, and
 * each endpoint is called on every size in turn (one request to each, then the next round), so
 * a busy or a quiet minute of the machine falls on both sizes alike. Prints p50/p95 per size, the ratio t(large)/t(small) of
 * the p50s and flags p95 over 20 ms (300 ms for a dashboard) or a ratio over 2.
 *
 * A database made by an older generator is made again; one made before a later migration is
 * migrated first (the migration's index builds can outlast the server's start-up wait).
 *
 * Usage: npm run bench:lists
 *   BENCH_SIZES=10000,1000000  BENCH_REQUESTS=100  BENCH_ONLY=<substring of a case's name or path>
 *   BENCH_EXPLAIN_MS=<ms>: auto_explain (ANALYZE, BUFFERS) on the bench databases for the run,
 *     every statement slower than that is logged with its plan to PostgreSQL's log
 *   BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile of each size's calls to <dir>/<size>
 *     when it stops (open it in Chrome's DevTools, Performance tab); BENCH_ONLY narrows it to one read
 *   CATALOGUE_CACHE_SECONDS=0: the public catalogue lists read from the database on every call, not
 *     from memory between the writes that change them (what a call after such a write costs)
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { HEAVY_PHONE } from './activity-data';
import { adminUrl, benchDbName, dbUrl, generate, isGenerated, startOnBench } from './stats-data';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 100);
const only = process.env.BENCH_ONLY;
const explainMs = process.env.BENCH_EXPLAIN_MS;
const cpuProf = process.env.BENCH_CPU_PROF;
const TARGET_MS = 20;
const DASHBOARD_MS = 300;
const MAX_RATIO = 2;

type Who = 'visitor' | 'user' | 'expert' | 'auditor' | 'admin';
interface Case {
  name: string;
  who: Who;
  path: string;
  /** A dashboard's p95 goal (300 ms) instead of a list's or a detail's 20 ms. */
  goalMs?: number;
}
interface Timing {
  p50: number;
  p95: number;
  error?: string;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function call(url: string, token: string | undefined): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: token ? { serviceToken: token } : {} });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 160)}`);
  // The API answers 200 with its own code on a refused request.
  const code = /^\{"code":(\d+)/.exec(body)?.[1];
  if (code && code !== '200') throw new Error(`code ${code}: ${body.slice(0, 160)}`);
  return ms;
}

/**
 * The same read on every size's server, a request to each in turn (the order reversed every
 * round), so that both sizes meet the same moments of a shared machine: a quiet or a busy
 * minute would otherwise fall on one size's whole run and make the ratio.
 */
async function measureTogether(targets: { url: string; token: string | undefined }[]): Promise<Timing[]> {
  const samples: number[][] = targets.map(() => []);
  const errors: (string | undefined)[] = targets.map(() => undefined);
  const round = async (k: number, keep: boolean) => {
    const order = targets.map((_, i) => i);
    if (k % 2) order.reverse();
    for (const i of order) {
      if (errors[i]) continue;
      try {
        const ms = await call(targets[i]!.url, targets[i]!.token);
        if (keep) samples[i]!.push(ms);
      } catch (err) {
        errors[i] = (err as Error).message;
      }
    }
  };
  for (let k = 0; k < 3; k++) await round(k, false);
  for (let k = 0; k < requests; k++) await round(k, true);
  return targets.map((_, i) =>
    errors[i]
      ? { p50: NaN, p95: NaN, error: errors[i] }
      : { p50: pct(samples[i]!, 50), p95: pct(samples[i]!, 95) },
  );
}

/** A session straight into the database: the bench measures lists, not login. */
async function tokenOf(db: postgres.Sql, userId: number): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  await db`insert into sessions (user_id, token_hash, expires_at) values (${userId}, ${hash}, now() + interval '1 day')`;
  return token;
}

async function adminDo(statement: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/** The bench database of size n, generated when missing and migrated to the current migrations. */
async function prepare(n: number): Promise<string> {
  const name = benchDbName(n);
  if (!(await isGenerated(n, name, { anyMigrations: true }))) {
    console.log(`${name} is missing: generating it (npm run bench:data does the same)`);
    await generate(n, name);
  } else if (!(await isGenerated(n, name))) {
    const t0 = performance.now();
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/db/migrate-cli.ts')],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: dbUrl(name) }, stdio: 'inherit' },
    );
    if (r.status !== 0) throw new Error(`migrating ${name} failed`);
    const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
    await db`vacuum analyze`;
    await db.end();
    console.log(`${name} migrated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  return name;
}

/** The accounts and the ids the cases read, looked up in the generated rows. */
async function casesOf(db: postgres.Sql): Promise<{ cases: Case[]; ids: Record<Who, number | undefined> }> {
  const one = async <T>(q: Promise<T[]>): Promise<T> => (await q)[0]!;
  const { id: user } = await one(db<{ id: number }[]>`select id from users where telephone = ${HEAVY_PHONE}`);
  const { id: expert } = await one(
    db<{ id: number }[]>`select expert_id as id from bookings group by 1 order by count(*) desc, 1 limit 1`,
  );
  const { id: auditor } = await one(
    db<{ id: number }[]>`select id from users where telephone = '13800000003'`,
  );
  const { id: admin } = await one(db<{ id: number }[]>`select id from users where telephone = '13800000004'`);
  const { id: assessment } = await one(db<{ id: number }[]>`
    select id from assessments where user_id = ${user} and status = 'submitted' order by id desc limit 1`);
  const { id: oldAssessment } = await one(db<{ id: number }[]>`
    select id from assessments where user_id = ${user} and status = 'submitted' order by id limit 1`);
  const { id: booking } = await one(db<{ id: number }[]>`
    select id from bookings where user_id = ${user} order by starts_at desc limit 1`);
  const { id: order } = await one(db<{ id: number }[]>`
    select id from orders where user_id = ${user} order by id desc limit 1`);
  const { id: chat, mid } = await one(db<{ id: number; mid: number }[]>`
    select c.id, (select id from chat_messages m where m.chat_id = c.id order by id offset 1000 limit 1) as mid
    from chats c join chat_participants p on p.chat_id = c.id and p.user_id = ${user}
    order by (select count(*) from chat_messages m where m.chat_id = c.id) desc limit 1`);
  const { id: expertBooking } = await one(db<{ id: number }[]>`
    select id from bookings where expert_id = ${expert} and status = 'completed' order by starts_at desc limit 1`);
  const { id: expertAssessment } = await one(db<{ id: number }[]>`
    select id from assessments where expert_id = ${expert} and status = 'submitted' order by id desc limit 1`);
  const { id: client } = await one(db<{ id: number }[]>`
    select user_id as id from assessments where id = ${expertAssessment}`);
  const { id: warning } = await one(db<{ id: number }[]>`select id from warnings order by id desc limit 1`);
  const { id: news } = await one(db<{ id: number }[]>`
    select id from news_articles where state = 'published' and publish_at <= now() order by publish_at desc limit 1`);
  const { id: tweet } = await one(db<{ id: number }[]>`
    select id from tweets where status = 'published' and visibility = 'public' order by published_at desc limit 1`);
  const course = (await db<{ id: number }[]>`select id from courses order by id limit 1`)[0]?.id;
  const { id: institution } = await one(
    db<{ id: number }[]>`select id from institutions order by id limit 1`,
  );
  const { id: scale } = await one(db<{ id: number }[]>`select id from scales where code = 'PHQ9'`);
  const { id: plan } = await one(db<{ id: number }[]>`select id from plans order by id limit 1`);
  const p = '?pageNum=1&pageSize=10';
  const day = 86_400_000;
  const week = `from=${new Date(Date.now() - 7 * day).toISOString()}&to=${new Date(Date.now() + 21 * day).toISOString()}`;
  const cases: Case[] = [
    // ---- visitor: the catalogues ----
    { name: '首页概览', who: 'visitor', path: '/api/home/overview' },
    { name: '专家列表', who: 'visitor', path: '/api/expert/list?pageNum=1&pageSize=12' },
    { name: '专家列表 · 第 5 页', who: 'visitor', path: '/api/expert/list?pageNum=5&pageSize=12' },
    { name: '专家详情', who: 'visitor', path: `/api/expert/detail/${expert}` },
    { name: '专家的评价', who: 'visitor', path: `/api/expert/detail/${expert}/feedback${p}` },
    { name: '专家的可约时段', who: 'visitor', path: `/api/expert/slots/${expert}?${week}` },
    { name: '机构列表', who: 'visitor', path: '/api/department/list' },
    { name: '机构详情', who: 'visitor', path: `/api/department/detail/${institution}` },
    { name: '量表列表', who: 'visitor', path: '/api/scale/list' },
    { name: '量表详情', who: 'visitor', path: `/api/scale/detail/${scale}` },
    { name: '方案列表', who: 'visitor', path: '/api/plan/list' },
    { name: '方案详情', who: 'visitor', path: `/api/plan/detail/${plan}` },
    { name: '活动列表', who: 'visitor', path: '/api/activity/list' },
    { name: '资讯列表', who: 'visitor', path: `/api/news/list${p}` },
    { name: '资讯详情', who: 'visitor', path: `/api/news/detail/${news}` },
    { name: '动态列表', who: 'visitor', path: `/api/tweet/list${p}` },
    { name: '动态列表 · 某专家', who: 'visitor', path: `/api/tweet/list${p}&expertId=${expert}` },
    { name: '动态详情', who: 'visitor', path: `/api/tweet/detail/${tweet}` },
    { name: '课程列表', who: 'visitor', path: `/api/course/list${p}` },
    ...(course
      ? [
          { name: '课程详情', who: 'visitor' as const, path: `/api/course/detail/${course}` },
          { name: '课程评价', who: 'visitor' as const, path: `/api/course/${course}/reviews${p}` },
        ]
      : []),
    { name: '轮播图', who: 'visitor', path: '/api/banner/list' },
    { name: '搜索「焦虑」', who: 'visitor', path: `/api/search?code=${encodeURIComponent('焦虑')}` },
    // A counsellor looked up by name: a keyword of three characters that few rows hold.
    { name: '搜索「王静怡」', who: 'visitor', path: `/api/search?code=${encodeURIComponent('王静怡')}` },
    // ---- the heavy person ----
    { name: '账号信息', who: 'user', path: '/api/userinfo/info' },
    { name: '我的测评', who: 'user', path: `/api/assessment/mine${p}` },
    { name: '测评进度', who: 'user', path: `/api/assessment/${assessment}` },
    { name: '测评结果', who: 'user', path: `/api/assessment/${assessment}/result` },
    { name: '测评报告', who: 'user', path: `/api/assessment/${assessment}/report` },
    { name: '测评报告 · 最早的一次', who: 'user', path: `/api/assessment/${oldAssessment}/report` },
    { name: '我的预约', who: 'user', path: `/api/booking/list${p}` },
    { name: '我的预约 · 已完成', who: 'user', path: `/api/booking/list${p}&status=completed` },
    { name: '预约详情（用户）', who: 'user', path: `/api/booking/detail/${booking}` },
    { name: '我的订单', who: 'user', path: `/api/order/list${p}` },
    { name: '订单详情', who: 'user', path: `/api/order/orderDetail/${order}` },
    { name: '会话列表（用户）', who: 'user', path: '/api/chat/get-list' },
    { name: '会话详情', who: 'user', path: `/api/chat/get/${chat}` },
    { name: '聊天记录 · 最新 30 条', who: 'user', path: `/api/chat/messages?chatId=${chat}&limit=30` },
    {
      name: '聊天记录 · 往前翻页',
      who: 'user',
      path: `/api/chat/messages?chatId=${chat}&limit=30&before=${mid ?? 1}`,
    },
    { name: '我的通知', who: 'user', path: `/api/userNotification${p}` },
    { name: '通知摘要', who: 'user', path: '/api/userNotification/summary' },
    { name: '我的评价', who: 'user', path: `/api/user/feedback${p}` },
    { name: '我的咨询', who: 'user', path: `/api/consultations${p}` },
    { name: '关注动态', who: 'user', path: `/api/tweet/feed${p}` },
    { name: '我的课程', who: 'user', path: '/api/course/mine' },
    { name: '档案查看记录', who: 'user', path: `/api/user/record-views${p}` },
    { name: '我的转介', who: 'user', path: '/api/user/transfers' },
    { name: '我的筛查', who: 'user', path: '/api/campaigns/mine' },
    { name: '登录记录', who: 'user', path: '/api/userinfo/login-history' },
    // ---- the expert with the most bookings ----
    { name: '专家的预约', who: 'expert', path: `/api/booking/expert/list${p}` },
    { name: '专家的预约 · 已确认', who: 'expert', path: `/api/booking/expert/list${p}&status=confirmed` },
    { name: '预约详情（专家）', who: 'expert', path: `/api/booking/detail/${expertBooking}` },
    // The workbench's dashboard: thirteen sections of the expert's day.
    { name: '今日日程', who: 'expert', path: '/api/expert/today', goalMs: DASHBOARD_MS },
    { name: '我的时段', who: 'expert', path: `/api/expert/me/slots?${week}` },
    { name: '来访者测评', who: 'expert', path: `/api/expert/assessments${p}` },
    { name: '来访者测评 · 已提交', who: 'expert', path: `/api/expert/assessments${p}&status=submitted` },
    { name: '来访者测评 · 有三级预警', who: 'expert', path: `/api/expert/assessments${p}&level=3` },
    {
      name: '来访者测评 · 搜索姓名',
      who: 'expert',
      path: `/api/expert/assessments${p}&keyword=${encodeURIComponent('王')}`,
    },
    { name: '来访者测评 · 某人', who: 'expert', path: `/api/expert/assessments${p}&userId=${client}` },
    { name: '测评详情（专家）', who: 'expert', path: `/api/expert/assessments/${expertAssessment}` },
    { name: '来访者档案', who: 'expert', path: `/api/expert/records/${client}` },
    { name: '预警列表（专家）', who: 'expert', path: `/api/expert/warnings${p}` },
    { name: '报告审核（专家）', who: 'expert', path: `/api/expert/report-approvals${p}` },
    { name: '收到的评价', who: 'expert', path: `/api/expert/feedback${p}` },
    { name: '会话列表（专家）', who: 'expert', path: '/api/chat/get-list' },
    { name: '我的动态', who: 'expert', path: `/api/expert/tweets${p}` },
    { name: '转介（专家）', who: 'expert', path: `/api/expert/transfers${p}` },
    { name: '协作（专家）', who: 'expert', path: `/api/expert/cooperations${p}` },
    { name: '我的课程（专家）', who: 'expert', path: `/api/expert/course/list${p}` },
    // ---- auditor ----
    { name: '全部测评（审核员）', who: 'auditor', path: `/api/expert/assessments${p}` },
    { name: '全部测评 · 第 100 页', who: 'auditor', path: '/api/expert/assessments?pageNum=100&pageSize=10' },
    { name: '全部测评 · 有三级预警', who: 'auditor', path: `/api/expert/assessments${p}&level=3` },
    {
      name: '全部测评 · 搜索姓名',
      who: 'auditor',
      path: `/api/expert/assessments${p}&keyword=${encodeURIComponent('王子涵')}`,
    },
    { name: '测评详情（审核员）', who: 'auditor', path: `/api/expert/assessments/${expertAssessment}` },
    { name: '预警列表（审核员）', who: 'auditor', path: `/api/expert/warnings${p}` },
    { name: '预警列表 · 待处理', who: 'auditor', path: `/api/expert/warnings${p}&status=pending` },
    { name: '预警列表 · 超时未处理', who: 'auditor', path: `/api/expert/warnings${p}&escalated=true` },
    { name: '预警详情', who: 'auditor', path: `/api/expert/warnings/${warning}` },
    { name: '审核待办', who: 'auditor', path: `/api/audit/inbox${p}` },
    { name: '报告审核（审核员）', who: 'auditor', path: `/api/expert/report-approvals${p}` },
    { name: '反馈管理', who: 'auditor', path: `/api/audit/feedback${p}` },
    { name: '资讯管理', who: 'auditor', path: `/api/audit/news${p}` },
    { name: '动态审核', who: 'auditor', path: `/api/audit/tweets${p}` },
    { name: '课程审核', who: 'auditor', path: `/api/audit/course/list${p}` },
    { name: '量表审核', who: 'auditor', path: `/api/audit/scales${p}` },
    { name: '筛查活动', who: 'auditor', path: `/api/audit/campaigns${p}` },
    { name: '轮播图管理', who: 'auditor', path: '/api/audit/banners' },
    // ---- admin ----
    { name: '用户管理', who: 'admin', path: `/api/userinfo/get-list${p}` },
    { name: '用户管理 · 第 500 页', who: 'admin', path: '/api/userinfo/get-list?pageNum=500&pageSize=10' },
    {
      name: '用户管理 · 搜索',
      who: 'admin',
      path: `/api/userinfo/get-list${p}&keyword=${encodeURIComponent('王子涵')}`,
    },
    { name: '用户管理 · 搜索手机号', who: 'admin', path: `/api/userinfo/get-list${p}&keyword=15000000` },
  ];
  return { cases, ids: { visitor: undefined, user, expert, auditor, admin } };
}

/** The settings BENCH_EXPLAIN_MS puts on the bench databases for the run (reset afterwards). */
const autoExplain = (ms: number): [string, string][] => [
  ['session_preload_libraries', `'auto_explain'`],
  ['auto_explain.log_min_duration', `${ms}`],
  ['auto_explain.log_analyze', 'on'],
  ['auto_explain.log_buffers', 'on'],
  ['auto_explain.log_nested_statements', 'on'],
];

/** One size's database, its server and the cases read on it. */
interface Side {
  n: number;
  name: string;
  server: Awaited<ReturnType<typeof startOnBench>>['server'];
  dataDir: string;
  db: postgres.Sql;
  cases: Map<string, Case>;
  tokens: Partial<Record<Who, string>>;
}

async function main() {
  const results = new Map<string, { c: Case; by: Map<number, Timing> }>();
  const meta: string[] = [];
  const sides: Side[] = [];
  try {
    // Every size's server runs for the whole bench (each on its own database), idle but for
    // the calls made to it.
    for (const n of sizes) {
      const name = await prepare(n);
      if (explainMs !== undefined)
        for (const [k, v] of autoExplain(Number(explainMs)))
          await adminDo(`alter database ${name} set ${k} = ${v}`);
      // A person's own lists are read from memory between the writes that concern them
      // (lib/personal-cache.ts); measured here is the query each write makes the next read run.
      const { server, dataDir } = await startOnBench(
        name,
        `lists-${n}`,
        {
          PERSONAL_CACHE_SECONDS: '0',
          // CATALOGUE_CACHE_SECONDS=0 measures the catalogue lists' queries instead of memory.
          ...(process.env.CATALOGUE_CACHE_SECONDS
            ? { CATALOGUE_CACHE_SECONDS: process.env.CATALOGUE_CACHE_SECONDS }
            : {}),
        },
        // A V8 CPU profile of the server for each size, written when it stops.
        cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProf, String(n))}`] : [],
      );
      const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
      const side: Side = { n, name, server, dataDir, db, cases: new Map(), tokens: {} };
      sides.push(side);
      const [counts] = await db<Record<string, number>[]>`select
        (select count(*) from users)::int as users, (select count(*) from assessments)::int as assessments,
        (select count(*) from chat_messages)::int as messages, (select count(*) from bookings)::int as bookings,
        (pg_database_size(current_database()) / 1048576)::int as "sizeMb"`;
      meta.push(`${name}: ${JSON.stringify(counts)}`);
      const { cases, ids } = await casesOf(db);
      for (const c of cases) side.cases.set(`${c.who} ${c.name}`, c);
      for (const who of ['user', 'expert', 'auditor', 'admin'] as const)
        side.tokens[who] = await tokenOf(db, ids[who]!);
    }
    // Each case on every size in turn, in the order the first size lists them.
    const keys = [...new Set(sides.flatMap((s) => [...s.cases.keys()]))];
    for (const key of keys) {
      const on = sides.flatMap((s) => {
        const c = s.cases.get(key);
        return c && (!only || c.name.includes(only) || c.path.includes(only)) ? [{ s, c }] : [];
      });
      if (!on.length) continue;
      const timings = await measureTogether(
        on.map(({ s, c }) => ({ url: `${s.server.base}/SysAdmin${c.path}`, token: s.tokens[c.who] })),
      );
      on.forEach(({ s, c }, i) => {
        const t = timings[i]!;
        if (!results.has(key)) results.set(key, { c, by: new Map() });
        results.get(key)!.by.set(s.n, t);
        console.log(
          `${s.n} ${c.who} ${c.name} ${c.path}: ${t.error ? `ERROR ${t.error}` : `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`}`,
        );
      });
    }
  } finally {
    for (const s of sides) {
      await s.db.end();
      await s.server.stop();
      fs.rmSync(s.dataDir, { recursive: true, force: true });
      if (explainMs !== undefined)
        for (const [k] of autoExplain(0)) await adminDo(`alter database ${s.name} reset ${k}`);
    }
  }

  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const fmt = (x: number) => (Number.isNaN(x) ? 'err' : x.toFixed(1));
  console.log(
    `\nPostgreSQL, ${requests} sequential requests per endpoint and size after 3 warm-up ones, the sizes' servers called in turn; ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n${meta.join('\n')}\n`,
  );
  const sizeCols = sizes.map((s) => `p50 / p95 ms at ${s.toLocaleString('en')}`);
  console.log(`| account | endpoint | ${sizeCols.join(' | ')} | p50 ratio ${large}/${small} | flag |`);
  console.log(`|---|---|${sizes.map(() => '---:').join('|')}|---:|---|`);
  for (const { c, by } of results.values()) {
    const s = by.get(small);
    const l = by.get(large);
    const ratio = s && l && !s.error && !l.error ? l.p50 / s.p50 : NaN;
    const flags = [
      ...sizes.flatMap((n) => {
        const t = by.get(n);
        if (!t) return [];
        if (t.error) return [`error at ${n}`];
        const goal = c.goalMs ?? TARGET_MS;
        return t.p95 > goal ? [`p95 > ${goal} ms at ${n}`] : [];
      }),
      ...(ratio > MAX_RATIO ? [`ratio > ${MAX_RATIO}`] : []),
    ];
    console.log(
      `| ${c.who} | ${c.name} \`${c.path.replace(/\/\d+(?=\/|\?|$)/g, '/:id').replace(/(chatId|expertId|userId|before)=\d+/g, '$1=:id')}\` | ${sizes
        .map((n) => {
          const t = by.get(n);
          return t ? `${fmt(t.p50)} / ${fmt(t.p95)}` : '';
        })
        .join(' | ')} | ${fmt(ratio)} | ${flags.join('; ')} |`,
    );
  }
  const errors = [...results.values()].flatMap(({ c, by }) =>
    [...by].filter(([, t]) => t.error).map(([n, t]) => `${n} ${c.who} ${c.path}: ${t.error}`),
  );
  if (errors.length) console.log(`\nErrors:\n${errors.join('\n')}`);
}

await main();
process.exit(0);
