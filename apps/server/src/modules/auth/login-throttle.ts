import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { LOGIN_ATTEMPT, type AuditScope, type AuditService } from '../audit';

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
const ATTEMPT = LOGIN_ATTEMPT;
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

export function createLoginThrottle({ db, clock, audit }: { db: Db; clock: Clock; audit: AuditService }) {
  /** The scopes to check, with the rows they count and their limits. */
  function scopes({ subject, ip }: LoginSource, which: Scope[]) {
    const all: Record<Scope, [AuditScope, number] | null> = {
      pair: [{ subject, ip }, LOGIN_LIMITS.perAccountAndIp],
      ip: ip === null ? null : [{ ip }, LOGIN_LIMITS.perIp],
      account: [{ subject }, LOGIN_LIMITS.perAccount],
    };
    return which.flatMap((s) => (all[s] ? [{ scope: s, match: all[s][0], limit: all[s][1] }] : []));
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
    const window = { actions, since: new Date(now - LOGIN_LIMITS.windowMs), exceptId: except };
    const counts = await audit.attempts.countEach(
      db,
      checks.map((c) => c.match),
      window,
    );
    for (const [i, c] of checks.entries()) {
      const n = counts[i]!;
      if (n < c.limit) continue;
      const nth = await audit.attempts.nthOldestAt(db, c.match, window, n - c.limit);
      const waitMs = (nth ? nth.getTime() : now) + LOGIN_LIMITS.windowMs - now;
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
      const id = await audit.attempts.begin(db, {
        outcome: 'failure',
        userId: entry.userId,
        subject: source.subject,
        telephoneMasked: entry.telephoneMasked,
        ip: source.ip,
      });
      try {
        // Per account across all sources only finished failures count: other people's attempts
        // in flight must not lock the owner out.
        await assertUnder(source, ['pair', 'ip'], [FAILED, ATTEMPT], id);
      } catch (err) {
        await audit.attempts.forget(db, id);
        throw err;
      }
      return id;
    },

    /** The password was wrong (or the phone unknown): the attempt stays as a `login_failed` event. */
    failed: (id: number): Promise<void> => audit.attempts.failed(db, id),

    /** The password was right: the attempt is forgotten (the login itself is audited separately). */
    done: (id: number): Promise<void> => audit.attempts.forget(db, id),
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
