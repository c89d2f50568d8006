import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed, seedDemoStatistics } from '../src/db/seed';
import { executeRows } from '../src/db/rows';
import { DEMO_PASSWORD } from '../src/db/seed/demo-data';
import { institutions } from '../src/modules/institutions/institutions.table';
import { seedOncePerBuild } from '../src/modules/settings';
import { users } from '../src/modules/users/users.table';
import { createTestContext, createTestDatabase, testDbKind, type TestDatabase } from './context';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe(`seed on ${testDbKind}`, () => {
  it('creates the four demo accounts with argon2id hashes of the documented password', async () => {
    const first = await seed(testDb.database.db);
    expect(first).toEqual({ institutions: 4, users: 9 });
    const rows = await testDb.database.db.select().from(users).orderBy(asc(users.telephone));
    const byPhone = new Map(rows.map((r) => [r.telephone, r]));
    expect(byPhone.get('13800000001')?.role).toBe('user');
    expect(byPhone.get('13800000002')?.role).toBe('expert');
    expect(byPhone.get('13800000003')?.role).toBe('auditor');
    expect(byPhone.get('13800000004')?.role).toBe('admin');
    const hash = byPhone.get('13800000002')!.passwordHash!;
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).toMatch(/m=19456,t=2,p=1/);
    expect(await verify(hash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(hash, 'demo@123456')).toBe(false);
    // Every account has its own salt.
    expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(rows.length);
    expect(byPhone.get('13800000002')!.institutionId).not.toBeNull();
  });

  it('running it again adds and changes nothing', async () => {
    const consultations = async () =>
      (
        await executeRows<{ bookings: number; feedback: number; open: number }>(
          testDb.database.db,
          sql`select (select count(*)::int from bookings where status = 'completed') as bookings,
              (select count(*)::int from feedback) as feedback,
              (select count(*)::int from feedback where status = 'open') as open`,
        )
      )[0];
    // Past consultations: five completed bookings, four with feedback (one still open, one
    // anonymous); the demo user's is left for them to rate.
    expect(await consultations()).toEqual({ bookings: 5, feedback: 4, open: 2 });
    const before = {
      users: await testDb.database.db.select().from(users).orderBy(asc(users.id)),
      institutions: await testDb.database.db.select().from(institutions).orderBy(asc(institutions.id)),
    };
    const second = await seed(testDb.database.db);
    expect(second).toEqual({ institutions: 0, users: 0 });
    const after = {
      users: await testDb.database.db.select().from(users).orderBy(asc(users.id)),
      institutions: await testDb.database.db.select().from(institutions).orderBy(asc(institutions.id)),
    };
    expect(after).toEqual(before);
    expect(await consultations()).toEqual({ bookings: 5, feedback: 4, open: 2 });
  });

  it('adds the statistics demo data once, the same every time, spread over provinces, ages and levels', async () => {
    const db = testDb.database.db;
    const now = new Date('2026-11-20T02:00:00Z');
    const made = await seedDemoStatistics(db, now);
    expect(await seedDemoStatistics(db, now)).toBe(0);
    const [a] = await executeRows<{ n: number; provinces: number; ages: number; submitted: number }>(
      db,
      sql`select count(*)::int as n, count(distinct left(basic_info ->> 'regionCode', 2))::int as provinces,
          count(distinct (basic_info ->> 'age'))::int as ages,
          count(*) filter (where status = 'submitted')::int as submitted
        from assessments`,
    );
    const levels = await executeRows<{ level: number; n: number }>(
      db,
      sql`select level, count(*)::int as n from warnings group by level order by level`,
    );
    // A fixed seed: these figures are the same on every machine and every run.
    expect({ made, ...a }).toEqual({ made: 295, n: 295, provinces: 25, ages: 30, submitted: 286 });
    expect(levels).toEqual([
      { level: 2, n: 34 },
      { level: 3, n: 63 },
    ]);
  });

  it('a start runs the seed steps once per build: the same stamp skips them, a new one runs them again', async () => {
    const db = testDb.database.db;
    const runs: string[] = [];
    const steps = (name: string) => async () => void runs.push(name);
    expect(await seedOncePerBuild(db, 'build-a', steps('first'))).toBe(true);
    expect(await seedOncePerBuild(db, 'build-a', steps('restart'))).toBe(false);
    expect(await seedOncePerBuild(db, 'build-b', steps('new code'))).toBe(true);
    expect(await seedOncePerBuild(db, 'build-b', steps('restart'))).toBe(false);
    // Without a stamp (the sources, not a bundle) every start seeds.
    expect(await seedOncePerBuild(db, null, steps('tsx'))).toBe(true);
    expect(await seedOncePerBuild(db, null, steps('tsx'))).toBe(true);
    expect(runs).toEqual(['first', 'new code', 'tsx', 'tsx']);
    // Steps that fail leave no stamp: the next start tries them again.
    await expect(
      seedOncePerBuild(db, 'build-c', async () => {
        throw new Error('disk full');
      }),
    ).rejects.toThrow('disk full');
    expect(await seedOncePerBuild(db, 'build-c', steps('retry'))).toBe(true);
    expect(runs.at(-1)).toBe('retry');
  });
});

describe(`a seeded test app on ${testDbKind}`, () => {
  it('serves the seeded course covers from its own upload directory when it names one', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-seed-files-'));
    const env = { UPLOAD_DIR: path.join(dir, 'uploads'), PRIVATE_DIR: path.join(dir, 'private') };
    const ctx = await createTestContext({ seed: true, env });
    try {
      const list = await ctx.app.inject('/SysAdmin/api/course/list');
      const courses = list.json().data.list as { coverUrl: string }[];
      expect(courses.length).toBeGreaterThan(0);
      for (const c of courses) {
        expect(fs.existsSync(path.join(env.UPLOAD_DIR, path.basename(c.coverUrl)))).toBe(true);
        expect((await ctx.app.inject(c.coverUrl)).statusCode).toBe(200);
      }
    } finally {
      await ctx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
