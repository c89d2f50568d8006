import { newsCategories } from '@psy/contracts';
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { searchGrams } from '../../lib/search-rank';
import { users } from '../users/users.table';

export const newsCategoryEnum = pgEnum('news_category', newsCategories);
/** Stored states; "scheduled" is a published article whose publish time is still ahead. */
export const newsStateEnum = pgEnum('news_state', ['draft', 'published', 'offline']);

/** 资讯: articles written by auditors and admins. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    title: varchar({ length: 60 }).notNull(),
    summary: varchar({ length: 200 }).notNull(),
    category: newsCategoryEnum().notNull(),
    /** An uploaded content image's file name. */
    cover: varchar({ length: 64 }),
    /** Sanitised HTML (lib/rich-text.ts). */
    body: text().notNull(),
    /** The body's text without markup: what search reads. */
    bodyText: text().notNull().default(''),
    state: newsStateEnum().notNull().default('draft'),
    /** Visible to the public from this time on, while published. */
    publishAt: timestamp({ withTimezone: true }),
    pinned: boolean().notNull().default(false),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Ascending, read backwards for the lists' `desc` orders: an index declared DESC sorts NULLS
    // LAST, which `ORDER BY … DESC` (NULLS FIRST) does not match, so it would never be used.
    // The public list (and the home page's newest): published and due, pinned first, newest first.
    index('news_list_idx').on(t.state, t.pinned, t.publishAt, t.id),
    // One category's list, and the related articles under an article.
    index('news_category_idx').on(t.category, t.state, t.pinned, t.publishAt, t.id),
    // An article's newer and older neighbours in publish order.
    index('news_public_idx').on(t.state, t.publishAt, t.id),
    // 资讯管理: every article, the latest change first (a page read from the index's end).
    index('news_updated_idx').on(t.updatedAt, t.id),
    // Search: ILIKE '%关键词%' on the title, summary and text (a keyword of three characters or
    // more is then found from the three indexes, not by reading every article).
    index('news_title_trgm').using('gin', t.title.op('gin_trgm_ops')),
    index('news_summary_trgm').using('gin', t.summary.op('gin_trgm_ops')),
    index('news_text_trgm').using('gin', t.bodyText.op('gin_trgm_ops')),
    // A keyword of one or two characters (焦虑), which has no trigram: the characters and pairs of
    // the three (`searchGrams`; kept without statistics, migration 0055).
    index('news_grams').using('gin', searchGrams(t.title, t.summary, t.bodyText)),
    // The title and summary alone: the search ranks the articles that hold the keyword there
    // apart from the many that hold it in the body only (`headGrams` in search/ranked-search.ts).
    index('news_head_grams').using('gin', searchGrams(t.title, t.summary)),
  ],
);

/**
 * How many times each article was read. Kept apart from the article so that a reading writes
 * one narrow row: it fires none of the article's triggers (the catalogue notice that would drop
 * the cached news list and search at every reading, the kept counts by state) and copies none
 * of the article's text into a new row version. The public list shows the count as it was
 * when the list was cached (at most CATALOGUE_CACHE_SECONDS old).
 */
export const newsViews = pgTable('news_views', {
  articleId: integer()
    .primaryKey()
    .references(() => newsArticles.id, { onDelete: 'cascade' }),
  views: integer().notNull().default(0),
});
