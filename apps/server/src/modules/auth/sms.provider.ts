import type { SmsNoticeItem, SmsOutboxItem, SmsType } from '@psy/contracts';

/** Sends a verification code by SMS. Real providers (Aliyun, Tencent Cloud) implement this too. */
export interface SmsProvider {
  readonly name: string;
  sendCode(telephone: string, code: string, type: SmsType): Promise<void>;
  /** A notice (a screening campaign opening, a reminder): a plain text, no code. */
  sendNotice(telephone: string, text: string): Promise<void>;
}

export interface ConsoleSmsProvider extends SmsProvider {
  /** Codes sent, newest first: read by tests and the demo through the dev outbox. */
  outbox(telephone?: string): SmsOutboxItem[];
  /** Notices sent, newest first (kept apart from codes, so "the newest code" stays a code). */
  notices(telephone?: string): SmsNoticeItem[];
}

const OUTBOX_SIZE = 200;

/**
 * The default provider: no SMS leaves the machine. The code goes to the server's stdout
 * (not the structured log, which never carries codes) and to an in-memory outbox that only
 * a non-production server exposes.
 */
export function createConsoleSmsProvider(opts: { print: boolean; now: () => Date }): ConsoleSmsProvider {
  const items: SmsOutboxItem[] = [];
  const noticeItems: SmsNoticeItem[] = [];
  return {
    name: 'console',
    async sendCode(telephone, code, type) {
      items.unshift({ telephone, type, code, sentAt: opts.now().toISOString() });
      items.length = Math.min(items.length, OUTBOX_SIZE);
      if (opts.print) {
        process.stdout.write(
          `[sms:console] ${telephone} ${type === 'login' ? '登录' : '重置密码'}验证码 ${code}\n`,
        );
      }
    },
    async sendNotice(telephone, text) {
      noticeItems.unshift({ telephone, text, sentAt: opts.now().toISOString() });
      noticeItems.length = Math.min(noticeItems.length, OUTBOX_SIZE);
      if (opts.print) process.stdout.write(`[sms:console] ${telephone} ${text}\n`);
    },
    notices(telephone) {
      return telephone ? noticeItems.filter((i) => i.telephone === telephone) : [...noticeItems];
    },
    outbox(telephone) {
      return telephone ? items.filter((i) => i.telephone === telephone) : [...items];
    },
  };
}
