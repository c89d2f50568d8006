import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import type { EventBus } from '../../lib/events';
import type { Role } from '../users';
import { sessionsRepository } from './auth.repository';
import { createSessionCache } from './session-cache';

/** lastSeenAt is written at most this often, so each request does not cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionUser {
  sessionId: number;
  userId: number;
  role: Role;
  telephone: string;
}

/** Who acts, as permission rules (`*.policy.ts`) see it. */
export type Actor = Pick<SessionUser, 'userId' | 'role'>;

export interface SessionServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  idleMs: number;
  absoluteMs: number;
  /** How long a session may be trusted from memory while no write announces a change (0: never). */
  cacheMs: number;
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof sessionsRepository.byTokenHash>>>;

export function createSessionService({ db, clock, events, idleMs, absoluteMs, cacheMs }: SessionServiceDeps) {
  const cache = createSessionCache<SessionRow>({ ttlMs: cacheMs });
  const usable = (row: SessionRow | undefined, now: Date): row is SessionRow =>
    !!row &&
    !row.revokedAt &&
    row.status === 'active' &&
    row.expiresAt > now &&
    row.lastSeenAt.getTime() + idleMs > now.getTime();

  return {
    /** Starts trusting sessions from memory once this instance hears the writes that end them. */
    start: cache.start,
    stop: cache.stop,
    cachedCount: cache.size,

    /** A new token for every login; only its hash is stored. */
    async create(
      tx: DbOrTx,
      userId: number,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<string> {
      const token = newToken();
      const now = clock();
      await sessionsRepository.insert(tx, {
        userId,
        tokenHash: sha256Hex(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + absoluteMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 200) ?? null,
      });
      return token;
    },

    /** The signed-in account behind a token, or null when it is unknown, revoked, idle or expired. */
    async resolve(token: string): Promise<SessionUser | null> {
      if (!token || token.length > 100) return null;
      const now = clock();
      const hash = sha256Hex(token);
      const load = () => sessionsRepository.byTokenHash(db, hash);
      let row = await cache.get(hash, load);
      if (row && !usable(row, now)) {
        // Memory may be behind another instance's touch: ask the database before saying no.
        cache.forget(hash);
        row = await cache.get(hash, load);
      }
      if (!usable(row, now)) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        row.lastSeenAt = now;
        await sessionsRepository.touch(db, row.id, now);
      }
      return { sessionId: row.id, userId: row.userId, role: row.role, telephone: row.telephone };
    },

    async revoke(sessionId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await sessionsRepository.revoke(tx, sessionId, clock());
        await events.emit(tx, 'sessions.revoked', { userId, sessionIds: [sessionId] });
      });
      cache.forgetUser(userId);
    },

    /** Ends every session of the account (password change, reset). */
    async revokeAll(tx: DbOrTx, userId: number): Promise<void> {
      await sessionsRepository.revokeAllOf(tx, userId, clock());
      // The commit's notice forgets them on every instance; this one forgets them now too, so
      // the answer to this request never races the notice.
      cache.forgetUser(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
