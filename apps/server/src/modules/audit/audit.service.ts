import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { auditRepository, type AuditRow, type AuditScope, type AuditWindow } from './audit.repository';

export type { AuditRow, AuditScope, AuditWindow } from './audit.repository';

export type AuditAction =
  | 'login'
  | 'login_failed'
  | 'sms_login'
  | 'logout'
  | 'password_change'
  | 'password_reset'
  | 'sms_send'
  | 'profile_edit'
  | 'account_created'
  | 'data_export'
  | 'group_report'
  | 'record_view'
  | 'result_view'
  | 'roster_import'
  | 'org_staff_change';

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
  data_export: '导出测评数据',
  group_report: '下载团体报告',
  record_view: '查阅心理档案',
  result_view: '查阅测评结果',
  roster_import: '导入名单',
  org_staff_change: '调整单位负责人',
};

/** A password login in progress; not one of the account's visible history actions. */
export const LOGIN_ATTEMPT = 'login_attempt';

const HISTORY_ACTIONS = [
  'login',
  'login_failed',
  'sms_login',
  'logout',
  'password_change',
  'password_reset',
] as const satisfies readonly AuditAction[];

export interface AuditEntry {
  action: AuditAction;
  outcome: 'success' | 'failure';
  userId?: number | null;
  /** Keyed hash of the phone the event concerns (for per-account counting). */
  subject?: string | null;
  telephoneMasked?: string | null;
  ip?: string | null;
  detail?: Record<string, string | number | boolean | null>;
  /** The person the event is about (whose record was opened). */
  targetUserId?: number | null;
}

export function createAuditService({ clock }: { clock: Clock }) {
  const row = (e: Omit<AuditEntry, 'action'> & { action: string }) => ({
    at: clock(),
    action: e.action,
    outcome: e.outcome,
    userId: e.userId ?? null,
    subject: e.subject ?? null,
    telephoneMasked: e.telephoneMasked ?? null,
    ip: e.ip ?? null,
    detail: e.detail ?? null,
    targetUserId: e.targetUserId ?? null,
  });
  return {
    async record(db: DbOrTx, e: AuditEntry): Promise<void> {
      await auditRepository.insert(db, row(e));
    },
    /** How many `action` events matched since `since`, and when the oldest of them was. */
    countSince(
      db: DbOrTx,
      by: { subject: string } | { ip: string },
      action: AuditAction,
      since: Date,
    ): Promise<{ n: number; oldest: Date | null }> {
      return auditRepository.countSince(db, by, action, since);
    },
    /**
     * A page of successful `action` events about one person (who opened their record), newest
     * first: the events themselves; the caller names the actors.
     */
    about(
      db: DbOrTx,
      targetUserId: number,
      action: AuditAction,
      p: { pageNum: number; pageSize: number },
    ): Promise<{ rows: AuditRow[]; total: number }> {
      return auditRepository.about(db, targetUserId, action, p);
    },
    /** The account's own recent security events, newest first. */
    history(db: DbOrTx, userId: number, limit = 10) {
      return auditRepository.history(db, userId, [...HISTORY_ACTIONS], limit);
    },

    /**
     * Login attempts (`auth/login-throttle.ts`): rows written before the password is checked,
     * then turned into `login_failed` or removed, and counted in a sliding window.
     */
    attempts: {
      async begin(db: DbOrTx, e: Omit<AuditEntry, 'action'>): Promise<number> {
        return auditRepository.insert(db, row({ ...e, action: LOGIN_ATTEMPT }));
      },
      failed: (db: DbOrTx, id: number) => auditRepository.setAction(db, id, 'login_failed'),
      forget: (db: DbOrTx, id: number) => auditRepository.remove(db, id),
      countEach: (db: DbOrTx, scopes: AuditScope[], w: AuditWindow) =>
        auditRepository.countEach(db, scopes, w),
      nthOldestAt: (db: DbOrTx, scope: AuditScope, w: AuditWindow, offset: number) =>
        auditRepository.nthOldestAt(db, scope, w, offset),
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
