import { and, count, desc } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { isPublic } from './scales.repository';
import { scales } from './scales.table';

const fields: RankedField[] = [
  { text: scales.name, weight: 3 },
  { text: scales.shortName, weight: 2 },
  { text: scales.category, weight: 1 },
  { text: scales.intro, weight: 1 },
];

/** Published scales that are online. */
export const scaleSearch: SearchProvider = {
  kind: 'scale',
  label: '量表',
  order: 10,
  async search(db, keyword, { limit, offset }) {
    const where = and(isPublic, keywordFilter(keyword, fields));
    const score = relevance(keyword, fields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ s: scales, score })
          .from(scales)
          .where(where)
          .orderBy(desc(score), scales.id)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(scales).where(where),
    );
    return {
      total,
      items: rows.map(({ s, score }) => ({
        id: s.id,
        title: s.name,
        summary: s.intro,
        url: `/test/detail?id=${s.id}`,
        image: null,
        tags: [s.shortName, s.category],
        score,
      })),
    };
  },
};
