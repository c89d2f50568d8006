import { and, count, desc, eq } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { users } from '../users';
import { visibleTweets } from './tweets.repository';
import { tweets } from './tweets.table';

const fields: RankedField[] = [
  { text: tweets.content, weight: 1.5 },
  { text: users.name, weight: 1 },
];

/** Published tweets for everyone (search is public). */
export const tweetSearch: SearchProvider = {
  kind: 'tweet',
  label: '专家动态',
  order: 80,
  async search(db, keyword, { limit, offset }) {
    const where = and(visibleTweets(false), keywordFilter(keyword, fields));
    const score = relevance(keyword, fields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ t: tweets, name: users.name, score })
          .from(tweets)
          .innerJoin(users, eq(users.id, tweets.expertId))
          .where(where)
          .orderBy(desc(score), desc(tweets.publishedAt))
          .limit(limit)
          .offset(offset),
      () =>
        db.select({ n: count() }).from(tweets).innerJoin(users, eq(users.id, tweets.expertId)).where(where),
    );
    return {
      total,
      items: rows.map(({ t, name, score }) => ({
        id: t.id,
        title: `${name}的动态`,
        summary: t.content,
        url: `/experts/detail?id=${t.expertId}&tweet=${t.id}`,
        image: t.images[0] ?? null,
        tags: [name],
        score,
      })),
    };
  },
};
