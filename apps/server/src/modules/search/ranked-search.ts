import type { SearchKind } from '@psy/contracts';
import { and, desc, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CountSelect, RowsSelect } from '../../db/rows';
import { keywordFilter, rankedPage, relevance, type RankedField } from '../../lib/search-rank';
import type { ProvidedHit, SearchProvider } from './search.service';

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
  rows: (db: Db, score: SQL<number>) => RowsSelect<R>;
  count: (db: Db) => CountSelect;
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
