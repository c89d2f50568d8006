import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { careAssignments } from './assignments.table';

export type AssignmentRow = typeof careAssignments.$inferSelect;

/** Queries of care_assignments only. */
const assignmentRead = reusableRead(['userId'], (tx, p) =>
  tx.select().from(careAssignments).where(eq(careAssignments.userId, p.userId)),
);

export const assignmentsRepository = {
  async of(tx: DbOrTx, userId: number): Promise<AssignmentRow | undefined> {
    const [row] = await assignmentRead(tx, { userId });
    return row;
  },

  /** Sets the person's expert, whether or not they had one. */
  async upsert(tx: DbOrTx, row: AssignmentRow): Promise<void> {
    await tx
      .insert(careAssignments)
      .values(row)
      .onConflictDoUpdate({
        target: careAssignments.userId,
        set: { expertId: row.expertId, since: row.since },
      });
  },
};

const assignedToRead = reusableRead(['expertId'], (tx, p) =>
  tx
    .select({ userId: careAssignments.userId })
    .from(careAssignments)
    .where(eq(careAssignments.expertId, p.expertId))
    .orderBy(careAssignments.userId),
);

/** The people assigned to `expertId`, by id. */
export async function peopleAssignedTo(tx: DbOrTx, expertId: number): Promise<number[]> {
  return (await assignedToRead(tx, { expertId })).map((r) => r.userId);
}

/** The person's assigned expert, or null when they have no assignment row. */
export async function assignedExpertOf(tx: DbOrTx, userId: number): Promise<number | null> {
  return (await assignmentsRepository.of(tx, userId))?.expertId ?? null;
}

/**
 * A query piece: `column` (a person's id) is one of the people assigned to `expertId`. Written
 * as `= any(array(…))`, not `in (select …)`: the array is computed once and the condition is an
 * index condition, so `expert_id = $1 or user_id = any(…)` is a BitmapOr of two index scans
 * instead of a filter over every row of the table.
 */
export function assignedTo(column: AnyColumn, expertId: number): SQL {
  return sql`${column} = any(array(select ${careAssignments.userId} from ${careAssignments} where ${careAssignments.expertId} = ${expertId}))`;
}

/** A query piece: the person in `column` has an assignment row (to anyone). */
export function hasAssignment(column: AnyColumn): SQL {
  return sql`exists (select 1 from ${careAssignments} where ${careAssignments.userId} = ${column})`;
}
