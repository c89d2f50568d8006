import type { SearchProvider } from '../search';
import { usersRepository } from './users.repository';

/** Experts by name or by their institution's name (the experts domain adds profiles later). */
export const expertSearch: SearchProvider = {
  kind: 'expert',
  label: '专家',
  order: 40,
  async search(db, keyword, limit) {
    const { rows, total } = await usersRepository.searchExperts(db, keyword, limit);
    return {
      total,
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
