import { and, eq, sql } from 'drizzle-orm';
import { rankedSearch, type SearchFrom } from '../search';
import { institutions } from '../institutions';
import { users } from '../users';
import { matchFields } from './experts.repository';
import { expertProfiles } from './experts.table';

/** An expert's profile with its account and institution. */
const expertTables: SearchFrom = (db, fields) =>
  db
    .select(fields)
    .from(expertProfiles)
    .innerJoin(users, eq(users.id, expertProfiles.userId))
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .$dynamic();

/** Active experts with a public profile: by name, specialty, title, institution or introduction. */
export const expertSearch = rankedSearch({
  kind: 'expert',
  label: '专家',
  order: 50,
  fields: [
    { text: users.name, weight: 3, short: true },
    { text: sql`${expertProfiles.specialties}::text`, weight: 2, short: true },
    { text: expertProfiles.title, weight: 1, short: true },
    { text: institutions.name, weight: 1, short: true },
    { text: expertProfiles.introduction, weight: 0.5 },
  ],
  visible: () => and(eq(users.role, 'expert'), eq(users.status, 'active')),
  key: users.id,
  tieBreak: { column: users.id },
  from: expertTables,
  rows: (q, rank) =>
    q
      .select({ ...matchFields, ...rank })
      .from(expertProfiles)
      .innerJoin(users, eq(users.id, expertProfiles.userId))
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .$dynamic(),
  hit: (r) => ({
    id: r.id,
    title: r.name,
    summary: [r.title, r.institution, r.specialties.length ? `擅长${r.specialties.join('、')}` : null]
      .filter(Boolean)
      .join(' · '),
    url: `/experts/detail?id=${r.id}`,
    image: r.avatar,
    tags: r.specialties.slice(0, 3),
  }),
});
