import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database, Db, OpenOptions } from './client';
import { createPgListener } from './listener';
import * as schema from './schema';

/** Distinct query texts kept as named statements on each connection (the rest run unnamed). */
export const PREPARED_STATEMENTS_MAX = 1000;

type Sql = postgres.Sql;

/**
 * The PostgreSQL client with Drizzle's parameterised queries run as named statements.
 *
 * Drizzle asks postgres-js for an unnamed statement unless a query is `.prepare()`d by name,
 * and postgres-js sends an unnamed query with parameters in two round trips (parse and
 * describe, then bind and execute) and PostgreSQL parses it every time. A named statement is
 * parsed and described once per connection and then costs one round trip (still planned per
 * call with its parameters: `plan_cache_mode` in `openDatabase`).
 * Connections hold at most `max` texts (the first ones seen: the app's
 * queries are a fixed set, but a list of ids makes one text per length); the rest stay
 * unnamed. Transactions and savepoints get the same treatment.
 */
export function withPreparedStatements(
  client: Sql,
  max = PREPARED_STATEMENTS_MAX,
  texts = new Set<string>(),
): Sql {
  const named = (text: string) => {
    if (texts.has(text)) return true;
    if (texts.size >= max) return false;
    texts.add(text);
    return true;
  };
  const scoped =
    (method: 'begin' | 'savepoint') =>
    (...args: unknown[]) => {
      const body = args.pop() as (tx: Sql) => unknown;
      const run = (client as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
      return run(...args, (tx: Sql) => body(withPreparedStatements(tx, max, texts)));
    };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe')
        return (text: string, params: unknown[] = [], options: Record<string, unknown> = {}) =>
          target.unsafe(text, params as never, {
            ...options,
            prepare: params.length > 0 && named(text),
          });
      if (key === 'begin' || key === 'savepoint') return scoped(key);
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/** Opens the PostgreSQL pool and its listening connection (`openDatabase` with a URL). */
export async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const client = postgres(url, {
    max: opts.poolSize ?? 10,
    onnotice: () => {},
    // Named statements are planned per call, as unnamed ones are: a generic plan knows no
    // parameter, and for a keyword search it chose the trigram indexes whatever the keyword
    // (a one-character one matches every row of them: 14 -> 500 ms at a million assessments).
    connection: { plan_cache_mode: 'force_custom_plan' },
  });
  const db = drizzlePostgres(opts.preparedStatements === false ? client : withPreparedStatements(client), {
    schema,
    casing: 'snake_case',
  }) as unknown as Db;
  const [version] = await client<{ server_version_num: string }[]>`show server_version_num`;
  // Older servers send waiting notices only between transactions of their own: no barrier.
  const listener = createPgListener(url, {
    barrier: Number(version?.server_version_num) >= 140000,
  });
  return {
    db,
    kind: 'postgres',
    url,
    listen: (channel, onNotify, onListening) => listener.listen(channel, onNotify, onListening),
    barrier: () => listener.barrier(),
    close: async () => {
      await listener.close();
      await client.end({ timeout: 5 });
    },
  };
}
