import type { NewsAdminQuery, NewsCategory, NewsStatus } from '@psy/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  lte,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowCountsOf } from '../../db/row-counts';
import { countFrom, knownCount, pageWhere } from '../../db/rows';
import { likeEscape } from '../../lib/sql';
import { users } from '../users';
import { newsArticles, newsViews } from './news.table';

/** An article with how many times it was read. */
export type NewsRow = typeof newsArticles.$inferSelect & { views: number };
export type NewsValues = typeof newsArticles.$inferInsert;
export type NewsWithAuthor = NewsRow & { author: string | null };

/** Published and due: what the public may read at `now`. */
export const visibleNews = (now: Date | SQLWrapper): SQL =>
  and(eq(newsArticles.state, 'published'), lte(newsArticles.publishAt, now))!;

/** The condition for a status as staff see it (scheduled = published with a time ahead). */
function statusIs(status: NewsStatus, now: Date): SQL {
  switch (status) {
    case 'published':
      return visibleNews(now);
    case 'scheduled':
      return and(eq(newsArticles.state, 'published'), gt(newsArticles.publishAt, now))!;
    default:
      return eq(newsArticles.state, status);
  }
}

/** Every article by status, from the counts the writes keep and the clock. */
async function keptCounts(db: DbOrTx, now: Date): Promise<{ status: NewsStatus; n: number }[]> {
  const [kept, [ahead]] = await Promise.all([
    rowCountsOf(db, 'news_articles'),
    db.select({ n: count() }).from(newsArticles).where(statusIs('scheduled', now)),
  ]);
  const scheduled = Number(ahead?.n ?? 0);
  return [
    { status: 'draft', n: kept.get('draft') ?? 0 },
    { status: 'scheduled', n: scheduled },
    { status: 'published', n: (kept.get('published') ?? 0) - scheduled },
    { status: 'offline', n: kept.get('offline') ?? 0 },
  ];
}

/** An article's columns and its readings (none counted yet: 0). */
const article = {
  ...getTableColumns(newsArticles),
  views: sql<number>`coalesce(${newsViews.views}, 0)`.mapWith(Number),
};
/** Articles with their readings, before a filter. */
const articles = (tx: DbOrTx) =>
  tx
    .select(article)
    .from(newsArticles)
    .leftJoin(newsViews, eq(newsViews.articleId, newsArticles.id))
    .$dynamic();
const withAuthor = { a: article, author: users.name };
const toRow = (r: { a: NewsRow; author: string | null }): NewsWithAuthor => ({ ...r.a, author: r.author });
/** Articles with their readings and their author's name, before a filter. */
const authored = (tx: DbOrTx) =>
  tx
    .select(withAuthor)
    .from(newsArticles)
    .leftJoin(newsViews, eq(newsViews.articleId, newsArticles.id))
    .leftJoin(users, eq(users.id, newsArticles.authorId))
    .$dynamic();
/** The list's order: pinned first, then newest. */
const listOrder = [desc(newsArticles.pinned), desc(newsArticles.publishAt), desc(newsArticles.id)];

export const newsRepository = {
  async insert(tx: DbOrTx, values: NewsValues): Promise<NewsRow> {
    const [row] = await tx.insert(newsArticles).values(values).returning();
    return { ...row!, views: 0 };
  },

  async update(tx: DbOrTx, id: number, values: Partial<NewsValues>): Promise<void> {
    await tx.update(newsArticles).set(values).where(eq(newsArticles.id, id));
  },

  async byId(tx: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<NewsWithAuthor | undefined> {
    const q = authored(tx).where(eq(newsArticles.id, id));
    const [row] = await (opts.lock ? q.for('update', { of: newsArticles }) : q);
    return row && toRow(row);
  },

  /** One page of what the public sees, pinned first. */
  async publicPage(
    db: DbOrTx,
    q: { category?: NewsCategory | undefined; pageNum: number; pageSize: number },
    now: Date,
  ): Promise<{ rows: NewsRow[]; total: number }> {
    const where = and(visibleNews(now), q.category ? eq(newsArticles.category, q.category) : undefined);
    return pageWhere(q, where, listOrder, articles(db), countFrom(db, newsArticles));
  },

  /** Every article for staff, filtered, most recently edited first; counts per status. */
  async adminPage(db: DbOrTx, q: NewsAdminQuery, now: Date) {
    const filters: (SQL | undefined)[] = [
      q.category ? eq(newsArticles.category, q.category) : undefined,
      q.keyword ? ilike(newsArticles.title, `%${likeEscape(q.keyword)}%`) : undefined,
    ];
    const where = and(...filters, q.status ? statusIs(q.status, now) : undefined);
    const status = sql<NewsStatus>`case
      when ${newsArticles.state} = 'published' and ${newsArticles.publishAt} > ${now.toISOString()}::timestamptz then 'scheduled'
      else ${newsArticles.state}::text end`;
    // Unfiltered, the counts by state are kept by the writes (row_counts, 0033) and only the
    // articles still ahead of their time are counted; filtered, they are counted here. The
    // page's total is one of them (or their sum), not a count of its own.
    const counted: Promise<{ status: NewsStatus; n: number }[]> = filters.some(Boolean)
      ? db
          .select({ status, n: count() })
          .from(newsArticles)
          .where(and(...filters))
          // By position: the expression's time parameter would not match a repeated one.
          .groupBy(sql`1`)
          .execute()
      : keptCounts(db, now);
    const total = counted.then((counts) =>
      counts.filter((c) => !q.status || c.status === q.status).reduce((n, c) => n + c.n, 0),
    );
    const [{ rows }, counts] = await Promise.all([
      pageWhere(
        q,
        where,
        [desc(newsArticles.updatedAt), desc(newsArticles.id)],
        authored(db),
        knownCount(total),
      ),
      counted,
    ]);
    return { rows: rows.map(toRow), total: await total, counts };
  },

  /** The newer (prev) and older (next) public article, in publish order. */
  async neighbours(db: DbOrTx, a: NewsRow, now: Date) {
    // Row comparisons, so that each is one step along news_public_idx from the article.
    const here = sql`(${a.publishAt!.toISOString()}::timestamptz, ${a.id}::int)`;
    const at = sql`(${newsArticles.publishAt}, ${newsArticles.id})`;
    const pick = { id: newsArticles.id, title: newsArticles.title };
    const [[prev], [next]] = await Promise.all([
      db
        .select(pick)
        .from(newsArticles)
        .where(and(visibleNews(now), sql`${at} > ${here}`))
        .orderBy(asc(newsArticles.publishAt), asc(newsArticles.id))
        .limit(1),
      db
        .select(pick)
        .from(newsArticles)
        .where(and(visibleNews(now), sql`${at} < ${here}`))
        .orderBy(desc(newsArticles.publishAt), desc(newsArticles.id))
        .limit(1),
    ]);
    return { prev: prev ?? null, next: next ?? null };
  },

  /** Public articles of the same category in the list's order (pinned, then newest), itself excluded. */
  related: (db: DbOrTx, a: NewsRow, now: Date, limit: number) =>
    articles(db)
      .where(and(visibleNews(now), eq(newsArticles.category, a.category), ne(newsArticles.id, a.id)))
      .orderBy(...listOrder)
      .limit(limit),

  /** Counts one reading; answers the new count. */
  async countView(db: DbOrTx, id: number): Promise<number> {
    const [row] = await db
      .insert(newsViews)
      .values({ articleId: id, views: 1 })
      .onConflictDoUpdate({ target: newsViews.articleId, set: { views: sql`${newsViews.views} + 1` } })
      .returning({ views: newsViews.views });
    return row?.views ?? 0;
  },
};
