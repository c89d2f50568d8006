import { and, count, ilike, or } from 'drizzle-orm';
import type { SearchProvider } from '../search';
import { likeEscape } from '../../lib/sql';
import { isPublic } from './scales.repository';
import { scales } from './scales.table';

export const scaleSearch: SearchProvider = {
  kind: 'scale',
  label: '量表',
  order: 10,
  async search(db, keyword, limit) {
    const k = `%${likeEscape(keyword)}%`;
    const where = and(
      isPublic,
      or(
        ilike(scales.name, k),
        ilike(scales.shortName, k),
        ilike(scales.intro, k),
        ilike(scales.category, k),
      ),
    );
    const [rows, [total]] = await Promise.all([
      db.select().from(scales).where(where).orderBy(scales.id).limit(limit),
      db.select({ n: count() }).from(scales).where(where),
    ]);
    return {
      total: total?.n ?? 0,
      items: rows.map((s) => ({
        id: s.id,
        title: s.name,
        summary: s.intro,
        url: `/test/detail?id=${s.id}`,
        image: null,
        tags: [s.shortName, s.category],
      })),
    };
  },
};
