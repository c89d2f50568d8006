import crypto from 'node:crypto';
import { hmacHex, sameHex } from '../../lib/crypto';
import { PaymentNotifyError, type PaymentProvider, type VerifiedNotification } from './payment-provider';

/** Notifications older than this are replays and are refused. */
export const NOTIFY_MAX_AGE_MS = 5 * 60_000;

export const SANDBOX_HEADERS = {
  signature: 'x-sandbox-signature',
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
} as const;

export interface SandboxNotifyBody {
  orderNo: string;
  amountFen: number;
  txnId: string;
  status: 'SUCCESS' | 'FAILED';
}

/**
 * The built-in sandbox: the payer confirms on our own cashier page, and the "gateway"
 * then sends the merchant a notification signed with HMAC-SHA256 over
 * `${timestamp}.${nonce}.${body}`, as WeChat Pay v3 signs its own.
 */
export function createSandboxProvider(opts: { key: Buffer; now: () => Date }): PaymentProvider & {
  sign(body: string, timestamp: number, nonce: string): string;
  notification(body: SandboxNotifyBody): { rawBody: string; headers: Record<string, string> };
} {
  const sign = (body: string, timestamp: number, nonce: string) =>
    hmacHex(opts.key, `${timestamp}.${nonce}.${body}`);
  return {
    name: 'sandbox',
    sign,
    async createPayment(order) {
      return { cashierUrl: `/sandbox/cashier?orderNo=${encodeURIComponent(order.orderNo)}` };
    },
    notification(body) {
      const rawBody = JSON.stringify(body);
      const timestamp = Math.floor(opts.now().getTime() / 1000);
      const nonce = crypto.randomBytes(16).toString('hex');
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_HEADERS.signature]: sign(rawBody, timestamp, nonce),
          [SANDBOX_HEADERS.timestamp]: String(timestamp),
          [SANDBOX_HEADERS.nonce]: nonce,
        },
      };
    },
    verifyNotification({ rawBody, headers }): VerifiedNotification {
      const sig = headers[SANDBOX_HEADERS.signature] ?? '';
      const ts = Number(headers[SANDBOX_HEADERS.timestamp]);
      const nonce = headers[SANDBOX_HEADERS.nonce] ?? '';
      if (!/^[0-9a-f]{64}$/.test(sig) || !Number.isInteger(ts) || !/^[0-9a-f]{16,64}$/.test(nonce)) {
        throw new PaymentNotifyError('签名信息缺失', 'malformed');
      }
      if (!sameHex(sign(rawBody, ts, nonce), sig))
        throw new PaymentNotifyError('签名校验失败', 'bad_signature');
      if (Math.abs(opts.now().getTime() - ts * 1000) > NOTIFY_MAX_AGE_MS) {
        throw new PaymentNotifyError('通知已过期', 'stale');
      }
      let body: SandboxNotifyBody;
      try {
        body = JSON.parse(rawBody) as SandboxNotifyBody;
      } catch {
        throw new PaymentNotifyError('通知内容无法解析', 'malformed');
      }
      if (
        typeof body.orderNo !== 'string' ||
        !Number.isInteger(body.amountFen) ||
        typeof body.txnId !== 'string'
      ) {
        throw new PaymentNotifyError('通知内容不完整', 'malformed');
      }
      return {
        orderNo: body.orderNo,
        amountFen: body.amountFen,
        providerTxnId: body.txnId,
        nonce,
        status: body.status === 'SUCCESS' ? 'paid' : 'failed',
        raw: body as unknown as Record<string, unknown>,
      };
    },
    async refund(input) {
      return { status: 'succeeded', providerRefundId: `SBR${input.refundNo}` };
    },
    ack(ok, message) {
      return ok
        ? { status: 200, body: { code: 'SUCCESS', message } }
        : { status: 400, body: { code: 'FAIL', message } };
    },
  };
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
