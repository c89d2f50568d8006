import { and, count, desc } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { excerpt, keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { newsCategoryLabels } from '@psy/contracts';
import { systemClock, type Clock } from '../../lib/clock';
import { visibleNews } from './news.repository';
import { newsArticles } from './news.table';

const fields: RankedField[] = [
  { text: newsArticles.title, weight: 3 },
  { text: newsArticles.summary, weight: 1 },
  { text: newsArticles.bodyText, weight: 0.5 },
];

/** Published articles whose publish time has come. */
export function newsSearch(clock: Clock = systemClock): SearchProvider {
  return {
    kind: 'news',
    label: '资讯',
    order: 70,
    async search(db, keyword, { limit, offset }) {
      const where = and(visibleNews(clock()), keywordFilter(keyword, fields));
      const score = relevance(keyword, fields);
      const { rows, total } = await rankedPage(
        limit,
        () =>
          db
            .select({ a: newsArticles, score })
            .from(newsArticles)
            .where(where)
            .orderBy(desc(score), desc(newsArticles.publishAt))
            .limit(limit)
            .offset(offset),
        () => db.select({ n: count() }).from(newsArticles).where(where),
      );
      return {
        total,
        items: rows.map(({ a, score }) => ({
          id: a.id,
          title: a.title,
          summary: excerpt(a.summary, a.bodyText, keyword),
          url: `/news/detail?id=${a.id}`,
          image: a.cover,
          tags: [newsCategoryLabels[a.category]],
          score,
        })),
      };
    },
  };
}
