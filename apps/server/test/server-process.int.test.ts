import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../src/db/client';
import { repoRoot } from '../src/config';
import { testDbKind, withDatabase } from './context';

/** Starts the real server (`tsx src/server.ts`) as `npm start` does and waits for it to listen. */
async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${base}/SysAdmin/api/health`);
      if (res.ok) return { child, base, output: () => out };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-data-'));
const pgName = `psy_proc_${process.pid}_${Date.now()}`;
const adminUrl = process.env.TEST_DATABASE_URL;
const admin =
  testDbKind === 'postgres' && adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : null;

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.unsafe(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
});

/** Adds a row while the server is stopped, to prove the next start sees earlier data. */
async function addMarkerInstitution(): Promise<void> {
  const insert = `insert into institutions (name, city, address, intro) values ('持久化测试机构', '成都', '成都市', '重启后仍应存在')`;
  if (admin) {
    const db = postgres(withDatabase(adminUrl!, pgName), { max: 1 });
    await db.unsafe(insert);
    await db.end();
  } else {
    const pg = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    await pg.exec(insert);
    await pg.close();
  }
}

describe(`the server process on ${testDbKind}`, () => {
  it(
    'starts, seeds once, shuts down cleanly and keeps its data across restarts',
    { timeout: 180_000 },
    async () => {
      const env: Record<string, string> = { WEB_DIST: '/nonexistent' };
      if (admin) {
        await admin.unsafe(`create database ${pgName}`);
        env.DATABASE_URL = withDatabase(adminUrl!, pgName);
      } else env.DATA_DIR = dataDir;

      const first = await startServer(env);
      const signIn = (await (
        await fetch(`${first.base}/SysAdmin/api/login/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ telephone: '13800000004', password: 'Demo@123456' }),
        })
      ).json()) as { data: { token: string } };
      const health = (await (
        await fetch(`${first.base}/SysAdmin/api/health`, { headers: { serviceToken: signIn.data.token } })
      ).json()) as { data: { database: string } };
      expect(health.data.database).toBe(testDbKind);
      expect(first.output()).toContain('seed: added 4 institutions, 9 users');
      expect(await stop(first.child)).toBe(0);

      await addMarkerInstitution();

      const second = await startServer(env);
      expect(second.output()).toContain('seed: demo data already present, nothing added');
      const overview = (await (await fetch(`${second.base}/SysAdmin/api/home/overview`)).json()) as {
        data: { stats: unknown; institutions: { name: string }[] };
      };
      expect(overview.data.stats).toEqual({ institutions: 5, experts: 4, users: 9 });
      expect(overview.data.institutions.map((i) => i.name)).toContain('持久化测试机构');
      expect(await stop(second.child)).toBe(0);
    },
  );

  it(
    'refuses to start with a clear message when the configuration is wrong',
    { timeout: 30_000 },
    async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
        {
          cwd: repoRoot,
          env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      expect(code).toBe(78);
      expect(err).toContain('配置错误');
      expect(err).toContain('PORT');
    },
  );
});
