import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { newToken, sha256Hex } from '../../lib/crypto';
import type { EventBus } from '../../lib/events';
import { users } from '../users/users.table';
import { sessions } from './auth.table';

/** lastSeenAt is written at most this often, so each request does not cost a write. */
const TOUCH_EVERY_MS = 60_000;

export interface SessionUser {
  sessionId: number;
  userId: number;
  role: (typeof users.$inferSelect)['role'];
  telephone: string;
}

export interface SessionServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  idleMs: number;
  absoluteMs: number;
}

export function createSessionService({ db, clock, events, idleMs, absoluteMs }: SessionServiceDeps) {
  return {
    /** A new token for every login; only its hash is stored. */
    async create(
      tx: DbOrTx,
      userId: number,
      meta: { ip: string | null; userAgent: string | null },
    ): Promise<string> {
      const token = newToken();
      const now = clock();
      await tx.insert(sessions).values({
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
      const [row] = await db
        .select({
          id: sessions.id,
          userId: sessions.userId,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          revokedAt: sessions.revokedAt,
          role: users.role,
          status: users.status,
          telephone: users.telephone,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, sha256Hex(token)));
      if (!row || row.revokedAt || row.status !== 'active') return null;
      if (row.expiresAt <= now || row.lastSeenAt.getTime() + idleMs <= now.getTime()) return null;
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
      }
      return { sessionId: row.id, userId: row.userId, role: row.role, telephone: row.telephone };
    },

    async revoke(sessionId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(sessions)
          .set({ revokedAt: clock() })
          .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
        await events.emit(tx, 'sessions.revoked', { userId, sessionIds: [sessionId] });
      });
    },

    /** Ends every session of the account (password change, reset). */
    async revokeAll(tx: DbOrTx, userId: number): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: clock() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
