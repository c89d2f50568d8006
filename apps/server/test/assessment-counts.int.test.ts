import { count, inArray, sql } from 'drizzle-orm';
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

/** The counts as kept, and as counted from the rows. */
async function keptAndCounted() {
  const db = ctx.database.db;
  const kept = await db.select().from(assessmentCounts);
  const rows = await db
    .select({ status: assessments.status, n: count() })
    .from(assessments)
    .groupBy(assessments.status);
  const of = (list: { status: Status; n: number }[], s: Status) =>
    Number(list.find((r) => r.status === s)?.n ?? 0);
  return {
    kept: { in_progress: of(kept, 'in_progress'), submitted: of(kept, 'submitted') },
    counted: { in_progress: of(rows, 'in_progress'), submitted: of(rows, 'submitted') },
  };
}

/** What the auditor's list says: its total, and with each status filter, and 已提交. */
async function auditorTotals() {
  const get = async (query: string) => {
    const r = await call(ctx.app, 'GET', `/api/expert/assessments?pageSize=10${query}`, { token: t.auditor });
    expect(r.status, r.body.message).toBe(200);
    return r.body.data as { total: number; submittedCount: number; list: unknown[] };
  };
  const [all, open, done] = await Promise.all([
    get(''),
    get('&status=in_progress'),
    get('&status=submitted'),
  ]);
  expect(all.submittedCount).toBe(done.total);
  return { all: all.total, in_progress: open.total, submitted: done.total, firstPage: all.list.length };
}

async function expectInStep() {
  const { kept, counted } = await keptAndCounted();
  expect(kept).toEqual(counted);
  const shown = await auditorTotals();
  expect(shown).toMatchObject({ ...counted, all: counted.in_progress + counted.submitted });
  return counted;
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
});
