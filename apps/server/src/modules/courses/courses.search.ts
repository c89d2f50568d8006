import { eq } from 'drizzle-orm';
import { UPLOAD_PATH } from '@psy/contracts';
import { rankedSearch, type SearchFrom } from '../search';
import { users } from '../users';
import { excerpt } from '../../lib/search-rank';
import { isPublic } from './courses.repository';
import { courses } from './courses.table';

/** A course with its expert. */
const courseTables: SearchFrom = (db, fields) =>
  db.select(fields).from(courses).innerJoin(users, eq(users.id, courses.expertId)).$dynamic();

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
  key: courses.id,
  tieBreak: { column: courses.id },
  from: courseTables,
  rows: (q, rank) =>
    q
      .select({ c: courses, expertName: users.name, ...rank })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.expertId))
      .$dynamic(),
  hit: ({ c, expertName }, keyword) => ({
    id: c.id,
    title: c.title,
    summary: excerpt('', c.intro, keyword),
    url: `/course/detail?id=${c.id}`,
    image: c.cover ? `${UPLOAD_PATH}${c.cover}` : null,
    tags: [c.category, expertName],
  }),
});
