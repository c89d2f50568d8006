import { and, count, eq, ilike, or } from 'drizzle-orm';
import { institutions } from '../institutions/institutions.table';
import type { SearchProvider } from '../search/search.service';
import { likeEscape } from './users.service';
import { users } from './users.table';

/** Experts by name or by their institution's name (the experts domain adds profiles later). */
export const expertSearch: SearchProvider = {
  kind: 'expert',
  label: '专家',
  order: 40,
  async search(db, keyword, limit) {
    const k = `%${likeEscape(keyword)}%`;
    const where = and(eq(users.role, 'expert'), or(ilike(users.name, k), ilike(institutions.name, k)));
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: users.id, name: users.name, institution: institutions.name, avatar: users.avatar })
        .from(users)
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .where(where)
        .orderBy(users.id)
        .limit(limit),
      db
        .select({ n: count() })
        .from(users)
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .where(where),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        title: r.name,
        summary: r.institution ? `${r.institution} · 心理咨询师` : '心理咨询师',
        url: `/experts/detail?id=${r.id}`,
        image: r.avatar,
        tags: r.institution ? [r.institution] : [],
      })),
    };
  },
};
