import { newsCategoryLabels } from '@psy/contracts';
import { oneTable, rankedSearch, type SearchProvider } from '../search';
import { excerpt, searchGrams } from '../../lib/search-rank';
import { systemClock, type Clock } from '../../lib/clock';
import { visibleNews } from './news.repository';
import { newsArticles } from './news.table';

/** What the articles' gram index holds (`news_grams`): the search asks it this same expression. */
export const newsGrams = searchGrams(newsArticles.title, newsArticles.summary, newsArticles.bodyText);
/** What the articles' title and summary gram index holds (`news_head_grams`). */
export const newsHeadGrams = searchGrams(newsArticles.title, newsArticles.summary);

/**
 * Published articles whose publish time has come. `split` ranks the articles whose title or
 * summary holds the keyword apart from those holding it in the body alone (`headGrams`); the
 * tests compare it with the ranking in one part (`split` false), which must give the same.
 */
export function newsSearch(clock: Clock = systemClock, split = true): SearchProvider {
  return rankedSearch({
    kind: 'news',
    label: '资讯',
    order: 70,
    fields: [
      { text: newsArticles.title, weight: 3, short: true },
      { text: newsArticles.summary, weight: 1 },
      { text: newsArticles.bodyText, weight: 0.5 },
    ],
    visible: (now) => visibleNews(now),
    clock,
    grams: newsGrams,
    headGrams: split ? newsHeadGrams : undefined,
    ...oneTable(newsArticles),
    tieBreak: { column: newsArticles.publishAt, descending: true },
    hit: ({ row: a }, keyword) => ({
      id: a.id,
      title: a.title,
      summary: excerpt(a.summary, a.bodyText, keyword),
      url: `/news/detail?id=${a.id}`,
      image: a.cover,
      tags: [newsCategoryLabels[a.category]],
    }),
  });
}
