import type { SmsType } from '@psy/contracts';
import { and, count, desc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../users';
import { sessions, smsCodes } from './auth.table';

export type SmsCodeRow = typeof smsCodes.$inferSelect;

export const sessionsRepository = {
  async insert(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
    await db.insert(sessions).values(values);
  },

  /** The session behind a token hash, with its account's role, status and phone. */
  async byTokenHash(db: DbOrTx, tokenHash: string) {
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
      .where(eq(sessions.tokenHash, tokenHash));
    return row;
  },

  async touch(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
  },

  async revoke(db: DbOrTx, id: number, at: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  },

  async revokeAllOf(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: at })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  },
};

export const smsCodesRepository = {
  /** Serialises sends per phone until the transaction ends. */
  async lockPhone(tx: DbOrTx, telephone: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${telephone}`}))`);
  },

  /** Codes created for a phone (of one purpose, or all) or from an IP since `since`, and the oldest one's time. */
  async sentSince(tx: DbOrTx, by: { telephone: string; purpose?: SmsType } | { ip: string }, since: Date) {
    const where: SQL | undefined =
      'telephone' in by
        ? and(eq(smsCodes.telephone, by.telephone), by.purpose ? eq(smsCodes.purpose, by.purpose) : undefined)
        : eq(smsCodes.ip, by.ip);
    const [row] = await tx
      .select({ n: count(), oldest: sql<string | null>`min(${smsCodes.createdAt})` })
      .from(smsCodes)
      .where(and(where, gte(smsCodes.createdAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** Uses up every open code of the phone and purpose. */
  async voidOpen(tx: DbOrTx, telephone: string, purpose: SmsType, at: Date): Promise<void> {
    await tx
      .update(smsCodes)
      .set({ consumedAt: at })
      .where(
        and(eq(smsCodes.telephone, telephone), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt)),
      );
  },

  async insert(tx: DbOrTx, values: typeof smsCodes.$inferInsert): Promise<void> {
    await tx.insert(smsCodes).values(values);
  },

  /** The newest open, unexpired code of the phone and purpose, locked until commit. */
  async newestOpenForUpdate(
    tx: DbOrTx,
    telephone: string,
    purpose: SmsType,
    now: Date,
  ): Promise<SmsCodeRow | undefined> {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(
        and(
          eq(smsCodes.telephone, telephone),
          eq(smsCodes.purpose, purpose),
          isNull(smsCodes.consumedAt),
          gte(smsCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1)
      .for('update');
    return row;
  },

  async update(
    tx: DbOrTx,
    id: number,
    values: { attempts?: number; consumedAt?: Date | null },
  ): Promise<void> {
    await tx.update(smsCodes).set(values).where(eq(smsCodes.id, id));
  },
};
