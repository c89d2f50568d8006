import { and, count, desc, eq } from 'drizzle-orm';
import { UPLOAD_PATH } from '@psy/contracts';
import type { SearchProvider } from '../search';
import { users } from '../users';
import { excerpt, keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { isPublic } from './courses.repository';
import { courses } from './courses.table';

const fields: RankedField[] = [
  { text: courses.title, weight: 3 },
  { text: users.name, weight: 2 },
  { text: courses.intro, weight: 1 },
];

/** Public courses by title, the expert's name or introduction, most relevant first. */
export const courseSearch: SearchProvider = {
  kind: 'course',
  label: '课程',
  order: 40,
  async search(db, keyword, { limit, offset }) {
    const where = and(isPublic, keywordFilter(keyword, fields));
    const score = relevance(keyword, fields);
    const { rows, total } = await rankedPage(
      limit,
      () =>
        db
          .select({ c: courses, expertName: users.name, score })
          .from(courses)
          .innerJoin(users, eq(users.id, courses.expertId))
          .where(where)
          .orderBy(desc(score), courses.id)
          .limit(limit)
          .offset(offset),
      () =>
        db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.expertId)).where(where),
    );
    return {
      total,
      items: rows.map(({ c, expertName, score }) => ({
        id: c.id,
        title: c.title,
        summary: excerpt('', c.intro, keyword),
        url: `/course/detail?id=${c.id}`,
        image: c.cover ? `${UPLOAD_PATH}${c.cover}` : null,
        tags: [c.category, expertName],
        score,
      })),
    };
  },
};
