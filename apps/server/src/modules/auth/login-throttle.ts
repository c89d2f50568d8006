import { and, asc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { auditLogs } from '../audit/audit.table';

/**
 * Failed password logins counted in a sliding 15-minute window, from `audit_logs` (so every
 * instance sees the same counts):
 * - `perAccountAndIp`: one account from one source (IP). Someone guessing from one address
 *   blocks only that address for that account; the owner elsewhere still signs in.
 * - `perIp`: one source across all accounts (password spraying).
 * - `perAccount`: one account from all sources together, slower, against guessing spread
 *   over many addresses. SMS login is not affected by any of them.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccountAndIp: 5,
  perIp: 20,
  perAccount: 50,
} as const;

/**
 * A password login in progress: written before the password is checked, so concurrent
 * guesses count against each other; it becomes `login_failed` on a wrong password and is
 * deleted otherwise. Not one of the account's visible history actions.
 */
const ATTEMPT = 'login_attempt';
const FAILED = 'login_failed';

type Scope = 'pair' | 'ip' | 'account';

const what: Record<Scope, string> = {
  pair: '密码错误次数过多',
  ip: '当前网络登录失败次数过多',
  account: '该账号登录失败次数过多',
};

/** e.g. 密码错误次数过多，请在 12 分钟后再试; Retry-After in seconds. */
function lockedOut(scope: Scope, waitMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const tail = scope === 'account' ? '，或使用短信验证码登录' : '';
  return new AppError('RATE_LIMITED', `${what[scope]}，请在 ${minutes} 分钟后再试${tail}`, {
    'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
  });
}

export interface LoginSource {
  /** Keyed hash of the phone (`audit_logs.subject`). */
  subject: string;
  ip: string | null;
}

export function createLoginThrottle({ db, clock }: { db: Db; clock: Clock }) {
  const byIp = (ip: string | null) => (ip === null ? isNull(auditLogs.ip) : eq(auditLogs.ip, ip));

  /** The scopes to check, with their conditions and limits. */
  function scopes({ subject, ip }: LoginSource, which: Scope[]) {
    const all: Record<Scope, [SQL, number] | null> = {
      pair: [and(eq(auditLogs.subject, subject), byIp(ip))!, LOGIN_LIMITS.perAccountAndIp],
      ip: ip === null ? null : [eq(auditLogs.ip, ip), LOGIN_LIMITS.perIp],
      account: [eq(auditLogs.subject, subject), LOGIN_LIMITS.perAccount],
    };
    return which.flatMap((s) => (all[s] ? [{ scope: s, where: all[s][0], limit: all[s][1] }] : []));
  }

  /**
   * Throws 429 for the first scope with `limit` or more counted rows in the window. The wait
   * is until enough of them have left the window: with exactly `limit`, until the oldest
   * counted failure is 15 minutes old.
   */
  async function assertUnder(
    source: LoginSource,
    which: Scope[],
    actions: string[],
    except: number | null,
  ): Promise<void> {
    const now = clock().getTime();
    const checks = scopes(source, which);
    const base = and(
      inArray(auditLogs.action, actions),
      gte(auditLogs.at, new Date(now - LOGIN_LIMITS.windowMs)),
      except === null ? undefined : ne(auditLogs.id, except),
    );
    const fields = Object.fromEntries(
      checks.map((c, i) => [`n${i}`, sql<number>`count(*) filter (where ${c.where})`.mapWith(Number)]),
    );
    const [row] = await db
      .select(fields)
      .from(auditLogs)
      .where(and(base, or(...checks.map((c) => c.where))));
    for (const [i, c] of checks.entries()) {
      const n = Number(row?.[`n${i}`] ?? 0);
      if (n < c.limit) continue;
      const [nth] = await db
        .select({ at: auditLogs.at })
        .from(auditLogs)
        .where(and(base, c.where))
        .orderBy(asc(auditLogs.at))
        .offset(n - c.limit)
        .limit(1);
      const waitMs = (nth ? new Date(nth.at).getTime() : now) + LOGIN_LIMITS.windowMs - now;
      throw lockedOut(c.scope, waitMs);
    }
  }

  return {
    /**
     * Before the password is checked: refuses a blocked source or account (writing nothing),
     * then records the attempt and checks again counting attempts in flight, so parallel
     * guesses cannot slip past the limits. Answers the attempt's id for `failed`/`done`.
     */
    async begin(
      source: LoginSource,
      entry: { userId: number | null; telephoneMasked: string },
    ): Promise<number> {
      await assertUnder(source, ['pair', 'ip', 'account'], [FAILED], null);
      const [attempt] = await db
        .insert(auditLogs)
        .values({
          at: clock(),
          action: ATTEMPT,
          outcome: 'failure',
          userId: entry.userId,
          subject: source.subject,
          telephoneMasked: entry.telephoneMasked,
          ip: source.ip,
        })
        .returning({ id: auditLogs.id });
      const id = attempt!.id;
      try {
        // Per account across all sources only finished failures count: other people's attempts
        // in flight must not lock the owner out.
        await assertUnder(source, ['pair', 'ip'], [FAILED, ATTEMPT], id);
      } catch (err) {
        await db.delete(auditLogs).where(eq(auditLogs.id, id));
        throw err;
      }
      return id;
    },

    /** The password was wrong (or the phone unknown): the attempt stays as a `login_failed` event. */
    async failed(id: number): Promise<void> {
      await db.update(auditLogs).set({ action: FAILED }).where(eq(auditLogs.id, id));
    },

    /** The password was right: the attempt is forgotten (the login itself is audited separately). */
    async done(id: number): Promise<void> {
      await db.delete(auditLogs).where(eq(auditLogs.id, id));
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
