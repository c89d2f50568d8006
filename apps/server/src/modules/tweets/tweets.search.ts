import { count, desc, eq } from 'drizzle-orm';
import { rankedSearch } from '../search';
import { users } from '../users';
import { visibleTweets } from './tweets.repository';
import { tweets } from './tweets.table';

/** Published tweets for everyone (search is public). */
export const tweetSearch = rankedSearch({
  kind: 'tweet',
  label: '专家动态',
  order: 80,
  fields: [
    { text: tweets.content, weight: 1.5 },
    { text: users.name, weight: 1, short: true },
  ],
  visible: () => visibleTweets(false),
  rows: (db, score) =>
    db
      .select({ t: tweets, name: users.name, score })
      .from(tweets)
      .innerJoin(users, eq(users.id, tweets.expertId))
      .$dynamic(),
  count: (db) =>
    db.select({ n: count() }).from(tweets).innerJoin(users, eq(users.id, tweets.expertId)).$dynamic(),
  tieBreak: desc(tweets.publishedAt),
  hit: ({ t, name, score }) => ({
    id: t.id,
    title: `${name}的动态`,
    summary: t.content,
    url: `/experts/detail?id=${t.expertId}&tweet=${t.id}`,
    image: t.images[0] ?? null,
    tags: [name],
    score,
  }),
});
