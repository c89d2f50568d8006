import type { FeedbackKind, FeedbackStatus } from '@psy/contracts';
import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { countFrom, countsBy, knownCount, pageWhere, rowsById } from '../../db/rows';
import { rowCountsOf } from '../../db/row-counts';
import { users } from '../users';
import { expertRatings, feedback } from './feedback.table';

export type FeedbackRow = typeof feedback.$inferSelect;

/** A rating at or below this is a complaint: it comes first on the expert's desk. */
export const LOW_RATING = 2;

const writer = alias(users, 'writer');
const addressee = alias(users, 'addressee');

function named(tx: DbOrTx) {
  return tx
    .select({ f: feedback, userName: writer.name, expertName: addressee.name })
    .from(feedback)
    .innerJoin(writer, eq(writer.id, feedback.userId))
    .innerJoin(addressee, eq(addressee.id, feedback.expertId))
    .$dynamic();
}
export type NamedFeedback = Awaited<ReturnType<ReturnType<typeof named>['execute']>>[number];

/** Whose feedback a list holds: addressed to an expert, written by a person, or all (auditors). */
export type FeedbackScope =
  { kind: 'expert'; expertId: number } | { kind: 'user'; userId: number } | { kind: 'all' };

function scopeWhere(s: FeedbackScope): SQL | undefined {
  if (s.kind === 'expert') return eq(feedback.expertId, s.expertId);
  if (s.kind === 'user') return eq(feedback.userId, s.userId);
  return undefined;
}

const newestFirst = [desc(feedback.createdAt), desc(feedback.id)];

/** Queries of feedback only; names are read from the users table. */
const feedbackOfPersonRead = reusableRead(['userId', 'limit'], (tx, p) =>
  named(tx)
    .where(eq(feedback.userId, p.userId))
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(p.limit),
);

export const feedbackRepository = {
  ...rowsById(feedback),

  async named(tx: DbOrTx, id: number): Promise<NamedFeedback | undefined> {
    const [f] = await named(tx).where(eq(feedback.id, id));
    return f;
  },

  /** The person's feedback on one object, if they left one. */
  async on(
    tx: DbOrTx,
    kind: FeedbackKind,
    objectId: number,
    userId: number,
  ): Promise<FeedbackRow | undefined> {
    const [f] = await tx
      .select()
      .from(feedback)
      .where(and(eq(feedback.kind, kind), eq(feedback.objectId, objectId), eq(feedback.userId, userId)));
    return f;
  },

  /** A page of one scope's feedback, newest first. */
  async page(
    tx: DbOrTx,
    s: FeedbackScope,
    q: {
      status?: FeedbackStatus | undefined;
      kind?: FeedbackKind | undefined;
      pageNum: number;
      pageSize: number;
    },
    /** The total when the caller counts it anyway (by state), instead of counting again. */
    known?: Promise<number>,
  ) {
    const where = and(
      scopeWhere(s),
      q.status ? eq(feedback.status, q.status) : undefined,
      q.kind ? eq(feedback.kind, q.kind) : undefined,
    );
    return pageWhere(q, where, newestFirst, named(tx), known ? knownCount(known) : countFrom(tx, feedback));
  },

  /** Open feedback addressed to the expert, the oldest first; how many, and how many rate 1–2. */
  async openFor(tx: DbOrTx, expertId: number, limit: number) {
    const where = and(eq(feedback.expertId, expertId), eq(feedback.status, 'open'));
    const [rows, [totals]] = await Promise.all([
      named(tx).where(where).orderBy(feedback.createdAt, feedback.id).limit(limit),
      tx
        .select({ n: count(), low: sql<number>`count(*) filter (where ${feedback.rating} <= ${LOW_RATING})` })
        .from(feedback)
        .where(where),
    ]);
    return { rows, total: Number(totals?.n ?? 0), low: Number(totals?.low ?? 0) };
  },

  /** What the person wrote, newest first, with the name of the expert it went to (their record). */
  async ofPerson(tx: DbOrTx, userId: number, limit: number): Promise<NamedFeedback[]> {
    return feedbackOfPersonRead(tx, { userId, limit });
  },

  /**
   * How many of the scope's feedback (of one kind, when given) are in each state. All of the
   * platform's from the counts its writes keep (`row_counts`, key `status/kind`, migration 0032).
   */
  async countByStatus(
    tx: DbOrTx,
    s: FeedbackScope,
    kind?: FeedbackKind,
  ): Promise<Map<FeedbackStatus, number>> {
    if (s.kind === 'all') {
      const by = new Map<FeedbackStatus, number>();
      for (const [key, n] of await rowCountsOf(tx, 'feedback')) {
        const [status, k] = key.split('/') as [FeedbackStatus, FeedbackKind];
        if (!kind || k === kind) by.set(status, (by.get(status) ?? 0) + n);
      }
      return by;
    }
    return countsBy(
      tx,
      feedback,
      feedback.status,
      and(scopeWhere(s), kind ? eq(feedback.kind, kind) : undefined),
    );
  },

  /** An expert's booking feedback as everyone reads it, newest first (the writer's name to mask). */
  async publicPage(tx: DbOrTx, expertId: number, q: { pageNum: number; pageSize: number }) {
    const where = and(eq(feedback.expertId, expertId), eq(feedback.kind, 'booking'));
    return pageWhere(
      q,
      where,
      newestFirst,
      tx
        .select({ f: feedback, userName: writer.name })
        .from(feedback)
        .innerJoin(writer, eq(writer.id, feedback.userId))
        .$dynamic(),
      countFrom(tx, feedback),
    );
  },
};

/**
 * For the experts module's lists and detail: an expert's public rating, the mean of the ratings
 * of their booking feedback (two decimals, null before the first), and how many there are,
 * from the sums the feedback's triggers keep (`expert_ratings`, migration 0045).
 */
export const feedbackQueries = {
  ratingOf: (expertId: AnyColumn | SQL) =>
    sql<
      number | null
    >`(select round(r.total::numeric / nullif(r.n, 0), 2)::float8 from ${expertRatings} r where r.expert_id = ${expertId})`,
  ratingCountOf: (expertId: AnyColumn | SQL) =>
    sql<number>`coalesce((select r.n from ${expertRatings} r where r.expert_id = ${expertId}), 0)`,
};
