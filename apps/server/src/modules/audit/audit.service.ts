import { and, count, desc, eq, gte, inArray, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { auditLogs } from './audit.table';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'sms_login'
  | 'logout'
  | 'password_change'
  | 'password_reset'
  | 'sms_send'
  | 'profile_edit'
  | 'account_created';

export const auditActionLabels: Record<AuditAction, string> = {
  login: '密码登录',
  login_failed: '登录失败',
  sms_login: '短信登录',
  logout: '退出登录',
  password_change: '修改密码',
  password_reset: '重置密码',
  sms_send: '发送验证码',
  profile_edit: '修改资料',
  account_created: '注册账号',
};

export interface AuditEntry {
  action: AuditAction;
  outcome: 'success' | 'failure';
  userId?: number | null;
  /** Keyed hash of the phone the event concerns (for per-account counting). */
  subject?: string | null;
  telephoneMasked?: string | null;
  ip?: string | null;
  detail?: Record<string, string | number | boolean | null>;
}

export function createAuditService({ clock }: { clock: Clock }) {
  return {
    async record(db: DbOrTx, e: AuditEntry): Promise<void> {
      await db.insert(auditLogs).values({
        at: clock(),
        action: e.action,
        outcome: e.outcome,
        userId: e.userId ?? null,
        subject: e.subject ?? null,
        telephoneMasked: e.telephoneMasked ?? null,
        ip: e.ip ?? null,
        detail: e.detail ?? null,
      });
    },

    /** How many `action` events matched since `since`, and when the oldest of them was. */
    async countSince(
      db: DbOrTx,
      by: { subject: string } | { ip: string },
      action: AuditAction,
      since: Date,
    ): Promise<{ n: number; oldest: Date | null }> {
      const key = 'subject' in by ? eq(auditLogs.subject, by.subject) : eq(auditLogs.ip, by.ip);
      const [row] = await db
        .select({ n: count(), oldest: min(auditLogs.at) })
        .from(auditLogs)
        .where(and(key, eq(auditLogs.action, action), gte(auditLogs.at, since)));
      return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    /** The account's own recent security events, newest first. */
    async history(db: DbOrTx, userId: number, limit = 10) {
      return db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.userId, userId),
            inArray(auditLogs.action, [
              'login',
              'login_failed',
              'sms_login',
              'logout',
              'password_change',
              'password_reset',
            ]),
          ),
        )
        .orderBy(desc(auditLogs.at), desc(auditLogs.id))
        .limit(limit);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
