import type { SQL } from 'drizzle-orm';
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
