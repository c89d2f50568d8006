import { eq } from 'drizzle-orm';
import { reusableRead } from '../lib/reusable-read';
import type { DbOrTx } from './client';
import { rowCounts } from './row-counts.table';

const rowCountsRead = reusableRead(['table'], (tx, p) =>
  tx.select().from(rowCounts).where(eq(rowCounts.tableName, p.table)),
);

/** The kept counts of `table`'s rows by key (a key no row holds may be missing, or 0). */
export async function rowCountsOf(tx: DbOrTx, table: string): Promise<Map<string, number>> {
  const rows = await rowCountsRead(tx, { table });
  return new Map(rows.map((r) => [r.key, r.n]));
}

/**
 * How many of `table`'s rows have a key `keep` accepts (given the key split at `/`: the parts
 * the table's trigger joins), from the kept counts: a filtered total without counting rows.
 */
export async function keptTotal(
  tx: DbOrTx,
  table: string,
  keep: (parts: string[]) => boolean,
): Promise<number> {
  let total = 0;
  for (const [key, n] of await rowCountsOf(tx, table)) if (keep(key.split('/'))) total += n;
  return total;
}
