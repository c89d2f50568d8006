/**
 * The statistics endpoints on PostgreSQL with 10,000 and 1,000,000 assessments: the real app
 * (started as `npm start` runs it, NODE_ENV=production) against each database of
 * `npm run bench:data` (made here first when missing), both sizes' servers up at once and called
 * in turn, latency at low concurrency, printed with the ratio t(large)/t(small); then an Excel
 * export of ~100,000 rows from the large one, its time and the server's peak RSS growth.
 *
 * The module's cache is off (STATS_CACHE_SECONDS=0): every request counts again in SQL, as
 * the first hit of a filter does. PostgreSQL's own buffer cache is warmed by two requests per
 * query before measuring; the "first" column is the very first request after the server started.
 * Today is marked dirty and the sweeper is off, so today's figures come from the facts as they
 * do in production between two sweeps (the platform-wide ones read the rollups for the rest).
 *
 * Usage: npm run bench:stats
 *   BENCH_SIZES=10000,1000000  BENCH_REQUESTS=40  BENCH_CONCURRENCY=1
 *   BENCH_EXPORT_ROWS=100000 (0: no export)
 *   BENCH_PARALLEL_WORKERS=0: PostgreSQL's max_parallel_workers_per_gather for the bench databases
 *     during the run (ALTER DATABASE … SET, reset afterwards); unset: the server's own setting.
 *   BENCH_ONLY=<substring of a query's name>: only those queries
 *   BENCH_EXPORT_HEAP_MB=128: the JavaScript heap cap of the server the exports run in
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import postgres from 'postgres';
import type { RunningServer } from '../apps/e2e/src/server';
import { adminUrl, benchDbName, dbUrl, generate, isGenerated, startOnBench } from './stats-data';

const sizes = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 40);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 1);
const parallelWorkers = process.env.BENCH_PARALLEL_WORKERS;
const exportHeapMb = Number(process.env.BENCH_EXPORT_HEAP_MB ?? 128);
const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const only = process.env.BENCH_ONLY;
const TARGET_MS = 300;
const DAY = 86_400_000;

interface Timing {
  first: number;
  p50: number;
  p95: number;
  p99: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
/** Today and `days` ago as Shanghai calendar days. */
const shanghaiDay = (msAgo = 0) => new Date(Date.now() + 8 * 3_600_000 - msAgo).toISOString().slice(0, 10);

function rssKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
}

async function fetchOk(url: string, token: string): Promise<Response> {
  const res = await fetch(url, { headers: { serviceToken: token } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return res;
}

async function time(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  await (await fetchOk(url, token)).arrayBuffer();
  return performance.now() - t0;
}

/**
 * The same query on every size's server, the sizes called in turn (one request each, then the
 * next round), so a moment of the host's load falls on every size alike and the ratio of their
 * times does not carry it.
 */
async function measureInTurn(targets: { url: string; token: string }[]): Promise<Timing[]> {
  const firsts: number[] = [];
  for (const t of targets) firsts.push(await time(t.url, t.token));
  for (const t of targets) await time(t.url, t.token);
  const samples: number[][] = targets.map(() => []);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests)
        for (const [i, t] of targets.entries()) samples[i]!.push(await time(t.url, t.token));
    }),
  );
  return targets.map((_, i) => ({
    first: firsts[i]!,
    p50: pct(samples[i]!, 50),
    p95: pct(samples[i]!, 95),
    p99: pct(samples[i]!, 99),
  }));
}

/** A session straight into the database: the bench measures statistics, not login. */
async function tokenOf(db: postgres.Sql, telephone: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const hash = crypto.createHash('sha256').update(token).digest('hex');
  await db`insert into sessions (user_id, token_hash, expires_at)
    select id, ${hash}, now() + interval '1 day' from users where telephone = ${telephone}`;
  return token;
}

interface Case {
  name: string;
  path: string;
  who: 'auditor' | 'expert';
}

/** The queries measured, on one size's database (the scale's id is that database's own). */
function casesOf(phq9: number, from90: string, today: string): Case[] {
  return [
    { name: '大屏 · 审核员（全平台）', path: '/api/stats/screen', who: 'auditor' },
    { name: '大屏 · 专家（我的来访者）', path: '/api/stats/screen', who: 'expert' },
    { name: '大屏 · 专家（本机构）', path: '/api/stats/screen?scope=institution', who: 'expert' },
    { name: '数据中心 · 审核员，无筛选（近 30 天）', path: '/api/stats/center', who: 'auditor' },
    {
      name: '数据中心 · 审核员，PHQ-9 + 近 90 天',
      path: `/api/stats/center?scaleId=${phq9}&from=${from90}&to=${today}`,
      who: 'auditor',
    },
    {
      name: '数据中心 · 交叉表下钻（PHQ-9，女，18-24 岁，北京，近 90 天）',
      path: `/api/stats/center?scaleId=${phq9}&gender=female&ageBand=18_24&province=11&from=${from90}&to=${today}`,
      who: 'auditor',
    },
    { name: '数据中心 · 专家（我的来访者，近 30 天）', path: '/api/stats/center', who: 'expert' },
  ];
}

/** Sets (or, without a value, resets) max_parallel_workers_per_gather for one database. */
async function parallelSetting(name: string, workers: string | undefined) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(
    workers === undefined
      ? `alter database ${name} reset max_parallel_workers_per_gather`
      : `alter database ${name} set max_parallel_workers_per_gather = ${Number(workers)}`,
  );
  await admin.end();
}

async function boot(
  n: number,
  extraEnv: Record<string, string> = {},
): Promise<{ server: RunningServer; db: postgres.Sql; dataDir: string }> {
  const name = benchDbName(n);
  if (!(await isGenerated(n, name))) {
    console.log(`${name} is missing: generating it (npm run bench:data does the same)`);
    await generate(n, name);
  }
  await parallelSetting(name, parallelWorkers);
  const { server, dataDir } = await startOnBench(name, 'stats', { STATS_CACHE_SECONDS: '0', ...extraEnv });
  const db = postgres(dbUrl(name), { max: 1, onnotice: () => {} });
  await db`insert into stats_dirty_days (day) values (${shanghaiDay()}::date)`;
  return { server, db, dataDir };
}

/** Rebuilds the days marked dirty (today): the database is left as the sweeper would leave it. */
async function settle(db: postgres.Sql) {
  await db`select stats_refresh_rollups()`;
}

async function main() {
  const today = shanghaiDay();
  const from90 = shanghaiDay(89 * DAY);
  const results = new Map<string, Map<number, Timing>>();
  const exported: string[] = [];

  const booted: { n: number; server: RunningServer; db: postgres.Sql; dataDir: string }[] = [];
  try {
    for (const n of sizes) booted.push({ n, ...(await boot(n)) });
    const perSize = await Promise.all(
      booted.map(async ({ db }) => {
        const token = { auditor: await tokenOf(db, '13800000003'), expert: await tokenOf(db, '13800000002') };
        const [phq9] = await db<{ id: number }[]>`select id from scales where code = 'PHQ9'`;
        return { token, cases: casesOf(phq9!.id, from90, today) };
      }),
    );
    const names = perSize[0]!.cases.map((c) => c.name).filter((name) => !only || name.includes(only));
    for (const name of names) {
      const timings = await measureInTurn(
        booted.map(({ server }, i) => {
          const c = perSize[i]!.cases.find((x) => x.name === name)!;
          return { url: `${server.base}/SysAdmin${c.path}`, token: perSize[i]!.token[c.who] };
        }),
      );
      results.set(name, new Map(booted.map(({ n }, i) => [n, timings[i]!])));
      for (const [i, { n }] of booted.entries())
        console.log(
          `${n} ${name}: p50 ${timings[i]!.p50.toFixed(1)} ms, p95 ${timings[i]!.p95.toFixed(1)} ms`,
        );
    }
  } finally {
    for (const { n, server, db, dataDir } of booted) {
      await settle(db);
      await db.end();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await parallelSetting(benchDbName(n), undefined);
    }
  }

  // The export on the largest, in a server of its own whose JavaScript heap is capped at
  // BENCH_EXPORT_HEAP_MB: it finishes only if the rows are streamed, not held.
  if (exportRows > 0) {
    const n = Math.max(...sizes);
    const { server, db, dataDir } = await boot(n, { NODE_OPTIONS: `--max-old-space-size=${exportHeapMb}` });
    try {
      const token = await tokenOf(db, '13800000003');
      const [phq9] = await db<{ id: number }[]>`select id from scales where code = 'PHQ9'`;
      // A quarter first, then the whole: streamed, the server's memory does not grow with the rows.
      for (const rows of [Math.round(exportRows / 4), exportRows])
        exported.push(await exportRun(server, db, token, phq9!.id, today, rows));
    } finally {
      await settle(db);
      await db.end();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await parallelSetting(benchDbName(n), undefined);
    }
  }

  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  console.log(
    `\nPostgreSQL ${sizes.map((s) => s.toLocaleString('en')).join(' / ')} assessments; ${requests} requests per query, ` +
      `${concurrency} at a time, after 2 warm-up requests; statistics cache off; ` +
      `max_parallel_workers_per_gather ${parallelWorkers ?? 'as the server has it'}; today read from the facts (marked dirty); ` +
      `${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
  );
  console.log(
    `| query | assessments | first ms | p50 ms | p95 ms | p99 ms | p50 ratio t(${large})/t(${small}) | p95 <= ${TARGET_MS} ms |`,
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|:---:|');
  for (const [name, bySize] of results) {
    for (const n of sizes) {
      const t = bySize.get(n)!;
      const ratio = n === small ? '1.00' : (t.p50 / bySize.get(small)!.p50).toFixed(2);
      console.log(
        `| ${name} | ${n.toLocaleString('en')} | ${t.first.toFixed(0)} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} | ${ratio} | ${t.p95 <= TARGET_MS ? 'yes' : 'no'} |`,
      );
    }
  }
  if (exported.length)
    console.log(
      `\nExports in a server started with --max-old-space-size=${exportHeapMb}:\n${exported.join('\n')}`,
    );
}

/**
 * The Excel export of PHQ-9 over the most recent days that hold `wanted` rows, read as fast as
 * the client can, the server's RSS sampled every 20 ms.
 */
async function exportRun(
  server: RunningServer,
  db: postgres.Sql,
  token: string,
  scaleId: number,
  today: string,
  wanted: number,
): Promise<string> {
  const days = await db<{ day: string; n: number }[]>`
    select to_char(p.submitted_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*)::int as n
    from assessment_parts p join assessments a on a.id = p.assessment_id
    where p.scale_id = ${scaleId} and p.status = 'submitted' and a.status = 'submitted'
    group by 1 order by 1 desc`;
  let rows = 0;
  let from = today;
  for (const d of days) {
    if (rows >= wanted) break;
    rows += d.n;
    from = d.day;
  }
  const pid = server.child.pid!;
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const t0 = performance.now();
  const res = await fetchOk(
    `${server.base}/SysAdmin/api/stats/export.xlsx?scaleId=${scaleId}&from=${from}&to=${today}`,
    token,
  );
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return [
    `Excel export (auditor, PHQ-9 ${from} to ${today}): ${rows.toLocaleString('en')} rows, ` +
      `${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s)`,
    `server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB during: ` +
      `growth ${Math.round((peak - before) / 1024)} MB`,
  ].join('\n');
}

await main();
process.exit(0);
