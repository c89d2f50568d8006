import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { DatabaseKind } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
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
  /** LISTEN on a channel; NOTIFY reaches it (with its payload) when the notifying transaction commits. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const pgliteExtensions = { btree_gist, pg_trgm };

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory, 'memory://' for an in-memory database. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests load a migrated template this way). */
  loadDataDir?: Blob | File;
  /** Connections in the PostgreSQL pool. */
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
      // Times travel as ISO strings with offset; keep timestamptz as JS Dates.
    });
    const db = drizzlePostgres(client, { schema, casing: 'snake_case' }) as unknown as Db;
    await db.execute(sql`select 1`);
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      async listen(channel, onNotify) {
        const { unlisten } = await client.listen(channel, (payload) => onNotify(payload));
        return unlisten;
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
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
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}
