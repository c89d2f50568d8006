/**
 * How long `npm start` takes to answer on the embedded database: a fresh start (a new data
 * directory: a copy of the migrated template `npm install` made, or initdb and every migration
 * without one, then the demo seed on PGlite) and a warm restart (the same directory
 * again), each from the spawn of the process to the first 200 of /SysAdmin/api/health, beside
 * bare Fastify's start in the same run as the baseline. `scripts/start.mjs` is what `npm start`
 * runs: it builds the server bundle (esbuild, about a second) and runs node on it; the same
 * starts through tsx (how the server ran before the bundle) are timed beside it. The web app
 * must be built already, so the figures are the server's own.
 * Usage: npm run build && npm run bench:start   (BENCH_RUNS=3 to take the median of more runs)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../apps/e2e/src/server';
import { pgliteTemplateDir } from '../apps/server/src/db/pglite-template';
import { freePort } from '../scripts/free-port.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const goals = { fresh: 10_000, warm: 3_000 };

/** Milliseconds from spawn until `url` answers 200; the process is stopped afterwards. */
async function timeToReady(args: string[], env: Record<string, string>, url: (port: number) => string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited before answering:\n${err}`);
      if (performance.now() - started > 120_000) throw new Error(`not ready in 120 s:\n${err}`);
      try {
        if ((await fetch(url(port))).ok) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.on('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html')))
    throw new Error('apps/web/dist is missing: run npm run build first');
  const server = [path.join(repoRoot, 'scripts/start.mjs')];
  const throughTsx = ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')];
  const health = (port: number) => `http://127.0.0.1:${port}/SysAdmin/api/health`;
  const bare: number[] = [];
  const fresh: number[] = [];
  const warm: number[] = [];
  const freshTsx: number[] = [];
  const warmTsx: number[] = [];
  for (let i = 0; i < runs; i++) {
    bare.push(
      await timeToReady(
        ['--import', 'tsx', path.join(here, 'targets/bare-fastify.ts')],
        {},
        (port) => `http://127.0.0.1:${port}/json`,
      ),
    );
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-start-'));
    try {
      fresh.push(await timeToReady(server, { DATA_DIR: dataDir }, health));
      warm.push(await timeToReady(server, { DATA_DIR: dataDir }, health));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    const tsxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-start-'));
    try {
      freshTsx.push(await timeToReady(throughTsx, { DATA_DIR: tsxDir }, health));
      warmTsx.push(await timeToReady(throughTsx, { DATA_DIR: tsxDir }, health));
    } finally {
      fs.rmSync(tsxDir, { recursive: true, force: true });
    }
  }
  const base = median(bare);
  const rows = [
    ['bare Fastify through tsx (baseline)', base, undefined],
    [
      fs.existsSync(path.join(pgliteTemplateDir(path.join(repoRoot, 'apps/server/drizzle')), 'PG_VERSION'))
        ? 'npm start, fresh: the migrated template copied, the demo seed on PGlite'
        : 'npm start, fresh: initdb, migrations and the demo seed on PGlite (no template)',
      median(fresh),
      goals.fresh,
    ],
    ['npm start, warm restart: the same data directory', median(warm), goals.warm],
    ['through tsx, fresh (before the bundle)', median(freshTsx), undefined],
    ['through tsx, warm (before the bundle)', median(warmTsx), undefined],
  ] as const;
  console.log(
    `\nStart to first answer, median of ${runs} (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)})\n`,
  );
  console.log('| start | ms | ratio to baseline | goal ms |');
  console.log('|---|---:|---:|---:|');
  for (const [name, ms, goal] of rows)
    console.log(`| ${name} | ${Math.round(ms)} | ${(ms / base).toFixed(1)} | ${goal ?? ''} |`);
}

await main();
