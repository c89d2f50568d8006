import { accountEntries } from './account-entries';
import { shareAnswer } from './catalogue-cache';
import { noticeSubscription, type Listen } from './notices';

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
  /**
   * Answers held at most (an expert's chat list can be a few hundred KB): the oldest goes first,
   * so many people cannot grow it without bound; answers past the ttl are dropped as new ones come.
   */
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
  maxEntries = 2_000,
  now = Date.now,
}: PersonalCacheOptions): PersonalCache {
  const entries = accountEntries<unknown>(maxEntries);
  const loading = new Map<string, Loading>();
  let barrier: () => Promise<void> = () => Promise.resolve();

  function forgetUser(userId: number) {
    for (const l of loading.values()) if (l.userId === userId) l.stale = true;
    entries.dropUser(userId);
  }

  function clear() {
    for (const l of loading.values()) l.stale = true;
    entries.clear();
  }

  const subscription = noticeSubscription(PERSONAL_CHANNEL, {
    notice(payload) {
      if (payload === '*') return clear();
      for (const part of payload.split(',')) {
        const userId = Number(part);
        if (Number.isInteger(userId) && userId > 0) forgetUser(userId);
        else return clear();
      }
    },
    forgetAll: clear,
  });

  return {
    async get<T>(userId: number, key: string, load: () => Promise<T>): Promise<T> {
      if (!subscription.listening || ttlMs <= 0) return load();
      try {
        await barrier();
      } catch {
        return load();
      }
      if (!subscription.listening) return load();
      const k = `${userId}\u0000${key}`;
      const hit = entries.get(k);
      if (hit && now() - hit.at < ttlMs) return hit.value as T;
      if (hit) entries.drop(k);
      // A load already running is as fresh as one begun now: any write it might have missed
      // was announced before the barrier above, and that notice marked it stale.
      const running = loading.get(k);
      if (running && !running.stale) return running.promise as Promise<T>;
      const began = now();
      const entry: Loading = { userId, stale: false, promise: Promise.resolve() };
      const promise = load().then(
        (value) => {
          if (loading.get(k) === entry) loading.delete(k);
          if (!entry.stale && subscription.listening) {
            if (typeof value === 'object' && value !== null) shareAnswer(value);
            entries.dropOlderThan(now() - ttlMs);
            entries.set(k, userId, began, value);
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
      barrier = waitFor;
      await subscription.start(listen);
    },
    stop: subscription.stop,

    size: () => entries.size,
  };
}
