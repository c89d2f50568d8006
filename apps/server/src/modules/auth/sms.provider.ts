import type { SmsOutboxItem, SmsType } from '@psy/contracts';

/** Sends a verification code by SMS. Real providers (Aliyun, Tencent Cloud) implement this too. */
export interface SmsProvider {
  readonly name: string;
  sendCode(telephone: string, code: string, type: SmsType): Promise<void>;
}

export interface ConsoleSmsProvider extends SmsProvider {
  /** Codes sent, newest first: read by tests and the demo through the dev outbox. */
  outbox(telephone?: string): SmsOutboxItem[];
}

const OUTBOX_SIZE = 200;

/**
 * The default provider: no SMS leaves the machine. The code goes to the server's stdout
 * (not the structured log, which never carries codes) and to an in-memory outbox that only
 * a non-production server exposes.
 */
export function createConsoleSmsProvider(opts: { print: boolean; now: () => Date }): ConsoleSmsProvider {
  const items: SmsOutboxItem[] = [];
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
    outbox(telephone) {
      return telephone ? items.filter((i) => i.telephone === telephone) : [...items];
    },
  };
}
