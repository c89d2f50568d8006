import type { SearchGroup, SearchHit, SearchKind, SearchResult } from '@psy/contracts';
import type { Db } from '../../db/client';

/** One kind of searchable thing. Each domain registers its own provider. */
export interface SearchProvider {
  kind: SearchKind;
  label: string;
  /** Lower comes first on the results page. */
  order: number;
  search(db: Db, keyword: string, limit: number): Promise<{ total: number; items: SearchHit[] }>;
}

export function createSearchService({ db }: { db: Db }) {
  const providers: SearchProvider[] = [];
  return {
    register(provider: SearchProvider) {
      providers.push(provider);
      providers.sort((a, b) => a.order - b.order);
    },
    /** Every provider searched at once; groups with no hit are left out. */
    async search(keyword: string, limit: number): Promise<SearchResult> {
      const groups: SearchGroup[] = [];
      const results = await Promise.all(providers.map((p) => p.search(db, keyword, limit)));
      providers.forEach((p, i) => {
        const r = results[i]!;
        if (r.total > 0) groups.push({ kind: p.kind, label: p.label, total: r.total, items: r.items });
      });
      return { keyword, groups };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
