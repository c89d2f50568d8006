import { eq, sql } from 'drizzle-orm';
import { searchGrams } from '../../lib/search-rank';
import { rankedSearch, type SearchFrom } from '../search';
import { users } from '../users';
import { visibleTweets } from './tweets.repository';
import { tweets } from './tweets.table';

/**
 * The ranking's rows: the tweets alone. The author's name is read (a subquery, `text` below) only
 * for the tweets of authors whose name holds the keyword, which `holds` says: joining every
 * matching tweet to its author first cost the ranking a sort and a merge join (6.6 -> 3.6-5.5
 * ms for 焦虑's 3,200 posts at a million assessments, in psql).
 */
const tweetTables: SearchFrom = (db, fields) => db.select(fields).from(tweets).$dynamic();

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
      text: sql`(select ${users.name} from ${users} where ${users.id} = ${tweets.expertId})`,
      weight: 1,
      short: true,
      // Filtered as "by an expert whose name holds it": the tweets are then filtered in their
      // own scan, not joined by the ten thousand first (9-13 -> 3-6 ms at 20,000 tweets). Asked as
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
  hit: ({ t, name }) => ({
    id: t.id,
    title: `${name}的动态`,
    summary: t.content,
    url: `/experts/detail?id=${t.expertId}&tweet=${t.id}`,
    image: t.images[0] ?? null,
    tags: [name],
  }),
});
