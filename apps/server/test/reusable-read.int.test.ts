import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { reusableRead } from '../src/lib/reusable-read';
import { createTestDatabase, testDbKind, type TestDatabase } from './context';

describe(`reads built once (${testDbKind})`, () => {
  let test: TestDatabase;
  const byRole = reusableRead(['role', 'limit'], (tx, p) =>
    tx
      .select({ name: users.name, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.role, p.role))
      .orderBy(asc(users.telephone))
      .limit(p.limit),
  );

  beforeAll(async () => {
    test = await createTestDatabase();
    await test.database.db.insert(users).values([
      { telephone: '13900000201', name: '甲', role: 'user', createdAt: new Date('2026-11-01T00:00:00Z') },
      { telephone: '13900000202', name: '乙', role: 'user', createdAt: new Date('2026-11-02T00:00:00Z') },
      { telephone: '13900000203', name: '丙', role: 'expert', createdAt: new Date('2026-11-03T00:00:00Z') },
    ]);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("answer each call's values, with drizzle's column mapping", async () => {
    const { db } = test.database;
    expect(await byRole(db, { role: 'user', limit: 5 })).toEqual([
      { name: '甲', createdAt: new Date('2026-11-01T00:00:00Z') },
      { name: '乙', createdAt: new Date('2026-11-02T00:00:00Z') },
    ]);
    expect(await byRole(db, { role: 'user', limit: 1 })).toEqual([
      { name: '甲', createdAt: new Date('2026-11-01T00:00:00Z') },
    ]);
    expect(await byRole(db, { role: 'expert', limit: 5 })).toEqual([
      { name: '丙', createdAt: new Date('2026-11-03T00:00:00Z') },
    ]);
    expect(await byRole(db, { role: 'auditor', limit: 5 })).toEqual([]);
  });

  it("run inside a transaction on the transaction's connection: it sees its own writes, others do not", async () => {
    const { db } = test.database;
    // The root database's prepared read exists already (the test above): a transaction gets its own.
    await byRole(db, { role: 'admin', limit: 5 });
    const seen = await db
      .transaction(async (tx) => {
        await tx.insert(users).values({ telephone: '13900000204', name: '丁', role: 'admin' });
        const inside = await byRole(tx, { role: 'admin', limit: 5 });
        const outside = testDbKind === 'postgres' ? await byRole(db, { role: 'admin', limit: 5 }) : [];
        throw Object.assign(new Error('roll back'), { inside, outside });
      })
      .catch((err: { inside: unknown[]; outside: unknown[] }) => err);
    expect(seen.inside).toHaveLength(1);
    // PGlite has one connection: a read from outside would wait for the transaction, so only on PostgreSQL.
    expect(seen.outside).toEqual([]);
    expect(await byRole(db, { role: 'admin', limit: 5 })).toEqual([]);
  });
});
