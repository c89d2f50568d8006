import {
  SEARCH_DEPTH_MAX,
  type SearchCount,
  type SearchHit,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
} from '@psy/contracts';
import type { Db } from '../../db/client';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { AppError } from '../../lib/errors';

/** A hit as a provider finds it; the service adds the kind. */
export type ProvidedHit = Omit<SearchHit, 'kind'>;

/**
 * One kind of searchable thing. Each domain registers its own provider, which searches only
 * what the public may see (published, online), most relevant first (`lib/search-rank.ts`).
 */
export interface SearchProvider {
  kind: SearchKind;
  label: string;
  /** Lower comes first among the tabs. */
  order: number;
  search(
    db: Db,
    keyword: string,
    page: { limit: number; offset: number },
  ): Promise<{ total: number; items: ProvidedHit[] }>;
}

/** Offered when nothing matched: words that find something on this platform. */
export const SEARCH_SUGGESTIONS = ['焦虑', '抑郁', '睡眠', '压力', '人际关系', '亲子'];

export interface SearchServiceDeps {
  db: Db;
  /**
   * Answers are held in memory between the writes that change any catalogue (topic `search`,
   * dropped by every other topic's notice): a common word (焦虑) matches nearly every article
   * and post, and ranking them all is the slowest read of the public site.
   */
  catalogue?: Pick<CatalogueCache, 'get'>;
}

export function createSearchService({ db, catalogue }: SearchServiceDeps) {
  const providers: SearchProvider[] = [];

  return {
    register(provider: SearchProvider) {
      if (providers.some((p) => p.kind === provider.kind))
        throw new Error(`search kind ${provider.kind} registered twice`);
      providers.push(provider);
      providers.sort((a, b) => a.order - b.order);
    },

    /**
     * Counts per kind (the tabs) and one page of hits: of one kind, or of every kind merged by
     * relevance. The merged page reads each kind up to pageNum × pageSize (at most
     * `SEARCH_DEPTH_MAX`) and takes the best.
     */
    async search(q: SearchQuery): Promise<SearchResult> {
      const { kind, pageNum, pageSize } = q;
      const offset = (pageNum - 1) * pageSize;
      if (!kind && offset + pageSize > SEARCH_DEPTH_MAX)
        throw new AppError('BAD_REQUEST', `全部结果最多显示前${SEARCH_DEPTH_MAX}条，请按类别查看更多`);
      if (kind && !providers.some((p) => p.kind === kind))
        throw new AppError('BAD_REQUEST', '搜索类别不正确');
      const key = JSON.stringify([q.code, kind ?? null, pageNum, pageSize]);
      return catalogue ? catalogue.get('search', key, () => find(q)) : find(q);
    },
  };

  async function find(q: SearchQuery): Promise<SearchResult> {
    const { code: keyword, kind, pageNum, pageSize } = q;
    const offset = (pageNum - 1) * pageSize;
    const results = await Promise.all(
      providers.map((p) => {
        if (!kind) return p.search(db, keyword, { limit: offset + pageSize, offset: 0 });
        return p.search(db, keyword, p.kind === kind ? { limit: pageSize, offset } : { limit: 0, offset: 0 });
      }),
    );
    const counts: SearchCount[] = providers.map((p, i) => ({
      kind: p.kind,
      label: p.label,
      total: results[i]!.total,
    }));
    const hits = providers.flatMap((p, i) => results[i]!.items.map((h) => ({ ...h, kind: p.kind })));
    let list: SearchHit[];
    let total: number;
    if (kind) {
      list = hits;
      total = counts.find((c) => c.kind === kind)!.total;
    } else {
      // Stable: equal scores keep the tabs' order.
      list = hits.sort((a, b) => b.score - a.score).slice(offset, offset + pageSize);
      total = counts.reduce((n, c) => n + c.total, 0);
    }
    const all = counts.reduce((n, c) => n + c.total, 0);
    return {
      keyword,
      kind: kind ?? null,
      counts,
      list,
      total,
      pageNum,
      pageSize,
      suggestions: all === 0 ? SEARCH_SUGGESTIONS.filter((s) => s !== keyword) : [],
    };
  }
}
export type SearchService = ReturnType<typeof createSearchService>;
