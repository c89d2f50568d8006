import type { SearchKind } from '@psy/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  sql,
  type InferSelectModel,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import {
  impliedField,
  impliedRelevance,
  isCaseless,
  isGramKeyword,
  keywordFilter,
  keywordSql,
  keywordValues,
  relevance,
  type RankedField,
} from '../../lib/search-rank';
import type { ProvidedHit, SearchProvider } from './search.service';

/** A statement built once (`.prepare`), run with its placeholders' values. */
interface Preparable<T> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<T> };
}

/** A provider's tables (with the joins its fields read) selecting `fields`, as a dynamic select. */
export type SearchFrom = (
  db: Db,
  fields: SelectedFields,
) => { where(where: SQL | undefined): SQLWrapper & Preparable<unknown[]> };

/** What `rows` adds to its selection: the ranking's score and count of the row's page. */
export interface RankFields {
  rankScore: SQL.Aliased<number>;
  rankTotal: SQL.Aliased<number>;
}

/** A select starter that has the ranking in scope (`db.with(ranked)`). */
export type RankedSelect = Pick<Db, 'select'>;

/** `rows` of a provider: a dynamic select the ranking is joined to, then ordered. */
export type RankedRows<R> = (
  q: RankedSelect,
  rank: RankFields,
) => { innerJoin(table: unknown, on: SQL): { orderBy(...by: SQL[]): Preparable<R[]> } };

/**
 * `key`, `from` and `rows` of a provider over one table with an `id`: `hit` gets each row as
 * `{ row }`.
 */
export function oneTable<T extends PgTable & { id: AnyPgColumn }>(table: T) {
  // (Drizzle cannot type a select over a table given as a type parameter: the plain table is
  // selected and the row's shape stated.)
  const plain: PgTable = table;
  const from: SearchFrom = (db, fields) => db.select(fields).from(plain).$dynamic();
  const rows: RankedRows<unknown> = (q, rank) =>
    q
      .select({ row: plain, ...rank })
      .from(plain)
      .$dynamic();
  return {
    key: table.id,
    from,
    rows: rows as RankedRows<{ row: InferSelectModel<T>; rankScore: number; rankTotal: number }>,
  };
}

/** `count` of a provider: its matching rows counted over fewer tables than `from`. */
export type SearchCount = (db: Db) => { where(where: SQL | undefined): Preparable<{ n: number }[]> };

/**
 * A search provider over one kind of row: the rows `visible` to the public (all when left out)
 * whose `fields` hold the keyword, most relevant first (`lib/search-rank.ts`), then by
 * `tieBreak`.
 *
 * A page is one statement. The ranking selects only each matching row's `key`, tie-break and
 * score from the provider's tables (`from`), counts them in the same scan (a window over those
 * narrow rows) and keeps the page's keys; the page's rows are then joined to it (`rows`, which
 * adds `RankFields` to what it selects), and `hit` turns each into what the results show, with
 * the score the ranking gave it. A common word matches thousands of rows (焦虑: 4,600 articles
 * at a million assessments): the page and the count used to scan them twice, in two statements,
 * the page carrying every whole article through its sort (issue 18: 16 + 10 ms of work, now
 * 15). A tab's figure without its rows is counted over `from`, or over `count` when the filter
 * needs fewer tables than the ranking.
 *
 * Each statement is built once per database and kind of keyword (with or without letters that
 * have a case), with placeholders for the keyword's forms, the time, and the page: a search the
 * catalogue cache does not answer then costs the server the statements' round trips, not the
 * building of eight rankings' SQL again (`keywordSql`). A keyword of one or two characters is
 * asked of the provider's gram index (`grams`), when it has one.
 */
export function rankedSearch<R extends { rankScore: number; rankTotal: number }>(spec: {
  kind: SearchKind;
  label: string;
  order: number;
  fields: RankedField[];
  /** The rows the public may see, at `now` (a placeholder, filled from `clock`). */
  visible?: (now: SQLWrapper) => SQL | undefined;
  /** What `now` is (the system clock unless given). */
  clock?: Clock;
  /** The row's key, which `hit` answers as its id. */
  key: AnyPgColumn;
  tieBreak: { column: AnyPgColumn; descending?: boolean };
  from: SearchFrom;
  /** The rows as `hit` takes them, over the same tables as `from`, with `rank`'s fields. */
  rows: RankedRows<R>;
  count?: SearchCount;
  /**
   * The gram index of every field without `holds` (`searchGrams`, over the same expressions as
   * the index's), which then answers the filter for a keyword of one or two characters.
   */
  grams?: SQL;
  /**
   * The gram index of every field but the implied one (`impliedField`: an article's title and
   * summary, not its body). Given, the ranking is worked out in two parts: the rows whose other
   * fields hold the keyword (found from this index, or their trigram indexes for a longer
   * keyword) scored in full, and the rest, which hold it in the implied field alone, scored from
   * that field (`impliedRelevance`) without asking the others again. 焦虑 is in 4,598 articles at
   * a million assessments, 4,597 of them in the body alone: searching each one's title and summary
   * for it was half of the articles' ranking (9.2 -> 4.6 ms in pgbench).
   */
  headGrams?: SQL;
  hit: (row: R, keyword: string) => Omit<ProvidedHit, 'score'>;
}): SearchProvider {
  const implied = impliedField(spec.fields);
  if (spec.headGrams && (implied < 0 || spec.fields[implied]!.holds))
    throw new Error(`search ${spec.kind}: headGrams needs a long field asked as it is`);
  const heads = spec.fields.filter((_, i) => i !== implied);
  const counter: SearchCount =
    spec.count ?? ((db) => spec.from(db, { n: count() }) as ReturnType<SearchCount>);
  const direction = spec.tieBreak.descending ? desc : asc;
  const clock = spec.clock ?? systemClock;
  const now = sql.placeholder('now');
  const filter = (kind: KeywordKind) => {
    const k = keywordSql(kind.caseless, kind.grams);
    return { k, where: and(spec.visible?.(now), keywordFilter(k, spec.fields, spec.grams)) };
  };

  /** How many rows match, without them. */
  const counting = (db: Db, kind: KeywordKind) =>
    counter(db).where(filter(kind).where).prepare(`search_count_${spec.kind}`);

  /** A page of rows, each with its score and the count of all that match. */
  const paging = (db: Db, kind: KeywordKind) => {
    const { k, where } = filter(kind);
    const scored = (score: SQL<number>) =>
      spec.from(db, {
        key: sql<number>`${spec.key}`.as('rank_key'),
        tie: sql`${spec.tieBreak.column}`.as('rank_tie'),
        score: sql<number>`${score}`.as('rank_score'),
      });
    // The rows whose fields other than the implied one hold the keyword, then the others: no row
    // is in both (`not in` the first part, a hash of its few keys).
    const ranking = spec.headGrams
      ? sql`with head as (${scored(relevance(k, spec.fields)).where(
          and(spec.visible?.(now), keywordFilter(k, heads, spec.headGrams)),
        )})
          select rank_key, rank_tie, rank_score from head
          union all ${scored(impliedRelevance(k, spec.fields)).where(
            and(where, sql`${spec.key} not in (select rank_key from head)`),
          )}`
      : scored(relevance(k, spec.fields)).where(where);
    // OFFSET 0 keeps the ranking a subquery of its own: merged into the outer query, its score
    // would be worked out above the window, which would then hold every matching row whole.
    const ranked = db
      .$with('ranked', {
        key: sql<number>`rank_key`.as('rank_key'),
        score: sql<number>`rank_score`.mapWith(Number).as('rank_score'),
        total: sql<number>`rank_total`.mapWith(Number).as('rank_total'),
      })
      .as(
        sql`select rank_key, rank_score, count(*) over ()::int as rank_total
            from (${ranking} offset 0) matching
            order by rank_score desc, rank_tie ${sql.raw(spec.tieBreak.descending ? 'desc' : 'asc')}, rank_key
            limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
      );
    return spec
      .rows(db.with(ranked), { rankScore: ranked.score, rankTotal: ranked.total })
      .innerJoin(ranked, eq(spec.key, ranked.key))
      .orderBy(desc(ranked.score), direction(spec.tieBreak.column), asc(spec.key))
      .prepare(`search_${spec.kind}`);
  };

  const counts = prepared(counting);
  const pages = prepared(paging);
  return {
    kind: spec.kind,
    label: spec.label,
    order: spec.order,
    async search(db, keyword, { limit, offset }) {
      const kind = {
        caseless: isCaseless(keyword),
        grams: spec.grams !== undefined && isGramKeyword(keyword),
      };
      const values = { ...keywordValues(keyword), now: clock().toISOString(), limit, offset };
      const counted = async () => (await counts(db, kind).execute(values))[0]?.n ?? 0;
      if (limit <= 0) return { total: await counted(), items: [] };
      const rows = await pages(db, kind).execute(values);
      // Past the last page no row carries the count.
      if (rows.length === 0) return { total: offset > 0 ? await counted() : 0, items: [] };
      const items = rows.map((r) => ({ ...spec.hit(r, keyword), score: Number(r.rankScore) }));
      return { total: Number(rows[0]!.rankTotal), items };
    },
  };
}

/** What a statement depends on of a keyword: its letters' case, and its length (`isGramKeyword`). */
interface KeywordKind {
  caseless: boolean;
  grams: boolean;
}

/** `make(db, kind)` once per database and kind of keyword, kept while the database is. */
function prepared<T>(make: (db: Db, kind: KeywordKind) => T): (db: Db, kind: KeywordKind) => T {
  const made = new WeakMap<Db, (T | undefined)[]>();
  return (db, kind) => {
    let each = made.get(db);
    if (!each) made.set(db, (each = []));
    const i = (kind.caseless ? 0 : 1) + (kind.grams ? 2 : 0);
    return (each[i] ??= make(db, kind));
  };
}
