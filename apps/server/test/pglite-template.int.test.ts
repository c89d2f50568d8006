import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrationsFolder, runMigrations } from '../src/db/migrate';
import { makePgliteTemplate, pgliteTemplateDir } from '../src/db/pglite-template';
import { rowsOf } from '../src/db/rows';
import { testDbKind } from './context';

// A fresh PGlite data directory starts as a copy of the migrated template (db/pglite-template.ts)
// instead of running initdb and every migration: what a fresh `npm start` does.

let root: string;
const before = process.env.PGLITE_TEMPLATE_DIR;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-template-test-'));
  process.env.PGLITE_TEMPLATE_DIR = path.join(root, 'cache');
});
afterAll(() => {
  if (before === undefined) delete process.env.PGLITE_TEMPLATE_DIR;
  else process.env.PGLITE_TEMPLATE_DIR = before;
  fs.rmSync(root, { recursive: true, force: true });
});

const journal = () =>
  (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

const make = (dir: string) =>
  makePgliteTemplate(dir, async (target) => {
    const database = await openDatabase({ dataDir: target, pgliteTemplate: false });
    await runMigrations(database);
    await database.close();
  });

async function appliedMigrations(dataDir: string, template = true): Promise<number> {
  const database = await openDatabase({ dataDir, pgliteTemplate: template });
  try {
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'drizzle'`,
      ),
    );
    if (!row?.n) return 0;
    const [m] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    return m!.n;
  } finally {
    await database.close();
  }
}

describe.skipIf(testDbKind !== 'pglite')('the migrated PGlite template', () => {
  it('is made once, and a fresh data directory starts from it with every migration applied', async () => {
    const dir = pgliteTemplateDir(migrationsFolder);
    expect(dir.startsWith(path.join(root, 'cache'))).toBe(true);
    // None yet: a fresh directory initialises itself and has no migration until they run.
    expect(await appliedMigrations(path.join(root, 'before'))).toBe(0);

    expect(await make(dir)).toEqual({ made: true, dir });
    expect(await make(dir)).toEqual({ made: false, dir });
    expect(fs.readdirSync(path.dirname(dir))).toEqual([path.basename(dir)]);

    const fresh = path.join(root, 'fresh');
    expect(await appliedMigrations(fresh)).toBe(journal());
    // A started directory is never overwritten by the template, and works with the app's tables.
    const database = await openDatabase({ dataDir: fresh });
    await runMigrations(database);
    await database.db.execute(
      sql`insert into row_counts (table_name, key, n) values ('template-test', 'k', 1)`,
    );
    await database.close();
    const again = await openDatabase({ dataDir: fresh });
    const [row] = rowsOf<{ n: number }>(
      await again.db.execute(sql`select n::int as n from row_counts where table_name = 'template-test'`),
    );
    await again.close();
    expect(row?.n).toBe(1);
    // Turned off, a fresh directory initialises itself.
    expect(await appliedMigrations(path.join(root, 'off'), false)).toBe(0);
    // Making the template runs every migration (12 s on a quiet machine), and the test opens four
    // databases: beside the other integration worker it has taken over 30 s.
  }, 120_000);

  it('is another one for other migrations', () => {
    const copy = path.join(root, 'migrations');
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    const a = pgliteTemplateDir(copy);
    expect(a).toBe(pgliteTemplateDir(migrationsFolder));
    fs.appendFileSync(
      path.join(
        copy,
        fs.readdirSync(copy).find((f) => f.endsWith('.sql'))!,
      ),
      '\n-- changed\n',
    );
    expect(pgliteTemplateDir(copy)).not.toBe(a);
  });

  it('falls back to initialising when the template cannot be opened', async () => {
    const broken = path.join(root, 'broken-cache');
    process.env.PGLITE_TEMPLATE_DIR = broken;
    try {
      const dir = pgliteTemplateDir(migrationsFolder);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '9\n');
      const dataDir = path.join(root, 'fallback');
      expect(await appliedMigrations(dataDir)).toBe(0);
      expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).not.toBe('9');
    } finally {
      process.env.PGLITE_TEMPLATE_DIR = path.join(root, 'cache');
    }
  });
});
