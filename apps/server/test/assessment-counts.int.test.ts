import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { assessmentCounts, assessments } from '../src/modules/assessments/assessments.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, loginCast, scaleIdsByCode, take } from './helpers';

// The auditor's 全部测评 shows the whole platform's totals from counts the writes keep
// (migration 0029's triggers), not from a count over every assessment: these must never drift
// from the rows, whatever writes them.

let ctx: TestContext;
const t = {} as Record<'user' | 'auditor', string>;
let scaleIds: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  Object.assign(t, await loginCast(ctx.app, ['user', 'auditor']));
  scaleIds = await scaleIdsByCode(ctx.app);
});
afterAll(() => ctx.close());

type Status = 'in_progress' | 'submitted';

/** Every assessment's highest warning level and status, counted from the warnings themselves. */
async function countedFromRows() {
  return rowsOf<{ status: Status; level: number; n: number }>(
    await ctx.database.db.execute(sql`
      select a.status, coalesce((select max(w.level) from warnings w where w.assessment_id = a.id), 0)::int as level,
        count(*)::int as n
      from assessments a group by 1, 2`),
  );
}

/**
 * Checks the kept counts against the rows (by status and highest warning level), each
 * assessment's level against its warnings, and what the auditor's list shows for every filter;
 * answers the totals by status.
 */
async function expectInStep() {
  const db = ctx.database.db;
  const counted = await countedFromRows();
  const key = (r: { status: string; level: number }) => `${r.status}/${r.level}`;
  const kept = (await db.select().from(assessmentCounts)).filter((r) => r.n !== 0);
  expect(
    Object.fromEntries(kept.map((r) => [key({ status: r.status, level: r.warningLevel }), r.n])),
  ).toEqual(Object.fromEntries(counted.map((r) => [key(r), r.n])));
  const [wrong] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from assessments a
      where a.max_warning_level is distinct from (select max(w.level) from warnings w where w.assessment_id = a.id)`),
  );
  expect(wrong!.n).toBe(0);

  const sum = (f: (r: { status: Status; level: number }) => boolean) =>
    counted.filter(f).reduce((n, r) => n + r.n, 0);
  const get = async (query: string) => {
    const r = await call(ctx.app, 'GET', `/api/expert/assessments?pageSize=100${query}`, {
      token: t.auditor,
    });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data as {
      total: number;
      submittedCount: number;
      list: { maxWarningLevel: number | null }[];
    };
  };
  const all = await get('');
  expect(all.total).toBe(sum(() => true));
  expect(all.submittedCount).toBe(sum((r) => r.status === 'submitted'));
  for (const status of ['in_progress', 'submitted'] as const)
    expect((await get(`&status=${status}`)).total).toBe(sum((r) => r.status === status));
  for (const level of ['1', '2', '3', 'none'] as const) {
    const want = level === 'none' ? 0 : Number(level);
    const page = await get(`&level=${level}`);
    expect(page.total).toBe(sum((r) => r.level === want));
    expect(page.list.every((a) => (a.maxWarningLevel ?? 0) === want)).toBe(true);
    expect((await get(`&level=${level}&status=submitted`)).total).toBe(
      sum((r) => r.level === want && r.status === 'submitted'),
    );
  }
  return {
    in_progress: sum((r) => r.status === 'in_progress'),
    submitted: sum((r) => r.status === 'submitted'),
  };
}

describe(`the platform's assessment totals on ${testDbKind}`, () => {
  it('start from the seed’s assessments and follow starting and submitting through the API', async () => {
    const before = await expectInStep();

    const started = await call(ctx.app, 'POST', '/api/assessment/start', {
      token: t.user,
      body: { scaleId: scaleIds.SAS },
    });
    expect(started.status, started.body.message).toBe(200);
    expect(await expectInStep()).toEqual({ ...before, in_progress: before.in_progress + 1 });

    for (const code of ['GAD7', 'WHO5', 'PHQ9'])
      await take(ctx.app, t.user, { scaleId: scaleIds[code]! }, () => 1);
    expect(await expectInStep()).toEqual({
      in_progress: before.in_progress + 1,
      submitted: before.submitted + 3,
    });
  });

  it('follow statements of many rows, status changes both ways, deletes, and nothing from a rollback', async () => {
    const db = ctx.database.db;
    const before = await expectInStep();
    const ids = (
      await db
        .select({ id: assessments.id })
        .from(assessments)
        .where(sql`status = 'submitted'`)
        .limit(3)
    ).map((r) => r.id);
    expect(ids).toHaveLength(3);

    // One statement sends three back and another forward: the counts move by the difference.
    await db.update(assessments).set({ status: 'in_progress' }).where(inArray(assessments.id, ids));
    expect(await expectInStep()).toEqual({
      in_progress: before.in_progress + 3,
      submitted: before.submitted - 3,
    });
    // An update that changes no status changes no count.
    await db
      .update(assessments)
      .set({ title: sql`${assessments.title}` })
      .where(inArray(assessments.id, ids));
    await db.update(assessments).set({ status: 'submitted' }).where(inArray(assessments.id, ids));
    expect(await expectInStep()).toEqual(before);

    // Copies inserted in one statement, then deleted in one.
    const copies = await db.execute(sql`
      insert into assessments (user_id, kind, scale_id, title, status, consent_text)
      select user_id, kind, scale_id, title, status, consent_text from assessments where ${inArray(assessments.id, ids)}
      returning id`);
    const copyIds = rowsOf<{ id: number }>(copies).map((r) => Number(r.id));
    expect(copyIds).toHaveLength(3);
    expect(await expectInStep()).toEqual({ ...before, submitted: before.submitted + 3 });
    await db.delete(assessments).where(inArray(assessments.id, copyIds));
    expect(await expectInStep()).toEqual(before);

    // A transaction that fails leaves the counts as they were.
    await expect(
      db.transaction(async (tx) => {
        await tx.update(assessments).set({ status: 'in_progress' }).where(inArray(assessments.id, ids));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await expectInStep()).toEqual(before);
  });

  it('are emptied with the table and start again from there', async () => {
    const db = ctx.database.db;
    await db.execute(sql`truncate assessments cascade`);
    expect(await expectInStep()).toEqual({ in_progress: 0, submitted: 0 });
    await take(ctx.app, t.user, { scaleId: scaleIds.WHO5! }, () => 1);
    expect(await expectInStep()).toEqual({ in_progress: 0, submitted: 1 });
  });

  it('follow each assessment’s highest warning as warnings are raised, changed and deleted', async () => {
    const db = ctx.database.db;
    // Item 9 of PHQ-9 above zero raises a level-3 warning through the product's own path.
    const raised = await take(ctx.app, t.user, { scaleId: scaleIds.PHQ9! }, () => 2);
    await expectInStep();
    const [a] = await db.select().from(assessments).where(eq(assessments.id, raised));
    expect(a!.maxWarningLevel).toBe(3);

    const [other] = await db
      .select({ id: assessments.id, userId: assessments.userId })
      .from(assessments)
      .where(sql`max_warning_level is null and status = 'submitted'`)
      .limit(1);
    const [w] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into warnings (assessment_id, user_id, level, reason, scale_name)
        values (${other!.id}, ${other!.userId}, 1, '测试', '测试量表') returning id`),
    );
    await expectInStep();
    await db.execute(sql`update warnings set level = 2 where id = ${w!.id}`);
    await expectInStep();
    await db.execute(sql`delete from warnings where id = ${w!.id}`);
    await expectInStep();
    await db.execute(sql`truncate warnings cascade`);
    await expectInStep();
  });
});
