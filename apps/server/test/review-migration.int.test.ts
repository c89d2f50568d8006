import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Schema } from '../src/db/client';
import { migrationsFolder, runMigrations } from '../src/db/migrate';

// Migration 0008 moves the review state that lived in scales and reports columns into
// review_requests before dropping the columns. A database at 0007 with such rows must come
// out with the same state in review_requests. (PGlite on both projects: it is about the SQL.)

let database: Database;
let tmp: string;

const rows = async <T>(q: ReturnType<typeof sql>): Promise<T[]> => {
  const r = await database.db.execute(q);
  return (Array.isArray(r) ? r : (r as unknown as { rows: T[] }).rows) as T[];
};

beforeAll(async () => {
  // The migrations as they were before review_requests.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-mig-'));
  fs.mkdirSync(path.join(tmp, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  journal.entries = journal.entries.filter((e) => e.idx <= 7);
  fs.writeFileSync(path.join(tmp, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));

  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db as unknown as PgliteDatabase<Schema>, { migrationsFolder: tmp });
  const { db } = database;
  await db.execute(sql`insert into users (id, telephone, name, role) overriding system value values
    (1, '13900000001', '作者', 'expert'), (2, '13900000002', '审核员', 'auditor'), (3, '13900000003', '用户', 'user')`);
  const def = sql`'{}'::jsonb`;
  await db.execute(sql`insert into scales (id, code, name, short_name, intro, category, author_id, status, draft,
      reject_reason, reviewed_by, reviewed_at, submitted_at) overriding system value values
    (10, 'S10', '待审量表', 'S10', '简介', '情绪', 1, 'pending_review', ${def}, null, null, null, '2026-01-01T00:00:00Z'),
    (11, 'S11', '驳回量表', 'S11', '简介', '情绪', 1, 'rejected', ${def}, '请补充来源', 2, '2026-01-03T00:00:00Z', '2026-01-02T00:00:00Z'),
    (12, 'S12', '已发布量表', 'S12', '简介', '情绪', 1, 'published', ${def}, null, 2, '2026-01-05T00:00:00Z', '2026-01-04T00:00:00Z'),
    (13, 'S13', '草稿量表', 'S13', '简介', '情绪', 1, 'draft', ${def}, null, null, null, null),
    (14, 'S14', '内置量表', 'S14', '简介', '情绪', null, 'published', ${def}, null, null, null, null)`);
  await db.execute(sql`insert into assessments (id, user_id, kind, title, consent_text, requires_approval, status, submitted_at)
    overriding system value values
    (20, 3, 'plan', '方案甲', '同意', true, 'submitted', '2026-02-01T00:00:00Z'),
    (21, 3, 'plan', '方案乙', '同意', true, 'submitted', '2026-02-02T00:00:00Z'),
    (22, 3, 'plan', '方案丙', '同意', true, 'submitted', '2026-02-03T00:00:00Z'),
    (23, 3, 'scale', '量表丁', '同意', false, 'submitted', '2026-02-04T00:00:00Z')`);
  await db.execute(sql`insert into reports (assessment_id, status, reviewer_id, reviewed_at, comment) values
    (20, 'generated', null, null, null),
    (21, 'returned', 2, '2026-02-05T00:00:00Z', '请补充说明'),
    (22, 'approved', 2, '2026-02-06T00:00:00Z', '很好'),
    (23, 'approved', null, null, null)`);
  await runMigrations(database);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('migration 0008 review_requests', () => {
  it('moves scale review state into review requests', async () => {
    const r = await rows<Record<string, unknown>>(
      sql`select item_id, status, version, title, submitted_by, reviewer_id, reason, decided_at is not null as decided
          from review_requests where kind = 'scale' order by item_id`,
    );
    expect(r).toEqual([
      expect.objectContaining({
        item_id: 10,
        status: 'pending',
        version: 1,
        title: '待审量表',
        submitted_by: 1,
        reviewer_id: null,
        decided: false,
      }),
      expect.objectContaining({
        item_id: 11,
        status: 'rejected',
        reason: '请补充来源',
        reviewer_id: 2,
        decided: true,
      }),
      expect.objectContaining({ item_id: 12, status: 'approved', reviewer_id: 2, decided: true }),
    ]);
  });

  it('moves report approvals into review requests, submitted by the person', async () => {
    const r = await rows<Record<string, unknown>>(
      sql`select item_id, status, title, submitted_by, reviewer_id, reason from review_requests
          where kind = 'report' order by item_id`,
    );
    expect(r).toEqual([
      expect.objectContaining({
        item_id: 20,
        status: 'pending',
        title: '方案甲',
        submitted_by: 3,
        reviewer_id: null,
        reason: null,
      }),
      expect.objectContaining({ item_id: 21, status: 'rejected', reviewer_id: 2, reason: '请补充说明' }),
      expect.objectContaining({ item_id: 22, status: 'approved', reviewer_id: 2, reason: '很好' }),
    ]);
  });

  it('drops the old columns and keeps each item’s own status', async () => {
    const cols = await rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name in ('scales', 'reports')
          and column_name in ('reject_reason', 'reviewed_by', 'reviewed_at', 'submitted_at', 'reviewer_id', 'comment')`,
    );
    expect(cols).toEqual([]);
    const s = await rows<{ status: string }>(sql`select status from scales order by id`);
    expect(s.map((x) => x.status)).toEqual(['pending_review', 'rejected', 'published', 'draft', 'published']);
  });
});
