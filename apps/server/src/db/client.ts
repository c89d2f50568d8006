import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseKind } from '@psy/contracts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Listen } from '../lib/notices';
import { migrationsFolder } from './migrate';
import { copyPgliteTemplate, isFreshDataDir, pgliteTemplateDir } from './pglite-template';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The connection URL when kind is postgres. */
  url?: string;
  /** The PGlite instance when kind is pglite (tests use it to dump a template). */
  pglite?: PGlite;
  /** LISTEN on a channel; NOTIFY reaches it when the notifying transaction commits. */
  listen: Listen;
  /**
   * Resolves once the notices of every transaction committed before the call have been handed
   * to their listeners: at once on PGlite, which delivers them before the commit returns; one
   * shared round trip on the listening connection on PostgreSQL (db/listener.ts).
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

export const pgliteExtensions = { btree_gist, pg_trgm };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, 'memory://' for an in-memory database. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests load a migrated template this way). */
  loadDataDir?: Blob | File;
  /**
   * A fresh PGlite data directory starts as a copy of the migrated template when there is one
   * (`db/pglite-template.ts`; default true).
   */
  pgliteTemplate?: boolean;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
  /**
   * Named (prepared) statements on PostgreSQL (default true): off only behind a pooler that
   * hands a session's statements to other clients (PgBouncer in transaction mode).
   */
  preparedStatements?: boolean;
}

let nextTickWarmed: Promise<void> | undefined;
/**
 * Runs a burst of plain `process.nextTick` calls, once per process, before the first PGlite
 * opens. Opening PGlite with its extensions calls `nextTick` thousands of times in shapes an HTTP
 * server never uses; when that is where V8 first optimizes `nextTick`, the optimized code stays
 * about five times slower (340 against 70 ns a call) for the life of the process, and every
 * request pays it several times over: the PGlite server spent ~4 µs more CPU per cached answer
 * than the PostgreSQL one (docs/performance.md). 20,000 ticks, about 17 ms, get it optimized
 * first as the server uses it.
 */
function warmNextTick(ticks = 20_000): Promise<void> {
  nextTickWarmed ??= new Promise<void>((resolve) => {
    let left = ticks;
    const tick = () => (--left <= 0 ? resolve() : process.nextTick(tick));
    process.nextTick(tick);
  });
  return nextTickWarmed;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  // The PostgreSQL driver is loaded only for a PostgreSQL database (a PGlite start need not pay
  // for it).
  if (opts.databaseUrl) return (await import('./client-postgres')).openPostgres(opts.databaseUrl, opts);
  const dataDir = opts.dataDir ?? 'memory://';
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) fs.mkdirSync(dataDir, { recursive: true });
  const template =
    onDisk && !opts.loadDataDir && opts.pgliteTemplate !== false && isFreshDataDir(dataDir)
      ? pgliteTemplateDir(migrationsFolder)
      : null;
  const copied = template ? copyPgliteTemplate(template, dataDir) : false;
  await warmNextTick();
  const create = () =>
    PGlite.create(dataDir, {
      extensions: pgliteExtensions,
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    });
  let pglite: PGlite;
  try {
    pglite = await create();
  } catch (err) {
    if (!copied || !template) throw err;
    // A template this PGlite cannot open: take its files out again and initialise as before.
    for (const f of fs.readdirSync(template))
      fs.rmSync(path.join(dataDir, f), { recursive: true, force: true });
    pglite = await create();
  }
  const db = drizzlePglite(pglite, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async listen(channel, onNotify) {
      const off = await pglite.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!pglite.closed) await off();
      };
    },
    // In the same process and thread: a notice is delivered before its commit returns.
    barrier: () => Promise.resolve(),
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
