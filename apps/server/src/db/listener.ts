import postgres from 'postgres';
import type { Listen } from '../lib/notices';

export interface Listener {
  listen: Listen;
  /**
   * Resolves once every notice of a transaction that committed before the call has reached its
   * subscribers; rejects while the connection is lost. Concurrent callers share round trips.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

interface Subscriber {
  onNotify: (payload: string) => void;
  onListening?: ((listening: boolean) => void) | undefined;
}

const RELISTEN_RETRY_MS = 1000;

/**
 * The one PostgreSQL connection that LISTENs for the server (postgres-js's own `listen` keeps its
 * connection to itself; this one also answers `barrier`).
 *
 * Why a round trip on it is a barrier: a committing transaction puts its notices in the queue
 * and signals the listening backends before its client hears that it committed, and a listening
 * backend that is idle after a query sends every notice waiting for it before it says it is
 * ready for the next one (PostgreSQL 14 and later). So when `select 1`, sent after a commit was
 * acknowledged, comes back, that commit's notices have arrived ahead of it on the same socket,
 * and postgres-js has handed them to `onnotify` in the order they came.
 * `test/personal-cache.int.test.ts` checks it against the real server.
 */
export function createPgListener(url: string, opts: { barrier: boolean } = { barrier: true }): Listener {
  const channels = new Map<string, Set<Subscriber>>();
  let healthy = true;
  let closing = false;
  let relistening = false;
  let retry: NodeJS.Timeout | undefined;

  const quote = (channel: string) => `"${channel.replace(/"/g, '""')}"`;
  const tell = (listening: boolean) => {
    for (const set of channels.values()) for (const s of set) s.onListening?.(listening);
  };

  // `onnotify` is the connection option postgres-js's own `listen` is built on (src/index.js);
  // its types leave it out. The barrier test fails if a release drops it.
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    prepare: false,
    onnotice: () => {},
    connection: { application_name: 'psy-listener' },
    onnotify: (channel: string, payload: string) => {
      for (const s of channels.get(channel) ?? []) s.onNotify(payload);
    },
    onclose: () => {
      if (closing || channels.size === 0) return;
      healthy = false;
      tell(false);
      void relisten();
    },
  };
  const conn = postgres(url, options as postgres.Options<Record<string, never>>);

  async function relisten(): Promise<void> {
    if (relistening || closing) return;
    relistening = true;
    try {
      for (const channel of channels.keys()) await conn.unsafe(`listen ${quote(channel)}`);
      relistening = false;
      if (closing) return;
      healthy = true;
      tell(true);
    } catch {
      relistening = false;
      if (!closing) {
        retry = setTimeout(() => void relisten(), RELISTEN_RETRY_MS);
        retry.unref();
      }
    }
  }

  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = (): Promise<void> => {
    if (!opts.barrier) return Promise.reject(new Error('this PostgreSQL is older than 14: no barrier'));
    if (!healthy) return Promise.reject(new Error('the listening connection is lost'));
    const trip: Promise<void> = conn`select 1`
      .then(() => {
        if (!healthy) throw new Error('the listening connection is lost');
      })
      .finally(() => {
        if (running === trip) running = null;
      });
    running = trip;
    return trip;
  };

  return {
    async listen(channel, onNotify, onListening) {
      const subscriber: Subscriber = { onNotify, onListening };
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        try {
          await conn.unsafe(`listen ${quote(channel)}`);
        } catch (err) {
          channels.delete(channel);
          throw err;
        }
      }
      set.add(subscriber);
      return async () => {
        const subs = channels.get(channel);
        if (!subs?.delete(subscriber) || subs.size > 0) return;
        channels.delete(channel);
        if (!closing) await conn.unsafe(`unlisten ${quote(channel)}`).catch(() => {});
      };
    },

    barrier() {
      // A round trip already on its way may have left before the caller's commit was
      // acknowledged: the caller waits for the next one, which every later caller shares.
      if (!running) return roundTrip();
      if (!queued) {
        queued = running
          .catch(() => {})
          .then(() => {
            queued = null;
            return running ?? roundTrip();
          });
      }
      return queued;
    },

    async close() {
      closing = true;
      clearTimeout(retry);
      await conn.end({ timeout: 5 });
    },
  };
}
