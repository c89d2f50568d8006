import { and, asc, count, desc, eq, gte, inArray, isNull, min, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countFrom, pageWhere } from '../../db/rows';
import { auditLogs } from './audit.table';

export type AuditRow = typeof auditLogs.$inferSelect;
export type NewAuditRow = typeof auditLogs.$inferInsert;

/** Rows of one phone (keyed hash), one source address (null: unknown), or both. */
export interface AuditScope {
  subject?: string;
  ip?: string | null;
}

/** Which rows a windowed count looks at. */
export interface AuditWindow {
  actions: string[];
  since: Date;
  /** A row left out (the attempt being counted). */
  exceptId?: number | null;
}

function scopeWhere(s: AuditScope): SQL {
  const ip = s.ip === undefined ? undefined : s.ip === null ? isNull(auditLogs.ip) : eq(auditLogs.ip, s.ip);
  return and(s.subject === undefined ? undefined : eq(auditLogs.subject, s.subject), ip) ?? sql`true`;
}

function windowWhere(w: AuditWindow) {
  return and(
    inArray(auditLogs.action, w.actions),
    gte(auditLogs.at, w.since),
    w.exceptId == null ? undefined : ne(auditLogs.id, w.exceptId),
  );
}

export const auditRepository = {
  async insert(db: DbOrTx, values: NewAuditRow): Promise<number> {
    const [row] = await db.insert(auditLogs).values(values).returning({ id: auditLogs.id });
    return row!.id;
  },

  async setAction(db: DbOrTx, id: number, action: string): Promise<void> {
    await db.update(auditLogs).set({ action }).where(eq(auditLogs.id, id));
  },

  async remove(db: DbOrTx, id: number): Promise<void> {
    await db.delete(auditLogs).where(eq(auditLogs.id, id));
  },

  /** How many rows of `action` matched since `since`, and when the oldest of them was. */
  async countSince(
    db: DbOrTx,
    scope: AuditScope,
    action: string,
    since: Date,
  ): Promise<{ n: number; oldest: Date | null }> {
    const [row] = await db
      .select({ n: count(), oldest: min(auditLogs.at) })
      .from(auditLogs)
      .where(and(scopeWhere(scope), eq(auditLogs.action, action), gte(auditLogs.at, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  },

  /** For each scope, the rows in the window, counted in one query. */
  async countEach(db: DbOrTx, scopes: AuditScope[], w: AuditWindow): Promise<number[]> {
    const wheres = scopes.map(scopeWhere);
    const fields = Object.fromEntries(
      wheres.map((where, i) => [`n${i}`, sql<number>`count(*) filter (where ${where})`.mapWith(Number)]),
    );
    const [row] = await db
      .select(fields)
      .from(auditLogs)
      .where(and(windowWhere(w), or(...wheres)));
    return wheres.map((_, i) => Number(row?.[`n${i}`] ?? 0));
  },

  /** The time of the scope's (offset+1)-th oldest row in the window. */
  async nthOldestAt(db: DbOrTx, scope: AuditScope, w: AuditWindow, offset: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: auditLogs.at })
      .from(auditLogs)
      .where(and(windowWhere(w), scopeWhere(scope)))
      .orderBy(asc(auditLogs.at))
      .offset(offset)
      .limit(1);
    return row ? new Date(row.at) : null;
  },

  /** A page of one person's successful `action` events (targetUserId), newest first. */
  async about(
    db: DbOrTx,
    targetUserId: number,
    action: string,
    p: { pageNum: number; pageSize: number },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = and(
      eq(auditLogs.targetUserId, targetUserId),
      eq(auditLogs.action, action),
      eq(auditLogs.outcome, 'success'),
    );
    return pageWhere(
      p,
      where,
      [desc(auditLogs.at), desc(auditLogs.id)],
      db.select().from(auditLogs).$dynamic(),
      countFrom(db, auditLogs),
    );
  },

  /** The account's own recent events of the given actions, newest first. */
  history(db: DbOrTx, userId: number, actions: string[], limit: number): Promise<AuditRow[]> {
    return db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, userId), inArray(auditLogs.action, actions)))
      .orderBy(desc(auditLogs.at), desc(auditLogs.id))
      .limit(limit);
  },
};
