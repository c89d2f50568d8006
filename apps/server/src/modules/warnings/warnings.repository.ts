import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { users } from '../users';
import { warningProgress, warnings } from './warnings.table';
import { keptTotal } from '../../db/row-counts';
import { countFrom, knownCount, pageWhere, rowsById } from '../../db/rows';

export type WarningRow = typeof warnings.$inferSelect;
export type WarningStatus = WarningRow['status'];

interface WarningFilter {
  expertId?: number | undefined;
  status?: WarningStatus | undefined;
  level?: number | undefined;
  escalated?: boolean | undefined;
}

/**
 * How many of the platform's warnings match `f`, from the counts the writes keep (row_counts by
 * `status/level/escalated`, migration 0036): the auditors' list without counting every warning.
 */
function platformTotal(tx: DbOrTx, f: WarningFilter): Promise<number> {
  return keptTotal(
    tx,
    'warnings',
    ([status, level, escalated]) =>
      (!f.status || status === f.status) &&
      (!f.level || Number(level) === f.level) &&
      (f.escalated !== true || (escalated === 'true' && status !== 'closed')) &&
      (f.escalated !== false || escalated === 'false'),
  );
}

/** Queries of warnings and their progress records only. */
const warningsOfPersonRead = reusableRead(['userId', 'limit'], (tx, p) =>
  tx
    .select()
    .from(warnings)
    .where(eq(warnings.userId, p.userId))
    .orderBy(desc(warnings.createdAt), desc(warnings.id))
    .limit(p.limit),
);

export const warningsRepository = {
  ...rowsById(warnings),

  /** A page of warnings with the person's name, the highest level first. */
  async page(tx: DbOrTx, f: WarningFilter, p: { pageNum: number; pageSize: number }) {
    const where = and(
      f.expertId !== undefined ? eq(warnings.expertId, f.expertId) : undefined,
      f.status ? eq(warnings.status, f.status) : undefined,
      f.level ? eq(warnings.level, f.level) : undefined,
      f.escalated === true
        ? // Written as the partial index warnings_overdue has it (a literal, not a parameter),
          // so that the planner can match the index to it.
          sql`(${warnings.escalatedAt} is not null and ${warnings.status} <> 'closed')`
        : undefined,
      f.escalated === false ? isNull(warnings.escalatedAt) : undefined,
    );
    return pageWhere(
      p,
      where,
      [desc(warnings.level), desc(warnings.id)],
      tx
        .select({ w: warnings, userName: users.name })
        .from(warnings)
        .innerJoin(users, eq(users.id, warnings.userId))
        .$dynamic(),
      f.expertId === undefined ? knownCount(platformTotal(tx, f)) : countFrom(tx, warnings),
    );
  },

  /** The expert's pending warnings: how many per level, and the first few, highest level and oldest first. */
  async pendingOf(tx: DbOrTx, expertId: number, limit: number) {
    const where = and(eq(warnings.expertId, expertId), eq(warnings.status, 'pending'));
    const [levels, rows] = await Promise.all([
      tx
        .select({ level: warnings.level, n: count(), overdue: count(warnings.escalatedAt) })
        .from(warnings)
        .where(where)
        .groupBy(warnings.level),
      tx
        .select({ w: warnings, userName: users.name })
        .from(warnings)
        .innerJoin(users, eq(users.id, warnings.userId))
        .where(where)
        .orderBy(desc(warnings.level), asc(warnings.createdAt), asc(warnings.id))
        .limit(limit),
    ]);
    return { levels: levels.map((l) => ({ ...l, n: Number(l.n), overdue: Number(l.overdue) })), rows };
  },

  async progressOf(tx: DbOrTx, warningId: number) {
    return tx
      .select({ p: warningProgress, actor: users.name })
      .from(warningProgress)
      .innerJoin(users, eq(users.id, warningProgress.actorId))
      .where(eq(warningProgress.warningId, warningId))
      .orderBy(asc(warningProgress.id));
  },

  async addProgress(tx: DbOrTx, row: typeof warningProgress.$inferInsert, status: WarningStatus) {
    await tx.insert(warningProgress).values(row);
    await tx.update(warnings).set({ status }).where(eq(warnings.id, row.warningId));
  },

  /** The person's warnings, newest first (at most `limit`), with every progress record and its author. */
  async ofPerson(tx: DbOrTx, userId: number, limit: number) {
    const ws = await warningsOfPersonRead(tx, { userId, limit });
    if (!ws.length) return [];
    const progress = await tx
      .select({ p: warningProgress, actor: users.name })
      .from(warningProgress)
      .innerJoin(users, eq(users.id, warningProgress.actorId))
      .where(
        inArray(
          warningProgress.warningId,
          ws.map((w) => w.id),
        ),
      )
      .orderBy(asc(warningProgress.id));
    return ws.map((w) => ({ w, progress: progress.filter((p) => p.p.warningId === w.id) }));
  },

  async ofAssessment(tx: DbOrTx, assessmentId: number): Promise<WarningRow[]> {
    return tx
      .select()
      .from(warnings)
      .where(eq(warnings.assessmentId, assessmentId))
      .orderBy(desc(warnings.level));
  },

  async maxLevels(tx: DbOrTx, assessmentIds: number[]): Promise<Map<number, number>> {
    if (!assessmentIds.length) return new Map();
    const rows = await tx
      .select({ id: warnings.assessmentId, level: sql<number>`max(${warnings.level})` })
      .from(warnings)
      .where(inArray(warnings.assessmentId, assessmentIds))
      .groupBy(warnings.assessmentId);
    return new Map(rows.map((r) => [r.id, Number(r.level)]));
  },

  /** Moves the person's open (pending, following) warnings to `expertId`; answers how many moved. */
  async reassignOpen(tx: DbOrTx, userId: number, expertId: number): Promise<number> {
    const moved = await tx
      .update(warnings)
      .set({ expertId })
      .where(and(eq(warnings.userId, userId), inArray(warnings.status, ['pending', 'following'])))
      .returning({ id: warnings.id });
    return moved.length;
  },

  async openCountOf(tx: DbOrTx, userId: number): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(warnings)
      .where(and(eq(warnings.userId, userId), inArray(warnings.status, ['pending', 'following'])));
    return Number(r?.n ?? 0);
  },

  /** Marks every warning pending since before `before` escalated, and answers them. */
  async escalateDue(tx: DbOrTx, before: Date, at: Date): Promise<WarningRow[]> {
    return tx
      .update(warnings)
      .set({ escalatedAt: at })
      .where(
        and(eq(warnings.status, 'pending'), isNull(warnings.escalatedAt), lte(warnings.createdAt, before)),
      )
      .returning();
  },

  /** Marks one warning escalated, unless it already is; answers whether it changed. */
  async markEscalated(tx: DbOrTx, id: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(warnings)
      .set({ escalatedAt: at })
      .where(and(eq(warnings.id, id), isNull(warnings.escalatedAt)))
      .returning({ id: warnings.id });
    return rows.length > 0;
  },
  // ---- who is told (reads accounts; never changes them) ----

  async activeExpertsOfInstitutionOf(tx: DbOrTx, userId: number): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.role, 'expert'),
          eq(users.status, 'active'),
          sql`${users.institutionId} = (select u.institution_id from ${users} u where u.id = ${userId})`,
        ),
      );
    return rows.map((r) => r.id);
  },

  async auditorIds(tx: DbOrTx): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.role, 'auditor'), eq(users.role, 'admin')));
    return rows.map((r) => r.id);
  },

  async person(tx: DbOrTx, userId: number) {
    const [u] = await tx
      .select({ name: users.name, telephone: users.telephone })
      .from(users)
      .where(eq(users.id, userId));
    return u;
  },
};
