import { count, ilike, or } from 'drizzle-orm';
import { likeEscape } from '../users/users.service';
import type { SearchProvider } from '../search/search.service';
import { institutions } from './institutions.table';

export const institutionSearch: SearchProvider = {
  kind: 'institution',
  label: '机构',
  order: 60,
  async search(db, keyword, limit) {
    const k = `%${likeEscape(keyword)}%`;
    const where = or(ilike(institutions.name, k), ilike(institutions.city, k), ilike(institutions.intro, k));
    const [rows, [total]] = await Promise.all([
      db.select().from(institutions).where(where).orderBy(institutions.id).limit(limit),
      db.select({ n: count() }).from(institutions).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((r) => ({
        id: r.id,
        title: r.name,
        summary: r.intro,
        url: `/department/detail?id=${r.id}`,
        image: r.logo,
        tags: [r.city],
      })),
    };
  },
};
