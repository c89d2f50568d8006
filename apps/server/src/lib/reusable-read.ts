import { sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

interface Preparable {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<unknown> };
}

type Executed<Q extends Preparable> = ReturnType<ReturnType<Q['prepare']>['execute']>;

let made = 0;

/**
 * A read of a fixed shape whose SQL drizzle builds once per database handle instead of on every
 * call. Building a select costs drizzle 0.1 to 0.4 ms of CPU each time (its `is()` checks walk
 * class chains for every chunk of the statement); a prepared query only fills in its values: a
 * person's bookings went from about 0.5 to 0.16 ms of CPU a call (docs/performance.md).
 *
 * `build` writes the query with `p.<name>` wherever a value goes (drizzle placeholders); the read
 * is then called with those values. Only for a statement whose text never changes: no optional
 * conditions, no list of values of varying length (build those per call, as before). A prepared
 * query belongs to the handle that made it, so one is kept for the root database (for as long as
 * it lives) and one for each transaction it is used in, which is no dearer than building it.
 */
export function reusableRead<P extends string, Q extends Preparable>(
  params: readonly P[],
  build: (tx: DbOrTx, p: Record<P, Placeholder<P>>) => Q,
): (tx: DbOrTx, values: Record<P, unknown>) => Executed<Q> {
  const name = `read_${++made}`;
  const placeholders = Object.fromEntries(params.map((k) => [k, sql.placeholder(k)])) as Record<
    P,
    Placeholder<P>
  >;
  const prepared = new WeakMap<DbOrTx, ReturnType<Q['prepare']>>();
  return (tx, values) => {
    let q = prepared.get(tx);
    if (!q) {
      q = build(tx, placeholders).prepare(name) as ReturnType<Q['prepare']>;
      prepared.set(tx, q);
    }
    return q.execute(values) as Executed<Q>;
  };
}
