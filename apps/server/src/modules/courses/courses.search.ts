import { asc, count, eq } from 'drizzle-orm';
import { UPLOAD_PATH } from '@psy/contracts';
import { rankedSearch } from '../search';
import { users } from '../users';
import { excerpt } from '../../lib/search-rank';
import { isPublic } from './courses.repository';
import { courses } from './courses.table';

/** Public courses by title, the expert's name or introduction, most relevant first. */
export const courseSearch = rankedSearch({
  kind: 'course',
  label: '课程',
  order: 40,
  fields: [
    { text: courses.title, weight: 3, short: true },
    { text: users.name, weight: 2, short: true },
    { text: courses.intro, weight: 1 },
  ],
  visible: () => isPublic,
  rows: (db, score) =>
    db
      .select({ c: courses, expertName: users.name, score })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.expertId))
      .$dynamic(),
  count: (db) =>
    db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.expertId)).$dynamic(),
  tieBreak: asc(courses.id),
  hit: ({ c, expertName, score }, keyword) => ({
    id: c.id,
    title: c.title,
    summary: excerpt('', c.intro, keyword),
    url: `/course/detail?id=${c.id}`,
    image: c.cover ? `${UPLOAD_PATH}${c.cover}` : null,
    tags: [c.category, expertName],
    score,
  }),
});
