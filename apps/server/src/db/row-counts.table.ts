import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * How many rows of a table hold each key (a table's trigger says what the key is: `status`,
 * `status/kind`), kept by statement triggers calling `row_counts_add` (migration 0032) in the
 * writing transaction: the whole platform's counts of a list without counting every row. Never
 * written by the application; read with `rowCountsOf` (`row-counts.ts`). A table starts being counted with
 * `row_counts_track(table, key)` in a migration.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tableName: text().notNull(),
    key: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.key] })],
);
