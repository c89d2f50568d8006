/**
 * Signed-in sessions held in memory between the writes that change them, so a signed-in request
 * does not begin with a database round trip (it was one of five for "my bookings":
 * docs/performance.md).
 *
 * Freshness comes from the database, as for the catalogue (lib/catalogue-cache.ts): triggers
 * (migration 0025_session_notify) NOTIFY `psy_sessions` with the account's id when a transaction
 * that revokes, expires or deletes a session, or changes the account's role, status or phone,
 * commits; every instance forgets that account's sessions. The session service also forgets an
 * account at once when it revokes in this instance, so a sequential logout-then-request never
 * depends on the notice's arrival. A notice that comes while a load is running keeps that load
 * from being stored. The time-to-live bounds what no write announces: it is what another
 * instance's touch of `last_seen_at` may leave stale, which only matters to the idle limit, and
 * the service reloads before it calls a session idle.
 *
 * Until `start` has its listener, and with a ttl of 0, nothing is cached.
 */

import { accountEntries } from '../../lib/account-entries';
import { noticeSubscription, type Listen } from '../../lib/notices';

/** The channel the triggers notify; the payload is an account id, or `*` for every account. */
export const SESSION_CHANNEL = 'psy_sessions';

export interface SessionCache<Row extends { userId: number }> {
  /** The row behind a token hash: from memory while no write has changed it, else `load`. */
  get(tokenHash: string, load: () => Promise<Row | undefined>): Promise<Row | undefined>;
  /** Forgets one token (the service reloads before it trusts a negative answer from memory). */
  forget(tokenHash: string): void;
  /** Forgets every session of an account (what a notice does). */
  forgetUser(userId: number): void;
  start(listen: Listen): Promise<void>;
  stop(): Promise<void>;
  /** Sessions held now (tests read it). */
  size(): number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  /** The oldest goes first, so a flood of different tokens cannot grow it. */
  maxEntries?: number;
  now?: () => number;
}

export function createSessionCache<Row extends { userId: number }>({
  ttlMs,
  maxEntries = 20_000,
  now = Date.now,
}: SessionCacheOptions): SessionCache<Row> {
  const entries = accountEntries<Row>(maxEntries);
  /** Loads running now, shared by concurrent callers of the same token. */
  const loading = new Map<string, { began: number; promise: Promise<Row | undefined> }>();
  /** Bumped by every notice: a load begun before it is not stored. */
  let generation = 0;

  function forgetUser(userId: number) {
    generation++;
    entries.dropUser(userId);
  }

  function clear() {
    generation++;
    entries.clear();
  }

  const subscription = noticeSubscription(SESSION_CHANNEL, {
    notice(payload) {
      const userId = Number(payload);
      if (Number.isInteger(userId) && userId > 0) forgetUser(userId);
      else clear();
    },
    // Notices missed while the listening connection was lost: every session is read again.
    forgetAll: clear,
  });

  return {
    get(tokenHash, load) {
      if (!subscription.listening || ttlMs <= 0) return load();
      const hit = entries.get(tokenHash);
      if (hit && now() - hit.at < ttlMs) return Promise.resolve(hit.value);
      if (hit) entries.drop(tokenHash);
      const running = loading.get(tokenHash);
      if (running && running.began === generation) return running.promise;
      const began = generation;
      const promise = load().then(
        (row) => {
          if (loading.get(tokenHash)?.promise === promise) loading.delete(tokenHash);
          // An unknown token is not remembered: it may be a session created a moment later.
          if (row && began === generation && subscription.listening) {
            entries.set(tokenHash, row.userId, now(), row);
          }
          return row;
        },
        (err: unknown) => {
          if (loading.get(tokenHash)?.promise === promise) loading.delete(tokenHash);
          throw err;
        },
      );
      loading.set(tokenHash, { began, promise });
      return promise;
    },

    forget: entries.drop,
    forgetUser,
    start: subscription.start,
    stop: subscription.stop,
    size: () => entries.size,
  };
}
