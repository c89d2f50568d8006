import { and, count, eq, ilike, or } from 'drizzle-orm';
import { UPLOAD_PATH } from '@psy/contracts';
import type { SearchProvider } from '../search';
import { users } from '../users';
import { likeEscape } from '../../lib/sql';
import { isPublic } from './courses.repository';
import { courses } from './courses.table';

/** Public courses by title, introduction or the expert's name. */
export const courseSearch: SearchProvider = {
  kind: 'course',
  label: '课程',
  order: 20,
  async search(db, keyword, limit) {
    const k = `%${likeEscape(keyword)}%`;
    const where = and(isPublic, or(ilike(courses.title, k), ilike(courses.intro, k), ilike(users.name, k)));
    const [rows, [total]] = await Promise.all([
      db
        .select({ c: courses, expertName: users.name })
        .from(courses)
        .innerJoin(users, eq(users.id, courses.expertId))
        .where(where)
        .orderBy(courses.id)
        .limit(limit),
      db.select({ n: count() }).from(courses).innerJoin(users, eq(users.id, courses.expertId)).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map(({ c, expertName }) => ({
        id: c.id,
        title: c.title,
        summary: c.intro.slice(0, 120),
        url: `/course/detail?id=${c.id}`,
        image: c.cover ? `${UPLOAD_PATH}${c.cover}` : null,
        tags: [c.category, expertName],
      })),
    };
  },
};
