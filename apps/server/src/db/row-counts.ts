import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { rowCounts } from './row-counts.table';

/** The kept counts of `table`'s rows by key (a key no row holds may be missing, or 0). */
export async function rowCountsOf(tx: DbOrTx, table: string): Promise<Map<string, number>> {
  const rows = await tx.select().from(rowCounts).where(eq(rowCounts.tableName, table));
  return new Map(rows.map((r) => [r.key, r.n]));
}
