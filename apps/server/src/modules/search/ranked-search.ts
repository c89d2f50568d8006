import type { SearchKind } from '@psy/contracts';
import { and, desc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import type { ProvidedHit, SearchProvider } from './search.service';

/** A dynamic select (`.$dynamic()`) of a provider's rows, before its where, order and page. */
interface RowsQuery<R> {
  where(where: SQL | undefined): {
    orderBy(...by: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
  };
}

/** A dynamic `select({ n: count() })` over the same tables, before its where. */
interface CountQuery {
  where(where: SQL | undefined): PromiseLike<{ n: number }[]>;
}

/**
 * A search provider over one kind of row: the rows `visible` to the public (all when left out)
 * whose `fields` hold the keyword, most relevant first (`lib/search-rank.ts`), then by
 * `tieBreak`; `rows` selects a hit's fields (with the `score` it is given) from the provider's
 * tables, `count` counts over the same tables, and `hit` turns a row into what the results show.
 */
export function rankedSearch<R>(spec: {
  kind: SearchKind;
  label: string;
  order: number;
  fields: RankedField[];
  visible?: () => SQL | undefined;
  rows: (db: Db, score: SQL<number>) => RowsQuery<R>;
  count: (db: Db) => CountQuery;
  tieBreak: SQL;
  hit: (row: R, keyword: string) => ProvidedHit;
}): SearchProvider {
  return {
    kind: spec.kind,
    label: spec.label,
    order: spec.order,
    async search(db, keyword, { limit, offset }) {
      const where = and(spec.visible?.(), keywordFilter(keyword, spec.fields));
      const score = relevance(keyword, spec.fields);
      const { rows, total } = await rankedPage(
        limit,
        async () =>
          spec.rows(db, score).where(where).orderBy(desc(score), spec.tieBreak).limit(limit).offset(offset),
        async () => spec.count(db).where(where),
      );
      return { total, items: rows.map((r) => spec.hit(r, keyword)) };
    },
  };
}
