import type { TweetStatus } from '@psy/contracts';
import { and, count, desc, eq, inArray, sql, sum, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowCountsOf } from '../../db/row-counts';
import { countFrom, knownCount, pageWhere } from '../../db/rows';
import { expertTitleOf } from '../experts';
import { users } from '../users';
import { tweetLikes, tweets } from './tweets.table';

export type TweetRow = typeof tweets.$inferSelect;
export type TweetValues = typeof tweets.$inferInsert;
export interface TweetAuthor {
  id: number;
  name: string;
  avatar: string | null;
  title: string | null;
}
export type TweetWithAuthor = TweetRow & { author: TweetAuthor };

const withAuthor = {
  t: tweets,
  name: users.name,
  avatar: users.avatar,
  title: expertTitleOf(tweets.expertId),
};
const toRow = (r: {
  t: TweetRow;
  name: string;
  avatar: string | null;
  title: string | null;
}): TweetWithAuthor => ({
  ...r.t,
  author: { id: r.t.expertId, name: r.name, avatar: r.avatar, title: r.title },
});

/** Published tweets the caller may read: for everyone, or for signed-in users too. */
export const visibleTweets = (signedIn: boolean): SQL =>
  and(eq(tweets.status, 'published'), signedIn ? undefined : eq(tweets.visibility, 'public'))!;

/** Tweets with their author, before a filter. */
const authored = (tx: DbOrTx) =>
  tx.select(withAuthor).from(tweets).innerJoin(users, eq(users.id, tweets.expertId)).$dynamic();

/**
 * A page of tweets with their authors, `by` then newest id first, and how many match (`known`
 * when the caller has it already).
 */
async function authoredPage(
  db: DbOrTx,
  where: SQL | undefined,
  by: SQL,
  p: { pageNum: number; pageSize: number },
  known?: Promise<number>,
): Promise<{ rows: TweetWithAuthor[]; total: number }> {
  const { rows, total } = await pageWhere(
    p,
    where,
    [by, desc(tweets.id)],
    authored(db),
    known ? knownCount(known) : countFrom(db, tweets),
  );
  return { rows: rows.map(toRow), total };
}

export const tweetsRepository = {
  async insert(tx: DbOrTx, values: TweetValues): Promise<TweetRow> {
    const [row] = await tx.insert(tweets).values(values).returning();
    return row!;
  },

  async update(tx: DbOrTx, id: number, values: Partial<TweetValues>): Promise<void> {
    await tx.update(tweets).set(values).where(eq(tweets.id, id));
  },

  async remove(tx: DbOrTx, id: number): Promise<void> {
    await tx.delete(tweets).where(eq(tweets.id, id));
  },

  async byId(tx: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<TweetWithAuthor | undefined> {
    const q = authored(tx).where(eq(tweets.id, id));
    const [row] = await (opts.lock ? q.for('update', { of: tweets }) : q);
    return row && toRow(row);
  },

  /** Published tweets, newest first, of one expert or of all. */
  async feed(
    db: DbOrTx,
    q: { expertId?: number | undefined; pageNum: number; pageSize: number },
    signedIn: boolean,
  ) {
    const where = and(visibleTweets(signedIn), q.expertId ? eq(tweets.expertId, q.expertId) : undefined);
    return authoredPage(db, where, desc(tweets.publishedAt), q);
  },

  /** Tweets of the given statuses, newest change first (an expert's own, or the review list). */
  async page(
    db: DbOrTx,
    q: { expertId?: number; statuses: TweetStatus[]; pageNum: number; pageSize: number },
    known?: Promise<number>,
  ) {
    const where = and(
      q.expertId ? eq(tweets.expertId, q.expertId) : undefined,
      inArray(tweets.status, q.statuses),
    );
    return authoredPage(db, where, desc(tweets.updatedAt), q, known);
  },

  /** How many tweets the platform has in each state, kept by the writes (row_counts, 0032). */
  async platformCounts(db: DbOrTx): Promise<Map<TweetStatus, number>> {
    return (await rowCountsOf(db, 'tweets')) as Map<TweetStatus, number>;
  },

  /** How many tweets per status (of one expert, or of all), and their published likes. */
  async counts(db: DbOrTx, expertId?: number) {
    const rows = await db
      .select({ status: tweets.status, n: count(), likes: sum(tweets.likeCount).mapWith(Number) })
      .from(tweets)
      .where(expertId ? eq(tweets.expertId, expertId) : undefined)
      .groupBy(tweets.status);
    return {
      byStatus: new Map(rows.map((r) => [r.status, r.n])),
      likes: rows.find((r) => r.status === 'published')?.likes ?? 0,
    };
  },

  /**
   * Records a like; a second one by the same account changes nothing (the primary key).
   * The count moves in the same statement's transaction as the row.
   */
  async like(tx: DbOrTx, tweetId: number, userId: number): Promise<number> {
    const added = await tx.insert(tweetLikes).values({ tweetId, userId }).onConflictDoNothing().returning();
    const [row] = await tx
      .update(tweets)
      .set({ likeCount: sql`${tweets.likeCount} + ${added.length}`, updatedAt: sql`${tweets.updatedAt}` })
      .where(eq(tweets.id, tweetId))
      .returning({ n: tweets.likeCount });
    return row?.n ?? 0;
  },

  async unlike(tx: DbOrTx, tweetId: number, userId: number): Promise<number> {
    const removed = await tx
      .delete(tweetLikes)
      .where(and(eq(tweetLikes.tweetId, tweetId), eq(tweetLikes.userId, userId)))
      .returning();
    const [row] = await tx
      .update(tweets)
      .set({ likeCount: sql`${tweets.likeCount} - ${removed.length}`, updatedAt: sql`${tweets.updatedAt}` })
      .where(eq(tweets.id, tweetId))
      .returning({ n: tweets.likeCount });
    return row?.n ?? 0;
  },

  async likedOf(db: DbOrTx, userId: number, tweetIds: number[]): Promise<number[]> {
    if (!tweetIds.length) return [];
    const rows = await db
      .select({ id: tweetLikes.tweetId })
      .from(tweetLikes)
      .where(and(eq(tweetLikes.userId, userId), inArray(tweetLikes.tweetId, tweetIds)));
    return rows.map((r) => r.id);
  },

  /** Names of accounts (reviewers in the review list). */
  async namesOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
