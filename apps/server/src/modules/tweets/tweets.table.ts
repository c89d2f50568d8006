import { tweetStatuses, tweetVisibilities } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { searchGrams } from '../../lib/search-rank';
import { userRef } from '../users/users.table';

export const tweetStatusEnum = pgEnum('tweet_status', tweetStatuses);
export const tweetVisibilityEnum = pgEnum('tweet_visibility', tweetVisibilities);

/** 专家动态: an expert's short post with up to nine pictures, published after review. */
export const tweets = pgTable(
  'tweets',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    expertId: userRef(),
    content: text().notNull(),
    /** Uploaded content images' file names, in order. */
    images: jsonb().$type<string[]>().notNull().default([]),
    visibility: tweetVisibilityEnum().notNull().default('public'),
    status: tweetStatusEnum().notNull().default('draft'),
    /** Kept equal to the rows of tweet_likes by the like and unlike statements. */
    likeCount: integer().notNull().default(0),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Ascending, read backwards for the feeds' newest-first order (an index declared DESC sorts
    // NULLS LAST, which `ORDER BY … DESC` does not match): the feed of all experts, and of one.
    index('tweets_feed_idx').on(t.status, t.publishedAt, t.id),
    index('tweets_expert_idx').on(t.expertId, t.status, t.publishedAt, t.id),
    index('tweets_content_trgm').using('gin', t.content.op('gin_trgm_ops')),
    // A keyword of one or two characters, which has no trigram (`searchGrams`, migration 0055).
    index('tweets_grams').using('gin', searchGrams(t.content)),
    check('tweet_like_count_nonnegative', sql`${t.likeCount} >= 0`),
    check('tweet_images_max', sql`jsonb_array_length(${t.images}) <= 9`),
  ],
);

/** One row per (tweet, user): the primary key makes a second like impossible. */
export const tweetLikes = pgTable(
  'tweet_likes',
  {
    tweetId: integer()
      .notNull()
      .references(() => tweets.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tweetId, t.userId] }), index().on(t.userId)],
);
