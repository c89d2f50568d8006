/**
 * Throughput and latency of our HTTP routes, each against bare Fastify measured in the
 * same run on the same machine, so the ratio means something wherever it runs: the catalogue
 * lists a visitor opens and the reads a signed-in user opens (my bookings, chats, assessments),
 * on PGlite and then on PostgreSQL (a fresh database on BENCH_DATABASE_URL's server, dropped
 * afterwards; BENCH_POSTGRES=0 skips it). Each catalogue list is also set against bare Fastify
 * sending that list's own answer, since the client reading the bytes shares the machine.
 * Usage: npm run bench   (BENCH_SECONDS=10 BENCH_CONNECTIONS=64 to change the load)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startServer } from '../apps/e2e/src/server';
import { freePort } from '../scripts/free-port.mjs';
import postgres from 'postgres';
import { productionEnv } from './demo-data';
import { adminUrl, dbUrl } from './stats-data';

const here = path.dirname(fileURLToPath(import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  rssMb: number;
  /** A catalogue list's answer, for bare Fastify to answer the same bytes. */
  answer?: string;
  /** Bare Fastify's req/s answering `answer`. */
  sameAnswerRps?: number;
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

async function load(name: string, url: string, pid: number, headers?: Record<string, string>): Promise<Row> {
  // A short warm-up so the JIT and the database caches are hot before measuring.
  await autocannon({ url, connections, duration: 1, headers });
  const r = await autocannon({ url, connections, duration: seconds, headers });
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

/** The demo user's session token, from one password login (as the web app signs in). */
async function tokenOf(base: string): Promise<string> {
  const res = await fetch(`${base}/SysAdmin/api/login/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ telephone: '13800000001', password: 'Demo@123456' }),
  });
  const json = (await res.json()) as { status: number; data: { token: string }; message: string };
  if (json.status !== 200) throw new Error(`login: ${json.message}`);
  return json.data.token;
}

/** The server as production runs it on the demo data, on one database: its rows. */
async function serverRows(db: string, env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Row[]> {
  const rows: Row[] = [];
  const server = await startServer({ ...productionEnv(env), LOG_LEVEL: 'warn' });
  try {
    const pid = server.child.pid!;
    const at = (p: string) => `${server.base}/SysAdmin/api/${p}`;
    if (db === 'PGlite') rows.push(await load(`GET /SysAdmin/api/health (${db})`, at('health'), pid));
    if (db === 'PGlite')
      rows.push(await load(`GET /SysAdmin/api/home/overview (${db})`, at('home/overview'), pid));
    // The catalogue lists a visitor browses.
    for (const list of ['expert/list', 'scale/list', 'plan/list', 'course/list', 'news/list']) {
      const row = await load(`GET /SysAdmin/api/${list} (${db})`, at(list), pid);
      rows.push({ ...row, answer: await (await fetch(at(list))).text() });
    }
    // What a signed-in user opens first: their bookings, chats and assessments.
    const headers = { serviceToken: await tokenOf(server.base) };
    for (const read of ['booking/list', 'chat/get-list', 'assessment/mine'])
      rows.push(await load(`GET /SysAdmin/api/${read} (${db}, signed in)`, at(read), pid, headers));
    if (db === 'PGlite') rows.push(await load('GET /sys/home (app shell)', `${server.base}/sys/home`, pid));
  } finally {
    await server.stop();
  }
  return rows;
}

/** Bare Fastify answering its small JSON, or `answer` (a JSON text) when given. */
async function bareFastify(name: string, answer?: string): Promise<Row> {
  const port = await freePort();
  const file = answer === undefined ? undefined : path.join(os.tmpdir(), `psy-bench-answer-${port}.json`);
  if (file) fs.writeFileSync(file, answer!);
  const bare = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'targets/bare-fastify.ts')], {
    env: { ...process.env, PORT: String(port), ...(file ? { ANSWER_FILE: file } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve) => bare.stdout!.once('data', () => resolve()));
    return await load(name, `http://127.0.0.1:${port}/json`, bare.pid!);
  } finally {
    bare.kill();
    if (file) fs.rmSync(file, { force: true });
  }
}

async function main() {
  const rows: Row[] = [];
  rows.push(await bareFastify('bare Fastify JSON (baseline)'));

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-'));
  try {
    rows.push(...(await serverRows('PGlite', { DATA_DIR: dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_POSTGRES !== '0') {
    const name = 'psy_bench_http';
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-'));
    try {
      rows.push(...(await serverRows('PostgreSQL', { DATA_DIR: pgDir, DATABASE_URL: dbUrl(name) })));
    } finally {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(pgDir, { recursive: true, force: true });
    }
  }

  // The bench's client reads every answer too, on the same two cores: a longer answer costs it
  // more, whoever makes it. Bare Fastify answering each catalogue list's own bytes (the PGlite
  // answer; the PostgreSQL one has the same fields) shows what the answer's size alone leaves.
  const sameAnswer = new Map<string, number>();
  for (const r of rows.filter((row) => row.answer !== undefined && row.name.endsWith('(PGlite)'))) {
    const list = r.name.replace(' (PGlite)', '');
    sameAnswer.set(list, (await bareFastify(`bare Fastify, ${list}'s answer`, r.answer)).rps);
  }
  for (const r of rows) r.sameAnswerRps = sameAnswer.get(r.name.replace(/ \((PGlite|PostgreSQL)\)$/, ''));

  const base = rows[0]!.rps;
  console.log(`\n${connections} connections, ${seconds} s per target, ${os.cpus().length} cores\n`);
  console.log(
    '| target | req/s | ratio to baseline | answer bytes | ratio to bare Fastify sending the same answer | p50 ms | p99 ms | server RSS MB |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const bytes = r.answer === undefined ? '' : String(Buffer.byteLength(r.answer));
    const same = r.sameAnswerRps ? `${(r.rps / r.sameAnswerRps).toFixed(2)} (of ${r.sameAnswerRps})` : '';
    console.log(
      `| ${r.name} | ${r.rps} | ${(r.rps / base).toFixed(2)} | ${bytes} | ${same} | ${r.p50} | ${r.p99} | ${r.rssMb} |`,
    );
  }
}

await main();
