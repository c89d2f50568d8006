import type { AddressInfo } from 'node:net';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { seedTestDatabase, testConfig, withDatabase } from './test-config';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind: TestDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export { withDatabase };

export interface TestDatabase {
  database: Database;
  /** For a child process: DATABASE_URL (postgres) or nothing (pglite gets a DATA_DIR instead). */
  url?: string;
  drop(): Promise<void>;
}

/**
 * A brand-new, migrated database of the kind this project runs on, with the demo seed in it
 * when `seeded`: a copy of the run's template (global-pglite.ts, global-postgres.ts), or, on
 * PostgreSQL outside the int-postgres project (no template provided), migrated here.
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<TestDatabase> {
  if (testDbKind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `psy_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const templates = inject('postgresTemplates');
    const template = templates && (opts.seeded ? templates.seeded : templates.migrated);
    await admin.unsafe(`create database ${name}${template ? ` template ${template}` : ''}`);
    const url = withDatabase(adminUrl, name);
    const database = await openDatabase({ databaseUrl: url, poolSize: 8 });
    if (!template) {
      await runMigrations(database);
      if (opts.seeded) await seedTestDatabase(database.db);
    }
    return {
      database,
      url,
      async drop() {
        await database.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const template = fs.readFileSync(inject(opts.seeded ? 'pgliteSeededTemplate' : 'pgliteTemplate'));
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]) });
  return { database, drop: () => database.close() };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Listens on a free loopback port (for WebSocket tests) and answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** A clock the test moves by hand. */
export function testClock(start = new Date('2026-11-20T02:00:00Z')) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(d: Date) {
      now = d.getTime();
    },
  };
}

/** Sessions that outlive a test clock moved on by days or weeks (a week idle, 90 days in all). */
export const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '10080', SESSION_ABSOLUTE_DAYS: '90' } as const;

export interface TestContextOptions {
  seed?: boolean;
  clock?: () => Date;
  env?: Record<string, string>;
  /** Runs before app.ready(): tests may add routes here. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
}

/** The real app on a fresh database, for app.inject(). */
export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const config = testConfig(opts.env);
  // Seeded: a copy of the run's seeded template (the demo seed ran once, in the global setup),
  // whose course files are in the default test directories; a file that moves them seeds its
  // own database, so the files are where its app looks.
  const defaults = testConfig();
  const sameFiles = config.uploadDir === defaults.uploadDir && config.privateDir === defaults.privateDir;
  const testDb = await createTestDatabase({ seeded: opts.seed && sameFiles });
  if (opts.seed && !sameFiles) await seed(testDb.database.db, { files: config });
  const app = await buildApp({ config, database: testDb.database, logger: false, clock: opts.clock });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database: testDb.database,
    config,
    async listen() {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const addr = app.server.address() as AddressInfo;
      return `http://127.0.0.1:${addr.port}`;
    },
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}
