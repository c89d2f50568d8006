import { count, desc } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { institutions } from './institutions.table';

const fields: RankedField[] = [
  { text: institutions.name, weight: 3 },
  { text: institutions.city, weight: 1 },
  { text: institutions.intro, weight: 1 },
];

export const institutionSearch: SearchProvider = {
  kind: 'institution',
  label: '机构',
  order: 60,
  async search(db, keyword, { limit, offset }) {
    const where = keywordFilter(keyword, fields);
    const score = relevance(keyword, fields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ i: institutions, score })
          .from(institutions)
          .where(where)
          .orderBy(desc(score), institutions.id)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(institutions).where(where),
    );
    return {
      total,
      items: rows.map(({ i, score }) => ({
        id: i.id,
        title: i.name,
        summary: i.intro,
        url: `/department/detail?id=${i.id}`,
        image: i.logo,
        tags: [i.city],
        score,
      })),
    };
  },
};
