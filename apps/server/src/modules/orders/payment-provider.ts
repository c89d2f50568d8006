/**
 * A payment service (sandbox, WeChat Pay v3, Alipay). The order logic talks only to this
 * interface: a new provider is a new implementation and a line in the registry.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Starts a payment; answers where the payer goes (a cashier page or the provider's). */
  createPayment(order: {
    orderNo: string;
    amountFen: number;
    title: string;
  }): Promise<{ cashierUrl: string }>;
  /**
   * Checks a server-to-server notification as the provider sent it (raw body and headers)
   * and reads it. Throws PaymentNotifyError when the signature or freshness is wrong.
   */
  verifyNotification(input: {
    rawBody: string;
    headers: Record<string, string | undefined>;
  }): VerifiedNotification;
  /** Asks for a refund. Sandbox refunds at once; real providers may answer 'pending' and notify later. */
  refund(input: { orderNo: string; refundNo: string; amountFen: number; totalFen: number }): Promise<{
    status: 'succeeded' | 'pending';
    providerRefundId: string;
  }>;
  /** What the provider expects back so it stops retrying. */
  ack(ok: boolean, message: string): { status: number; body: unknown };
}

export interface VerifiedNotification {
  orderNo: string;
  amountFen: number;
  providerTxnId: string;
  /** Unique per notification: a repeat is a duplicate. */
  nonce: string;
  status: 'paid' | 'failed';
  raw: Record<string, unknown>;
}

export class PaymentNotifyError extends Error {
  constructor(
    message: string,
    readonly reason: 'bad_signature' | 'stale' | 'malformed',
  ) {
    super(message);
    this.name = 'PaymentNotifyError';
  }
}
