import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';
import { reviewRequests } from './review.table';
import { countFrom, pageWhere, rowsById } from '../../db/rows';

export type ReviewRow = typeof reviewRequests.$inferSelect;
export type ReviewStatus = ReviewRow['status'];

const submitter = alias(users, 'submitter');
const reviewer = alias(users, 'reviewer');

/** Queries of review_requests only; every function takes a handle or an open transaction. */
export const reviewRepository = {
  insert: rowsById(reviewRequests).insert,

  /** The item's open request, locked until the caller's transaction ends. */
  async lockPending(tx: DbOrTx, kind: string, itemId: number): Promise<ReviewRow | undefined> {
    const [r] = await tx
      .select()
      .from(reviewRequests)
      .where(
        and(
          eq(reviewRequests.kind, kind),
          eq(reviewRequests.itemId, itemId),
          eq(reviewRequests.status, 'pending'),
        ),
      )
      .for('update');
    return r;
  },

  async latest(tx: DbOrTx, kind: string, itemId: number): Promise<ReviewRow | undefined> {
    const [r] = await tx
      .select()
      .from(reviewRequests)
      .where(and(eq(reviewRequests.kind, kind), eq(reviewRequests.itemId, itemId)))
      .orderBy(desc(reviewRequests.id))
      .limit(1);
    return r;
  },

  /** The newest request of each item, by item id. */
  async latestOf(tx: DbOrTx, kind: string, itemIds: number[]): Promise<Map<number, ReviewRow>> {
    if (!itemIds.length) return new Map();
    const rows = await tx
      .selectDistinctOn([reviewRequests.itemId])
      .from(reviewRequests)
      .where(and(eq(reviewRequests.kind, kind), inArray(reviewRequests.itemId, itemIds)))
      .orderBy(reviewRequests.itemId, desc(reviewRequests.id));
    return new Map(rows.map((r) => [r.itemId, r]));
  },

  async decide(
    tx: DbOrTx,
    id: number,
    d: { status: 'approved' | 'rejected'; reviewerId: number; reason: string | null; decidedAt: Date },
  ): Promise<void> {
    await tx.update(reviewRequests).set(d).where(eq(reviewRequests.id, id));
  },

  /** Closes an open request without a decision: no reviewer, `decidedAt` is when it was withdrawn. */
  async withdraw(tx: DbOrTx, id: number, d: { reason: string | null; decidedAt: Date }): Promise<void> {
    await tx
      .update(reviewRequests)
      .set({ status: 'withdrawn', ...d })
      .where(eq(reviewRequests.id, id));
  },

  /** One page of requests with the names of who submitted and who decided. */
  async page(
    tx: DbOrTx,
    q: {
      kinds: string[];
      kind?: string | undefined;
      status: ReviewStatus;
      pageNum: number;
      pageSize: number;
    },
  ) {
    const where = and(
      inArray(reviewRequests.kind, q.kinds),
      q.kind ? eq(reviewRequests.kind, q.kind) : undefined,
      eq(reviewRequests.status, q.status),
    );
    return pageWhere(
      q,
      where,
      // Oldest waiting first; decided ones newest first.
      q.status === 'pending'
        ? [asc(reviewRequests.submittedAt), asc(reviewRequests.id)]
        : [desc(reviewRequests.decidedAt), desc(reviewRequests.id)],
      tx
        .select({ r: reviewRequests, submitterName: submitter.name, reviewerName: reviewer.name })
        .from(reviewRequests)
        .leftJoin(submitter, eq(submitter.id, reviewRequests.submittedBy))
        .leftJoin(reviewer, eq(reviewer.id, reviewRequests.reviewerId))
        .$dynamic(),
      countFrom(tx, reviewRequests),
    );
  },

  /** How many requests of each kind have this status. */
  async countByKind(tx: DbOrTx, status: ReviewStatus): Promise<Map<string, number>> {
    const rows = await tx
      .select({ kind: reviewRequests.kind, n: sql<number>`count(*)::int` })
      .from(reviewRequests)
      .where(eq(reviewRequests.status, status))
      .groupBy(reviewRequests.kind);
    return new Map(rows.map((r) => [r.kind, Number(r.n)]));
  },
};
