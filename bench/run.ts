/**
 * Throughput and latency of our HTTP routes, each against bare Fastify measured in the
 * same run on the same machine, so the ratio means something wherever it runs.
 * Usage: npm run bench   (BENCH_SECONDS=10 BENCH_CONNECTIONS=64 to change the load)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startServer } from '../apps/e2e/src/server';
import { productionEnv } from './demo-data';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

async function load(name: string, url: string, pid: number): Promise<Row> {
  // A short warm-up so the JIT and the database caches are hot before measuring.
  await autocannon({ url, connections, duration: 1 });
  const r = await autocannon({ url, connections, duration: seconds });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${name}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    rssMb: rssMb(pid),
  };
}

async function main() {
  const rows: Row[] = [];
  const port = await freePort();
  const bare = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'targets/bare-fastify.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
  rows.push(await load('bare Fastify JSON (baseline)', `http://127.0.0.1:${port}/json`, bare.pid!));
  bare.kill();

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-'));
  const server = await startServer({ ...productionEnv({ DATA_DIR: dataDir }), LOG_LEVEL: 'warn' });
  try {
    const pid = server.child.pid!;
    rows.push(await load('GET /SysAdmin/api/health (PGlite)', `${server.base}/SysAdmin/api/health`, pid));
    rows.push(
      await load(
        'GET /SysAdmin/api/home/overview (PGlite)',
        `${server.base}/SysAdmin/api/home/overview`,
        pid,
      ),
    );
    rows.push(
      await load('GET /SysAdmin/api/expert/list (PGlite)', `${server.base}/SysAdmin/api/expert/list`, pid),
    );
    rows.push(
      await load('GET /SysAdmin/api/scale/list (PGlite)', `${server.base}/SysAdmin/api/scale/list`, pid),
    );
    // The other catalogue lists a visitor browses (plans, courses, news).
    for (const list of ['plan/list', 'course/list', 'news/list']) {
      rows.push(await load(`GET /SysAdmin/api/${list} (PGlite)`, `${server.base}/SysAdmin/api/${list}`, pid));
    }
    rows.push(await load('GET /sys/home (app shell)', `${server.base}/sys/home`, pid));
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const base = rows[0]!.rps;
  console.log(`\n${connections} connections, ${seconds} s per target, ${os.cpus().length} cores\n`);
  console.log('| target | req/s | ratio to baseline | p50 ms | p99 ms | server RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.rps} | ${(r.rps / base).toFixed(2)} | ${r.p50} | ${r.p99} | ${r.rssMb} |`);
  }
}

await main();
