import { shareAnswer } from './catalogue-cache';

/**
 * A signed-in person's own lists (my bookings, an expert's bookings, my chats, my assessments)
 * held in memory between the writes that change them, so opening them again does not query the
 * database each time (docs/performance.md: one query per request gave these reads 0.02 to 0.05
 * of bare Fastify on PostgreSQL).
 *
 * Freshness comes from the database, as for the catalogue and the sessions: triggers on every
 * table these lists read (migration 0038_personal_notify) NOTIFY `psy_personal` with the ids of
 * the accounts a written row concerns (`*` for every account, after a change to a name or an
 * institution shown in others' lists) when the writing transaction commits, and every instance
 * forgets those accounts' answers. Unlike the catalogue, a person's own lists carry payment,
 * booking and report states, so an answer is never served stale on any instance: before it
 * reads memory, `get` waits for the database's barrier (db/listener.ts), after which every
 * notice of a transaction committed before the request has been heard. On PGlite that costs
 * nothing; on PostgreSQL it is one `select 1` on the listening connection, shared by every
 * request waiting at the same moment. A payment confirmed on one instance is therefore never
 * followed by a list that still says unpaid on another.
 *
 * A notice that comes while an answer is loading keeps that answer from being stored. The
 * time-to-live bounds only what no write announces: time passing (a deadline shown in a list).
 * Until `start` has its listener, while the listening connection is lost, and with a ttl of 0,
 * nothing is served from memory.
 */

/** The channel the triggers notify; the payload is account ids joined by commas, or `*`. */
export const PERSONAL_CHANNEL = 'psy_personal';

type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onListening?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

export interface PersonalCache {
  /** `userId`'s answer for `key`, from memory while no write concerning the account has committed. */
  get<T>(userId: number, key: string, load: () => Promise<T>): Promise<T>;
  /** Listens for the triggers' notices; caching starts once the listener is in place. */
  start(listen: Listen, barrier: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /** Answers held now (tests and the bench read it). */
  size(): number;
}

export interface PersonalCacheOptions {
  ttlMs: number;
  /** Answers held at most: the oldest goes first, so many people cannot grow it without bound. */
  maxEntries?: number;
  now?: () => number;
}

interface Loading {
  userId: number;
  /** Set by a notice naming the account: the answer is handed out but not kept. */
  stale: boolean;
  promise: Promise<unknown>;
}

export function createPersonalCache({
  ttlMs,
  maxEntries = 10_000,
  now = Date.now,
}: PersonalCacheOptions): PersonalCache {
  const entries = new Map<string, { userId: number; at: number; value: unknown }>();
  const byUser = new Map<number, Set<string>>();
  const loading = new Map<string, Loading>();
  let listening = false;
  let barrier: () => Promise<void> = () => Promise.resolve();
  let unlisten: (() => Promise<void>) | null = null;

  function drop(key: string) {
    const hit = entries.get(key);
    if (!hit) return;
    entries.delete(key);
    const keys = byUser.get(hit.userId);
    keys?.delete(key);
    if (keys && keys.size === 0) byUser.delete(hit.userId);
  }

  function forgetUser(userId: number) {
    for (const l of loading.values()) if (l.userId === userId) l.stale = true;
    for (const key of byUser.get(userId) ?? []) entries.delete(key);
    byUser.delete(userId);
  }

  function clear() {
    for (const l of loading.values()) l.stale = true;
    entries.clear();
    byUser.clear();
  }

  function store(key: string, userId: number, at: number, value: unknown) {
    drop(key);
    while (entries.size >= maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { userId, at, value });
    let keys = byUser.get(userId);
    if (!keys) byUser.set(userId, (keys = new Set()));
    keys.add(key);
  }

  return {
    async get<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
      if (!listening || ttlMs <= 0) return load();
      try {
        await barrier();
      } catch {
        return load();
      }
      if (!listening) return load();
      const k = `${userId}\u0000${key}`;
      const hit = entries.get(k);
      if (hit && now() - hit.at < ttlMs) return hit.value as T;
      if (hit) drop(k);
      // A load already running is as fresh as one begun now: any write it might have missed
      // was announced before the barrier above, and that notice marked it stale.
      const running = loading.get(k);
      if (running && !running.stale) return running.promise as Promise<T>;
      const began = now();
      const entry: Loading = { userId, stale: false, promise: Promise.resolve() };
      const promise = load().then(
        (value) => {
          if (loading.get(k) === entry) loading.delete(k);
          if (!entry.stale && listening) {
            if (typeof value === 'object' && value !== null) shareAnswer(value);
            store(k, userId, began, value);
          }
          return value;
        },
        (err: unknown) => {
          if (loading.get(k) === entry) loading.delete(k);
          throw err;
        },
      );
      entry.promise = promise;
      loading.set(k, entry);
      return promise;
    },

    async start(listen, waitFor) {
      if (unlisten) return;
      barrier = waitFor;
      unlisten = await listen(
        PERSONAL_CHANNEL,
        (payload) => {
          if (payload === '*') return clear();
          for (const part of payload.split(',')) {
            const userId = Number(part);
            if (Number.isInteger(userId) && userId > 0) forgetUser(userId);
            else return clear();
          }
        },
        (heard) => {
          clear();
          listening = heard;
        },
      );
      listening = true;
    },

    async stop() {
      listening = false;
      clear();
      const off = unlisten;
      unlisten = null;
      if (off) await off().catch(() => {});
    },

    size: () => entries.size,
  };
}
