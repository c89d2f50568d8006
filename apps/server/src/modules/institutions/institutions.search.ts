import type { SearchProvider } from '../search';
import { institutionsRepository } from './institutions.repository';

export const institutionSearch: SearchProvider = {
  kind: 'institution',
  label: '机构',
  order: 60,
  async search(db, keyword, limit) {
    const { rows, total } = await institutionsRepository.search(db, keyword, limit);
    return {
      total,
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
