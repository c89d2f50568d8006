import { count, eq, type ColumnBaseConfig, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgTableWithColumns } from 'drizzle-orm/pg-core';
import { reusableRead } from '../lib/reusable-read';
import type { DbOrTx } from './client';

/**
 * The rows of a raw `execute`: postgres-js answers an array, PGlite an object with `rows`.
 * Repositories call this so no service ever sees which driver runs.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] } | null)?.rows ?? []) as T[];
}

/** Runs raw SQL and answers its rows, whichever driver runs. */
export async function executeRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Page `p` of a list and the count of all its rows, run together: `rows` gets the LIMIT and
 * OFFSET for the page, `total` is the matching `select({ n: count() })`.
 */
export async function pageWithTotal<R>(
  p: { pageNum: number; pageSize: number },
  rows: (limit: number, offset: number) => PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [list, [counted]] = await Promise.all([rows(p.pageSize, (p.pageNum - 1) * p.pageSize), total]);
  return { rows: list, total: Number(counted?.n ?? 0) };
}

/** A dynamic select (`.$dynamic()`) of a list's rows: its fields, tables and joins. */
export interface RowsSelect<R> {
  where(where: SQL | undefined): {
    orderBy(...by: SQL[]): { limit(n: number): { offset(n: number): PromiseLike<R[]> } };
  };
}

/** A dynamic `select({ n: count() })` over the tables a list's filter needs. */
export interface CountSelect {
  where(where: SQL | undefined): PromiseLike<{ n: number }[]>;
}

/** A total already known (kept by the writes, or counted by state anyway), for `pageWhere`. */
export const knownCount = (total: PromiseLike<number>): CountSelect => ({
  where: () => Promise.resolve(total).then((n) => [{ n }]),
});

/** `select count(*) from table` as a dynamic select, for `pageWhere`. */
export const countFrom = (tx: DbOrTx, table: PgTable): CountSelect =>
  tx.select({ n: count() }).from(table).$dynamic();

/**
 * Page `p` of the `rows` matching `where` in the order `by`, and how many match (`counted`
 * over the same filter), run together.
 */
export function pageWhere<R>(
  p: { pageNum: number; pageSize: number },
  where: SQL | undefined,
  by: SQL[],
  rows: RowsSelect<R>,
  counted: CountSelect,
): Promise<{ rows: R[]; total: number }> {
  return pageWithTotal(
    p,
    (limit, offset) =>
      rows
        .where(where)
        .orderBy(...by)
        .limit(limit)
        .offset(offset),
    counted.where(where),
  );
}

/** The first `limit` rows of a list and the count of all its rows, run together (a page one). */
export function firstWithTotal<R>(
  limit: number,
  rows: (limit: number) => PromiseLike<R[]>,
  total: PromiseLike<{ n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  return pageWithTotal({ pageNum: 1, pageSize: limit }, rows, total);
}

/** How many rows of `table` matching `where` hold each value of `column`. */
export async function countsBy<C extends PgColumn>(
  tx: DbOrTx,
  table: PgTable,
  column: C,
  where: SQL | undefined,
): Promise<Map<C['_']['data'], number>> {
  const rows = await tx.select({ key: column, n: count() }).from(table).where(where).groupBy(column);
  return new Map(rows.map((r) => [r.key as C['_']['data'], Number(r.n)]));
}

/** One row by its `id`, without a lock: a read built once (`reusableRead`). */
export function rowByIdRead<T extends PgTable & { id: PgColumn }>(table: T) {
  const t = table as unknown as AnyIdTable;
  const read = reusableRead(['id'], (tx, p) => tx.select().from(t).where(eq(t.id, p.id)));
  return async (tx: DbOrTx, id: number): Promise<T['$inferSelect'] | undefined> =>
    (await read(tx, { id }))[0] as T['$inferSelect'] | undefined;
}

/**
 * The three queries every table with an identity `id` needs, for a repository to spread in:
 * `insert` (answers the new row), `byId` (optionally `FOR UPDATE`, in the caller's
 * transaction) and `update` (a partial set by id).
 */
export function rowsById<T extends PgTable & { id: PgColumn }>(table: T) {
  type Row = T['$inferSelect'];
  type Values = T['$inferInsert'];
  const t = table as unknown as AnyIdTable;
  const unlocked = rowByIdRead(table);
  return {
    async insert(tx: DbOrTx, row: Values): Promise<Row> {
      const [r] = await tx
        .insert(t)
        .values(row as never)
        .returning();
      return r as Row;
    },
    async byId(tx: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<Row | undefined> {
      if (!opts.lock) return unlocked(tx, id);
      const [r] = await tx.select().from(t).where(eq(t.id, id)).for('update');
      return r as Row | undefined;
    },
    async update(tx: DbOrTx, id: number, set: Partial<Values>): Promise<void> {
      await tx
        .update(t)
        .set(set as never)
        .where(eq(t.id, id));
    },
  };
}
type AnyIdTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  dialect: 'pg';
  columns: { id: PgColumn<ColumnBaseConfig<'number', string>> } & Record<string, PgColumn>;
}>;
