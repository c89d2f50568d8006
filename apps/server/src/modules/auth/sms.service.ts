import { authMessages, type SmsType } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { hmacHex, randomDigits, sameHex } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { smsCodesRepository } from './auth.repository';
import type { SmsProvider } from './sms.provider';

/**
 * Brief section 8: 6 digits, 5 minutes, single use, 5 wrong tries; 1 / 60 s and 5 / hour per
 * phone and purpose (a login code never makes a reset code wait), 10 / day per phone across
 * purposes, 30 / hour per IP.
 */
export const SMS_RULES = {
  digits: 6,
  ttlMs: 5 * 60_000,
  maxAttempts: 5,
  resendMs: 60_000,
  perHour: 5,
  perDay: 10,
  perIpPerHour: 30,
} as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function tooMany(message: string, waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', message, { 'Retry-After': String(seconds) });
}

function waitText(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s <= 60) return `${s} 秒`;
  if (s < 3600) return `${Math.ceil(s / 60)} 分钟`;
  return `${Math.ceil(s / 3600)} 小时`;
}

export interface SmsServiceDeps {
  db: Db;
  clock: Clock;
  secret: Buffer;
  provider: SmsProvider;
}

export function createSmsService({ db, clock, secret, provider }: SmsServiceDeps) {
  const hashCode = (telephone: string, purpose: SmsType, code: string) =>
    hmacHex(secret, `sms:${purpose}:${telephone}:${code}`);

  async function checkLimits(tx: DbOrTx, telephone: string, purpose: SmsType, ip: string | null, now: Date) {
    const t = now.getTime();
    const byPurpose = { telephone, purpose };
    const sentSince = smsCodesRepository.sentSince;
    const minute = await sentSince(tx, byPurpose, new Date(t - SMS_RULES.resendMs));
    if (minute.n > 0) {
      const wait = minute.oldest!.getTime() + SMS_RULES.resendMs - t;
      throw tooMany(`验证码已发送，请 ${waitText(wait)}后再试`, wait);
    }
    const hour = await sentSince(tx, byPurpose, new Date(t - HOUR));
    if (hour.n >= SMS_RULES.perHour) {
      const wait = hour.oldest!.getTime() + HOUR - t;
      throw tooMany(`验证码发送过于频繁，请 ${waitText(wait)}后再试`, wait);
    }
    const day = await sentSince(tx, { telephone }, new Date(t - DAY));
    if (day.n >= SMS_RULES.perDay) {
      const wait = day.oldest!.getTime() + DAY - t;
      throw tooMany(`该手机号今日获取验证码次数已达上限，请 ${waitText(wait)}后再试`, wait);
    }
    if (ip) {
      const fromIp = await sentSince(tx, { ip }, new Date(t - HOUR));
      if (fromIp.n >= SMS_RULES.perIpPerHour) {
        const wait = fromIp.oldest!.getTime() + HOUR - t;
        throw tooMany(`当前网络获取验证码过于频繁，请 ${waitText(wait)}后再试`, wait);
      }
    }
  }

  return {
    /**
     * Issues a code. `deliver: false` (a reset for a phone with no account) stores an
     * unusable code and sends nothing, so the answer and the limits look the same either way.
     */
    async send(telephone: string, purpose: SmsType, ip: string | null, deliver: boolean): Promise<void> {
      const now = clock();
      const code = randomDigits(SMS_RULES.digits);
      await db.transaction(async (tx) => {
        // Serialise sends per phone so two simultaneous requests cannot both pass the 60 s rule.
        await smsCodesRepository.lockPhone(tx, telephone);
        await checkLimits(tx, telephone, purpose, ip, now);
        // Only the newest code of a purpose is valid.
        await smsCodesRepository.voidOpen(tx, telephone, purpose, now);
        await smsCodesRepository.insert(tx, {
          telephone,
          purpose,
          codeHash: hashCode(telephone, purpose, deliver ? code : `void:${randomDigits(12)}`),
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_RULES.ttlMs),
          ip,
        });
      });
      if (deliver) await provider.sendCode(telephone, code, purpose);
    },

    /** Uses up the code if it is right; counts a wrong try and voids the code after the fifth. */
    async verify(telephone: string, purpose: SmsType, code: string): Promise<void> {
      const now = clock();
      const ok = await db.transaction(async (tx) => {
        const row = await smsCodesRepository.newestOpenForUpdate(tx, telephone, purpose, now);
        if (!row) return false;
        if (sameHex(row.codeHash, hashCode(telephone, purpose, code))) {
          await smsCodesRepository.update(tx, row.id, { consumedAt: now });
          return true;
        }
        const attempts = row.attempts + 1;
        await smsCodesRepository.update(tx, row.id, {
          attempts,
          consumedAt: attempts >= SMS_RULES.maxAttempts ? now : null,
        });
        return false;
      });
      if (!ok) throw new AppError('BAD_REQUEST', authMessages.codeWrong);
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
