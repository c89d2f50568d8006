import { and, count, eq, ilike, or } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { likeEscape } from '../../lib/sql';
import { plans } from './plans.table';

export const planSearch: SearchProvider = {
  kind: 'plan',
  label: '测评方案',
  order: 20,
  async search(db, keyword, limit) {
    const k = `%${likeEscape(keyword)}%`;
    const where = and(eq(plans.published, true), or(ilike(plans.title, k), ilike(plans.intro, k)));
    const [rows, [total]] = await Promise.all([
      db.select().from(plans).where(where).orderBy(plans.id).limit(limit),
      db.select({ n: count() }).from(plans).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((p) => ({
        id: p.id,
        title: p.title,
        summary: p.intro,
        url: `/combit/guading?id=${p.id}`,
        image: null,
        tags: ['测评方案'],
      })),
    };
  },
};
