import { count, eq, sql } from 'drizzle-orm';
import { searchGrams } from '../../lib/search-rank';
import { rankedSearch, type SearchFrom } from '../search';
import { users } from '../users';
import { visibleTweets } from './tweets.repository';
import { tweets } from './tweets.table';

/** A tweet with its author. */
const tweetTables: SearchFrom = (db, fields) =>
  db.select(fields).from(tweets).innerJoin(users, eq(users.id, tweets.expertId)).$dynamic();

/** What the tweets' gram index holds (`tweets_grams`): the search asks it this same expression. */
export const tweetGrams = searchGrams(tweets.content);

/** Published tweets for everyone (search is public). */
export const tweetSearch = rankedSearch({
  kind: 'tweet',
  label: '专家动态',
  order: 80,
  fields: [
    { text: tweets.content, weight: 1.5 },
    {
      text: users.name,
      weight: 1,
      short: true,
      // Filtered as "by an expert whose name holds it": the tweets are then filtered in their
      // own scan, not joined by the ten thousand first (9-13 -> 3-6 ms at 20,000 tweets). The
      // subquery's "users" is its own (the inner name hides the outer join's). Asked as
      // `= any(array(…))`, which the experts' index of tweets serves: with the content's trigram
      // index, a keyword of three characters or more then reads no tweet that does not hold it.
      holds: (like, pattern) =>
        sql`${tweets.expertId} = any(array(select ${users.id} from ${users} where ${users.role} = 'expert' and ${users.name} ${like} ${pattern}))`,
    },
  ],
  grams: tweetGrams,
  visible: () => visibleTweets(false),
  key: tweets.id,
  tieBreak: { column: tweets.publishedAt, descending: true },
  from: tweetTables,
  rows: (q, rank) =>
    q
      .select({ t: tweets, name: users.name, ...rank })
      .from(tweets)
      .innerJoin(users, eq(users.id, tweets.expertId))
      .$dynamic(),
  // The filter asks for the author's name through `holds`, and every tweet has its author (a
  // required reference, deleted with the account): counted without the join.
  count: (db) => db.select({ n: count() }).from(tweets).$dynamic(),
  hit: ({ t, name }) => ({
    id: t.id,
    title: `${name}的动态`,
    summary: t.content,
    url: `/experts/detail?id=${t.expertId}&tweet=${t.id}`,
    image: t.images[0] ?? null,
    tags: [name],
  }),
});
