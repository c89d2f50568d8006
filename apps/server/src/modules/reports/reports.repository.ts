import { and, asc, count, desc, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { assessments } from '../assessments';
import { institutions } from '../institutions';
import { orders } from '../orders';
import { users } from '../users';
import { reports } from './reports.table';

export type ReportRow = typeof reports.$inferSelect;
export type ReportStatus = ReportRow['status'];

/** Queries of reports only (the approval list reads the assessment and person it belongs to). */
/** Reports that wait for (or went through) approval: paid or free, of the expert's people or all. */
const approvalScope = (expertId: number | undefined): SQL | undefined =>
  and(
    eq(assessments.requiresApproval, true),
    or(lte(assessments.priceFen, 0), isNotNull(reports.paidAt)),
    expertId !== undefined ? eq(assessments.expertId, expertId) : undefined,
  );

const byAssessmentRead = reusableRead(['assessmentId'], (tx, p) =>
  tx.select().from(reports).where(eq(reports.assessmentId, p.assessmentId)),
);

export const reportsRepository = {
  /** How many of the expert's reports have waited for approval since before `before`. */
  async waitingSince(tx: DbOrTx, expertId: number, before: Date): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(reports)
      .innerJoin(assessments, eq(assessments.id, reports.assessmentId))
      .where(
        and(
          approvalScope(expertId),
          eq(reports.status, 'generated'),
          sql`${assessments.submittedAt} < ${before.toISOString()}::timestamptz`,
        ),
      );
    return Number(row?.n ?? 0);
  },

  async byAssessment(tx: DbOrTx, assessmentId: number, opts: { lock?: boolean } = {}) {
    if (!opts.lock) return (await byAssessmentRead(tx, { assessmentId }))[0];
    const q = tx.select().from(reports).where(eq(reports.assessmentId, assessmentId)).$dynamic();
    const [r] = await (opts.lock ? q.for('update') : q);
    return r;
  },

  /** Creates the report once; answers whether this call created it. */
  async create(tx: DbOrTx, assessmentId: number, status: ReportStatus): Promise<boolean> {
    const made = await tx
      .insert(reports)
      .values({ assessmentId, status })
      .onConflictDoNothing()
      .returning({ id: reports.assessmentId });
    return made.length > 0;
  },

  async update(tx: DbOrTx, assessmentId: number, set: Partial<typeof reports.$inferInsert>): Promise<void> {
    await tx.update(reports).set(set).where(eq(reports.assessmentId, assessmentId));
  },

  /** What the Fulfiller needs of the report's assessment (read-only: the assessments domain's). */
  async assessment(tx: DbOrTx, id: number) {
    const [a] = await tx
      .select({
        id: assessments.id,
        title: assessments.title,
        userId: assessments.userId,
        requiresApproval: assessments.requiresApproval,
        expertId: assessments.expertId,
        priceFen: assessments.priceFen,
      })
      .from(assessments)
      .where(eq(assessments.id, id));
    return a;
  },

  /** The name of a person's institution, else of their expert's (null for neither). */
  async institutionName(tx: DbOrTx, userIds: number[]): Promise<string | null> {
    const rows = await tx
      .select({ id: users.id, name: institutions.name })
      .from(users)
      .innerJoin(institutions, eq(institutions.id, users.institutionId))
      .where(inArray(users.id, userIds));
    for (const id of userIds) {
      const hit = rows.find((r) => r.id === id);
      if (hit) return hit.name;
    }
    return null;
  },

  async userName(tx: DbOrTx, id: number): Promise<string | null> {
    const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
    return u?.name ?? null;
  },

  /** An unpaid, unexpired order for this report (reads orders: the order is the orders domain's). */
  async openOrder(tx: DbOrTx, assessmentId: number, now: Date) {
    const [o] = await tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.kind, 'report'),
          eq(orders.itemId, assessmentId),
          eq(orders.status, 'unpaid'),
          sql`${orders.expiresAt} > ${now.toISOString()}::timestamptz`,
        ),
      );
    return o;
  },

  /**
   * Reports that need approval, with their assessment and person; one page and the counts by
   * status. A report with a price is there once it is paid (its review is asked for then).
   */
  async approvals(
    tx: DbOrTx,
    f: { expertId?: number | undefined; status?: ReportStatus | undefined; oldestFirst?: boolean },
    p: { pageNum: number; pageSize: number },
  ) {
    const scope = approvalScope(f.expertId);
    const where = and(scope, f.status ? eq(reports.status, f.status) : undefined);
    const [rows, counts] = await Promise.all([
      tx
        .select({ a: assessments, r: reports, userName: users.name })
        .from(reports)
        .innerJoin(assessments, eq(assessments.id, reports.assessmentId))
        .innerJoin(users, eq(users.id, assessments.userId))
        .where(where)
        .orderBy(
          ...(f.oldestFirst
            ? [asc(assessments.submittedAt), asc(assessments.id)]
            : [asc(reports.status), desc(assessments.submittedAt), desc(assessments.id)]),
        )
        .limit(p.pageSize)
        .offset((p.pageNum - 1) * p.pageSize),
      tx
        .select({ status: reports.status, n: count() })
        .from(reports)
        .innerJoin(assessments, eq(assessments.id, reports.assessmentId))
        .where(scope)
        .groupBy(reports.status),
    ]);
    return { rows, counts: new Map(counts.map((c) => [c.status, Number(c.n)])) };
  },
};
