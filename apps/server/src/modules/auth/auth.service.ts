import { authMessages, type LoginResult, type SmsType } from '@psy/contracts';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hmacHex, maskPhone } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/password';
import type { AuditService } from '../audit';
import type { UsersService } from '../users';
import { isOwnPhone } from './auth.policy';
import { createLoginThrottle } from './login-throttle';
import type { SessionService } from './session.service';
import type { SmsService } from './sms.service';

export { LOGIN_LIMITS } from './login-throttle';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  secret: Buffer;
  events: EventBus;
  audit: AuditService;
  users: UsersService;
  sessions: SessionService;
  sms: SmsService;
}

export function createAuthService({
  db,
  clock,
  secret,
  events,
  audit,
  users,
  sessions,
  sms,
}: AuthServiceDeps) {
  const subjectOf = (telephone: string) => hmacHex(secret, `phone:${telephone}`);
  const throttle = createLoginThrottle({ db, clock, audit });

  async function issue(
    userId: number,
    meta: RequestMeta,
    action: 'login' | 'sms_login',
  ): Promise<LoginResult> {
    return db.transaction(async (tx) => {
      const token = await sessions.create(tx, userId, meta);
      const userinfo = await users.info(userId, tx);
      await audit.record(tx, {
        action,
        outcome: 'success',
        userId,
        subject: subjectOf(userinfo.telephone),
        telephoneMasked: maskPhone(userinfo.telephone),
        ip: meta.ip,
      });
      return { token, userinfo };
    });
  }

  return {
    /** Throttled per account and source, per source, and per account (`LOGIN_LIMITS`). */
    async loginWithPassword(telephone: string, password: string, meta: RequestMeta): Promise<LoginResult> {
      const source = { subject: subjectOf(telephone), ip: meta.ip };
      const user = await users.byPhone(telephone);
      // Recorded as a failure until the password proves right, counted before it is checked.
      const attempt = await throttle.begin(source, {
        userId: user?.id ?? null,
        telephoneMasked: maskPhone(telephone),
      });
      // Unknown phone and wrong password take the same time and give the same answer.
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : (await burnPasswordCheck(password), false);
      if (!user || !ok) {
        await throttle.failed(attempt);
        throw new AppError('BAD_REQUEST', authMessages.loginFailed);
      }
      await throttle.done(attempt);
      if (user.status !== 'active') throw new AppError('FORBIDDEN', authMessages.accountDisabled);
      return issue(user.id, meta, 'login');
    },

    async sendCode(telephone: string, type: SmsType, meta: RequestMeta): Promise<void> {
      // A reset for a phone with no account answers the same, but nothing is delivered.
      const deliver = type === 'login' || !!(await users.byPhone(telephone));
      await sms.send(telephone, type, meta.ip, deliver);
      await audit.record(db, {
        action: 'sms_send',
        outcome: 'success',
        subject: subjectOf(telephone),
        telephoneMasked: maskPhone(telephone),
        ip: meta.ip,
        detail: { type },
      });
    },

    /** SMS login; the first one for a phone creates an ordinary account. */
    async loginWithSms(telephone: string, code: string, meta: RequestMeta): Promise<LoginResult> {
      await sms.verify(telephone, 'login', code);
      let user = await users.byPhone(telephone);
      if (!user) {
        user = await users.createForPhone(telephone);
        await audit.record(db, {
          action: 'account_created',
          outcome: 'success',
          userId: user.id,
          ip: meta.ip,
        });
      }
      if (user.status !== 'active') throw new AppError('FORBIDDEN', authMessages.accountDisabled);
      return issue(user.id, meta, 'sms_login');
    },

    /** Sets a new password with a reset code and ends every session of the account. */
    async resetPassword(telephone: string, code: string, password: string, meta: RequestMeta): Promise<void> {
      await sms.verify(telephone, 'reset', code);
      const user = await users.byPhone(telephone);
      // A code for a phone with no account can never verify, so `user` exists here.
      if (!user) throw new AppError('BAD_REQUEST', authMessages.codeWrong);
      await setPassword(user.id, telephone, password, 'password_reset', meta);
    },

    /** The change-password form: own phone, a reset code, a new password; then every session ends. */
    async changePassword(
      actor: { userId: number; telephone: string },
      input: { telephone: string; code: string; password: string },
      meta: RequestMeta,
    ): Promise<void> {
      if (!isOwnPhone(actor, input.telephone)) throw new AppError('BAD_REQUEST', authMessages.notOwnPhone);
      await sms.verify(input.telephone, 'reset', input.code);
      await setPassword(actor.userId, actor.telephone, input.password, 'password_change', meta);
    },

    async logout(actor: { sessionId: number; userId: number }, meta: RequestMeta): Promise<void> {
      await sessions.revoke(actor.sessionId, actor.userId);
      await audit.record(db, { action: 'logout', outcome: 'success', userId: actor.userId, ip: meta.ip });
    },
  };

  async function setPassword(
    userId: number,
    telephone: string,
    password: string,
    action: 'password_reset' | 'password_change',
    meta: RequestMeta,
  ) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await users.setPasswordHash(tx, userId, passwordHash);
      await sessions.revokeAll(tx, userId);
      await audit.record(tx, {
        action,
        outcome: 'success',
        userId,
        subject: subjectOf(telephone),
        telephoneMasked: maskPhone(telephone),
        ip: meta.ip,
      });
      await events.emit(tx, 'sessions.revoked', { userId, sessionIds: 'all' });
      await events.emit(tx, 'account.passwordChanged', {
        userId,
        via: action === 'password_reset' ? 'reset' : 'change',
      });
    });
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
