import { eq, ilike, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../src/db/client';
import { withPreparedStatements } from '../src/db/client-postgres';
import { rowsOf } from '../src/db/rows';
import { users } from '../src/db/schema';
import { createTestDatabase, testDbKind, type TestDatabase } from './context';

/** The named statements of the pool's one connection that read users (postgres-js names one of its own). */
async function namedStatements(db: Db): Promise<string[]> {
  const rows = rowsOf<{ statement: string }>(
    await db.execute(sql`select statement from pg_prepared_statements where not from_sql`),
  );
  return rows.map((r) => r.statement).filter((s) => s.includes('"users"'));
}

describe.skipIf(testDbKind !== 'postgres')('named statements on PostgreSQL', () => {
  let test: TestDatabase;
  const opened: Database[] = [];

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db.insert(users).values([
      { telephone: '13900000101', name: '甲', createdAt: new Date('2026-11-01T00:00:00Z') },
      { telephone: '13900000102', name: '乙', createdAt: new Date('2026-11-02T00:00:00Z') },
    ]);
  });
  afterAll(async () => {
    for (const d of opened) await d.close();
    await test?.drop();
  });

  async function single(preparedStatements?: boolean) {
    const database = await openDatabase({ databaseUrl: test.url, poolSize: 1, preparedStatements });
    opened.push(database);
    return database.db;
  }

  it('parse a parameterised query once per connection and answer the same rows', async () => {
    const db = await single();
    const read = (phone: string) =>
      db
        .select({ name: users.name, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.telephone, phone));
    expect(await read('13900000101')).toEqual([{ name: '甲', createdAt: new Date('2026-11-01T00:00:00Z') }]);
    expect(await read('13900000102')).toEqual([{ name: '乙', createdAt: new Date('2026-11-02T00:00:00Z') }]);
    expect(await read('13900000199')).toEqual([]);
    const named = (await namedStatements(db)).filter((s) => s.includes('"telephone" = $1'));
    expect(named).toHaveLength(1);
  });

  it('plan each call with its parameters, never a generic plan', async () => {
    // A generic plan of a keyword search picked the trigram indexes whatever the keyword (500 ms
    // for a one-character name at a million assessments), so every call gets its own.
    const db = await single();
    const [mode] = rowsOf<{ plan_cache_mode: string }>(await db.execute(sql`show plan_cache_mode`));
    expect(mode!.plan_cache_mode).toBe('force_custom_plan');
    const search = (k: string) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.name, `%${k}%`));
    for (let i = 0; i < 8; i++) await search('甲');
    const [plan] = rowsOf<{ generic_plans: number; custom_plans: number }>(
      await db.execute(
        sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where statement like '%ilike%'`,
      ),
    );
    expect(plan).toEqual({ generic_plans: 0, custom_plans: 8 });
  });

  it('name the statements of a transaction and of a savepoint too', async () => {
    const db = await single();
    const [inner] = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.name, '甲'));
      return tx.transaction((sp) => sp.select({ n: users.name }).from(users).where(eq(users.name, '乙')));
    });
    expect(inner).toEqual({ n: '乙' });
    const named = await namedStatements(db);
    expect(named.filter((s) => s.includes('"name" = $1'))).toHaveLength(2);
  });

  it('keep every query unnamed when turned off', async () => {
    const db = await single(false);
    await db.select({ id: users.id }).from(users).where(eq(users.telephone, '13900000101'));
    await db.select({ id: users.id }).from(users).where(eq(users.telephone, '13900000101'));
    expect(await namedStatements(db)).toEqual([]);
  });

  it('name at most the first texts up to the limit and run the rest unnamed', async () => {
    const client = postgres(test.url!, { max: 1, onnotice: () => {} });
    try {
      const db = drizzle(withPreparedStatements(client, 2), { casing: 'snake_case' }) as unknown as Db;
      // A list of ids makes one text per length: three texts, two named.
      for (const ids of [[1], [1, 2], [1, 2, 3], [1, 2, 3]]) {
        const rows = await db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
        expect(rows.length).toBeLessThanOrEqual(ids.length);
      }
      const named = await namedStatements(db);
      expect(named.sort()).toEqual([
        expect.stringContaining('in ($1)'),
        expect.stringContaining('in ($1, $2)'),
      ]);
    } finally {
      await client.end({ timeout: 5 });
    }
  });
});
