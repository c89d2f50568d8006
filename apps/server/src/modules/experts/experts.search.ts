import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import { institutions } from '../institutions';
import { users } from '../users';
import { expertProfiles } from './experts.table';

const fields: RankedField[] = [
  { text: users.name, weight: 3 },
  { text: sql`${expertProfiles.specialties}::text`, weight: 2 },
  { text: expertProfiles.title, weight: 1 },
  { text: institutions.name, weight: 1 },
  { text: expertProfiles.introduction, weight: 0.5 },
];

/** Active experts with a public profile: by name, specialty, title, institution or introduction. */
export const expertSearch: SearchProvider = {
  kind: 'expert',
  label: '专家',
  order: 50,
  async search(db, keyword, { limit, offset }) {
    const where = and(eq(users.role, 'expert'), eq(users.status, 'active'), keywordFilter(keyword, fields));
    const score = relevance(keyword, fields);
    const from = () =>
      db
        .select({
          id: users.id,
          name: users.name,
          avatar: users.avatar,
          title: expertProfiles.title,
          specialties: expertProfiles.specialties,
          institution: institutions.name,
          score,
        })
        .from(expertProfiles)
        .innerJoin(users, eq(users.id, expertProfiles.userId))
        .leftJoin(institutions, eq(institutions.id, users.institutionId));
    const { rows, total } = await rankedPage(
      limit,
      () => from().where(where).orderBy(desc(score), users.id).limit(limit).offset(offset),
      () =>
        db
          .select({ n: count() })
          .from(expertProfiles)
          .innerJoin(users, eq(users.id, expertProfiles.userId))
          .leftJoin(institutions, eq(institutions.id, users.institutionId))
          .where(where),
    );
    return {
      total,
      items: rows.map((r) => ({
        id: r.id,
        title: r.name,
        summary: [r.title, r.institution, r.specialties.length ? `擅长${r.specialties.join('、')}` : null]
          .filter(Boolean)
          .join(' · '),
        url: `/experts/detail?id=${r.id}`,
        image: r.avatar,
        tags: r.specialties.slice(0, 3),
        score: r.score,
      })),
    };
  },
};
