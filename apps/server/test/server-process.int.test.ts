import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteExtensions } from '../src/db/client';
import { repoRoot } from '../src/config';
import { testDbKind, withDatabase } from './context';
import { serverArgs, startServer, stop } from './server-child';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-data-'));
const crashDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-crash-'));
const prodDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-prod-'));
const pgName = `psy_proc_${process.pid}_${Date.now()}`;
const adminUrl = process.env.TEST_DATABASE_URL;
const admin =
  testDbKind === 'postgres' && adminUrl ? postgres(adminUrl, { max: 1, onnotice: () => {} }) : null;

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(crashDir, { recursive: true, force: true });
  fs.rmSync(prodDir, { recursive: true, force: true });
  if (admin) {
    await admin.unsafe(`drop database if exists ${pgName} with (force)`);
    await admin.unsafe(`drop database if exists ${pgName}_crash with (force)`);
    await admin.unsafe(`drop database if exists ${pgName}_prod with (force)`);
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
    { timeout: 360_000 },
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
      // The same build seeded this database before: the restart skips the seed's reads.
      expect(second.output()).toContain('seed: skipped, this build seeded this database at an earlier start');
      const overview = (await (await fetch(`${second.base}/SysAdmin/api/home/overview`)).json()) as {
        data: { stats: unknown; institutions: { name: string }[] };
      };
      expect(overview.data.stats).toMatchObject({ institutions: 5, experts: 4 });
      expect(overview.data.institutions.map((i) => i.name)).toContain('持久化测试机构');
      expect(await stop(second.child)).toBe(0);
    },
  );

  it(
    'an alert committed just before a crash (SIGKILL) still reaches the auditors after the restart',
    { timeout: 240_000 },
    async () => {
      const env: Record<string, string> = { WEB_DIST: '/nonexistent' };
      if (admin) {
        await admin.unsafe(`create database ${pgName}_crash`);
        env.DATABASE_URL = withDatabase(adminUrl!, `${pgName}_crash`);
      } else env.DATA_DIR = crashDir;

      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(repoRoot, 'apps/server/test/fixtures/outbox-crash-child.ts')],
        { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout!.on('data', (d) => (out += d));
      child.stderr!.on('data', (d) => (out += d));
      const signal = await new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_c, s) => r(s)));
      expect(signal, out).toBe('SIGKILL');
      // Three auditors and admins in the demo data: one escalation event each, none delivered yet.
      expect(out).toMatch(/escalated=1 undelivered=[1-9]/);

      const server = await startServer(env);
      try {
        const signIn = (await (
          await fetch(`${server.base}/SysAdmin/api/login/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ telephone: '13800000003', password: 'Demo@123456' }),
          })
        ).json()) as { data: { token: string } };
        let titles: string[] = [];
        for (let i = 0; i < 50 && !titles.includes('预警超时未处理'); i++) {
          const list = (await (
            await fetch(`${server.base}/SysAdmin/api/userNotification?pageSize=50`, {
              headers: { serviceToken: signIn.data.token },
            })
          ).json()) as { data: { list: { title: string }[] } };
          titles = list.data.list.map((n) => n.title);
          if (!titles.includes('预警超时未处理')) await new Promise((r) => setTimeout(r, 200));
        }
        // Delivered once, not once per restart or retry.
        expect(titles.filter((t) => t === '预警超时未处理')).toHaveLength(1);
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    },
  );

  it(
    'in production: refuses a missing or example secret, then starts with no demo accounts and no sandbox cashier',
    { timeout: 180_000 },
    async () => {
      const refused = async (extra: Record<string, string>) => {
        const child = spawn(process.execPath, await serverArgs(), {
          cwd: repoRoot,
          env: { ...process.env, NODE_ENV: 'production', DATA_DIR: prodDir, APP_SECRET: '', ...extra },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let err = '';
        child.stderr!.on('data', (d) => (err += d));
        const code = await new Promise<number | null>((r) => child.on('exit', r));
        return { code, err };
      };
      const missing = await refused({});
      expect(missing.code).toBe(78);
      expect(missing.err).toContain('APP_SECRET');
      const example = await refused({
        APP_SECRET: 'change-me-to-a-long-random-secret-of-32-or-more-characters',
      });
      expect(example.code).toBe(78);
      expect(example.err).toContain('APP_SECRET');
      const demo = await refused({ APP_SECRET: 'q8Vf2kLz9Rt4Wm7Yx1Nb6Hc3Jd5Gs0Pa', SEED: 'demo' });
      expect(demo.code).toBe(78);
      expect(demo.err).toContain('SEED');

      const env: Record<string, string> = {
        NODE_ENV: 'production',
        APP_SECRET: 'q8Vf2kLz9Rt4Wm7Yx1Nb6Hc3Jd5Gs0Pa',
        WEB_DIST: '/nonexistent',
      };
      if (admin) {
        await admin.unsafe(`create database ${pgName}_prod`);
        env.DATABASE_URL = withDatabase(adminUrl!, `${pgName}_prod`);
      } else env.DATA_DIR = prodDir;
      const server = await startServer(env);
      try {
        const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
          fetch(`${server.base}/SysAdmin${url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: JSON.stringify(body),
          });
        // No account with the published demo password exists.
        for (const telephone of ['13800000001', '13800000004']) {
          const res = await post('/api/login/login', { telephone, password: 'Demo@123456' });
          expect(res.status).not.toBe(200);
        }
        const overview = (await (await fetch(`${server.base}/SysAdmin/api/home/overview`)).json()) as {
          data: { stats: { users: number; experts: number } };
        };
        expect(overview.data.stats).toMatchObject({ users: 0, experts: 0 });
        // The built-in scales are reference data, there in production too.
        const scales = (await (await fetch(`${server.base}/SysAdmin/api/scale/list?pageSize=50`)).json()) as {
          data: { total: number };
        };
        expect(scales.data.total).toBe(8);
        // The sandbox cashier does not exist: nobody can mark their own order paid.
        expect((await post('/api/pay/sandbox/P20260101000000000001/confirm', { action: 'pay' })).status).toBe(
          404,
        );
        expect((await fetch(`${server.base}/SysAdmin/api/pay/sandbox/P20260101000000000001`)).status).toBe(
          404,
        );
        expect((await post('/api/pay/notify/sandbox', {})).status).toBe(404);
        // The SMS outbox is a developer tool.
        expect((await fetch(`${server.base}/SysAdmin/api/dev/sms-outbox?telephone=13800000001`)).status).toBe(
          404,
        );
        const health = (await (await fetch(`${server.base}/SysAdmin/api/health`)).json()) as {
          data: unknown;
        };
        expect(health.data).toEqual({ ok: true });
        expect(server.output()).toContain('no demo data');
      } finally {
        expect(await stop(server.child)).toBe(0);
      }
    },
  );

  it(
    'refuses to start with a clear message when the configuration is wrong',
    { timeout: 30_000 },
    async () => {
      const child = spawn(process.execPath, await serverArgs(), {
        cwd: repoRoot,
        env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      const code = await new Promise<number | null>((r) => child.on('exit', r));
      expect(code).toBe(78);
      expect(err).toContain('配置错误');
      expect(err).toContain('PORT');
    },
  );
});
