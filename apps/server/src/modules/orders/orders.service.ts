import crypto from 'node:crypto';
import type { Order, OrderKind, OrderStatus, Page, PayStart } from '@psy/contracts';
import { and, count, desc, eq, lte } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { duplicatePayments, orders, paymentEvents } from './orders.table';
import { PaymentNotifyError, type PaymentProvider } from './payment-provider';

/** An unpaid order is cancelled after this long. */
export const ORDER_TTL_MS = 30 * 60_000;

type OrderRow = typeof orders.$inferSelect;

/** What an order buys: each kind (booking, course, report) says what paying and cancelling change. */
export interface Fulfiller {
  /** In the payment's transaction. 'refund' when the item can no longer be delivered. */
  onPaid(tx: Tx, order: OrderRow): Promise<'ok' | 'refund'>;
  /** In the cancelling transaction of an unpaid order. */
  onCancelled(tx: Tx, order: OrderRow): Promise<void>;
  link(itemId: number): string;
}

export function toOrder(o: OrderRow, link: string | null): Order {
  return {
    id: o.id,
    orderNo: o.orderNo,
    kind: o.kind,
    itemId: o.itemId,
    title: o.title,
    amountFen: o.amountFen,
    status: o.status,
    provider: o.provider,
    refundFen: o.refundFen,
    createdAt: o.createdAt.toISOString(),
    expiresAt: o.expiresAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    refundedAt: o.refundedAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    itemLink: link,
  };
}

export interface OrdersServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  providers: Record<string, PaymentProvider>;
  defaultProvider: string;
}

export function createOrdersService({ db, clock, events, providers, defaultProvider }: OrdersServiceDeps) {
  const fulfillers = new Map<OrderKind, Fulfiller>();
  const present = (o: OrderRow) => toOrder(o, fulfillers.get(o.kind)?.link(o.itemId) ?? null);
  const provider = (name: string) => {
    const p = providers[name];
    if (!p) throw new AppError('UNAVAILABLE', '在线支付暂未开通，请联系平台客服');
    return p;
  };

  function newOrderNo(now: Date): string {
    const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
    return `P${stamp}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
  }

  /** The order with the second payments it received, for its detail page. */
  async function presentDetail(o: OrderRow): Promise<Order> {
    const dups = await db
      .select()
      .from(duplicatePayments)
      .where(eq(duplicatePayments.orderId, o.id))
      .orderBy(duplicatePayments.id);
    return {
      ...present(o),
      duplicatePayments: dups.map((d) => ({
        amountFen: d.amountFen,
        status: d.status,
        createdAt: d.createdAt.toISOString(),
        refundedAt: d.refundedAt?.toISOString() ?? null,
      })),
    };
  }

  /** Gives back every second payment not yet refunded (also what a restart picks up). */
  async function settleDuplicateRefunds(orderId?: number): Promise<void> {
    const pending = await db
      .select({ d: duplicatePayments, o: orders })
      .from(duplicatePayments)
      .innerJoin(orders, eq(orders.id, duplicatePayments.orderId))
      .where(
        and(
          eq(duplicatePayments.status, 'refunding'),
          orderId ? eq(duplicatePayments.orderId, orderId) : undefined,
        ),
      );
    for (const { d, o } of pending) {
      const r = await provider(o.provider).refund({
        orderNo: o.orderNo,
        refundNo: `R${o.orderNo.slice(1)}D${d.id}`,
        amountFen: d.amountFen,
        totalFen: d.amountFen,
      });
      await db.transaction(async (tx) => {
        if (r.status !== 'succeeded') {
          await tx
            .update(duplicatePayments)
            .set({ providerRefundId: r.providerRefundId })
            .where(eq(duplicatePayments.id, d.id));
          return;
        }
        const [done] = await tx
          .update(duplicatePayments)
          .set({ status: 'refunded', refundedAt: clock(), providerRefundId: r.providerRefundId })
          .where(and(eq(duplicatePayments.id, d.id), eq(duplicatePayments.status, 'refunding')))
          .returning();
        if (done)
          await events.emit(tx, 'order.duplicateRefunded', {
            orderId: o.id,
            userId: o.userId,
            amountFen: d.amountFen,
            title: o.title,
          });
      });
    }
  }

  async function ownOrder(tx: DbOrTx, userId: number, where: { id: number } | { orderNo: string }) {
    const cond = 'id' in where ? eq(orders.id, where.id) : eq(orders.orderNo, where.orderNo);
    const [o] = await tx
      .select()
      .from(orders)
      .where(and(cond, eq(orders.userId, userId)));
    if (!o) throw notFound('订单不存在');
    return o;
  }

  /** Marks refunding in the caller's transaction; `settleRefunds` then asks the provider. */
  async function startRefund(tx: Tx, o: OrderRow, amountFen: number): Promise<void> {
    if (amountFen <= 0) return;
    await tx.update(orders).set({ status: 'refunding', refundFen: amountFen }).where(eq(orders.id, o.id));
  }

  /** Asks the provider for every refund not yet done (also what a restart picks up). */
  async function settleRefunds(orderId?: number): Promise<void> {
    const pending = await db
      .select()
      .from(orders)
      .where(
        orderId
          ? and(eq(orders.id, orderId), eq(orders.status, 'refunding'))
          : eq(orders.status, 'refunding'),
      );
    for (const o of pending) {
      const r = await provider(o.provider).refund({
        orderNo: o.orderNo,
        refundNo: `R${o.orderNo.slice(1)}`,
        amountFen: o.refundFen,
        totalFen: o.amountFen,
      });
      if (r.status !== 'succeeded') {
        await db.update(orders).set({ providerRefundId: r.providerRefundId }).where(eq(orders.id, o.id));
        continue;
      }
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(orders)
          .set({ status: 'refunded', refundedAt: clock(), providerRefundId: r.providerRefundId })
          .where(and(eq(orders.id, o.id), eq(orders.status, 'refunding')))
          .returning();
        if (done)
          await events.emit(tx, 'order.refunded', {
            orderId: o.id,
            userId: o.userId,
            amountFen: o.refundFen,
            title: o.title,
          });
      });
    }
  }

  async function cancelUnpaid(tx: Tx, o: OrderRow): Promise<boolean> {
    const [done] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: clock() })
      .where(and(eq(orders.id, o.id), eq(orders.status, 'unpaid')))
      .returning();
    if (done) await fulfillers.get(o.kind)?.onCancelled(tx, done);
    return !!done;
  }

  const service = {
    register(kind: OrderKind, f: Fulfiller) {
      fulfillers.set(kind, f);
    },
    present,
    startRefund,
    settleRefunds,
    settleDuplicateRefunds,

    /** A new unpaid order, in the caller's transaction; the amount comes from the caller's own rules. */
    async create(
      tx: Tx,
      input: { userId: number; kind: OrderKind; itemId: number; title: string; amountFen: number },
    ) {
      const now = clock();
      const [o] = await tx
        .insert(orders)
        .values({
          ...input,
          orderNo: newOrderNo(now),
          provider: defaultProvider,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        })
        .returning();
      return o!;
    },

    /** Free items need no payment: the order is paid on the spot, in the same transaction. */
    async markPaidFree(tx: Tx, o: OrderRow): Promise<OrderRow> {
      const [paid] = await tx
        .update(orders)
        .set({ status: 'paid', paidAt: clock(), providerTxnId: 'FREE' })
        .where(eq(orders.id, o.id))
        .returning();
      return paid!;
    },

    async list(
      userId: number,
      q: { pageNum: number; pageSize: number; status?: OrderStatus | undefined },
    ): Promise<Page<Order>> {
      const where = and(eq(orders.userId, userId), q.status ? eq(orders.status, q.status) : undefined);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      return { list: rows.map(present), total: total?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async detail(userId: number, id: number): Promise<Order> {
      return presentDetail(await ownOrder(db, userId, { id }));
    },

    async byOrderNo(userId: number, orderNo: string): Promise<Order> {
      return presentDetail(await ownOrder(db, userId, { orderNo }));
    },

    /** Where the payer goes to pay this order. */
    async startPayment(userId: number, id: number): Promise<PayStart> {
      const o = await ownOrder(db, userId, { id });
      if (o.status !== 'unpaid') throw new AppError('CONFLICT', '订单当前不可支付');
      if (o.expiresAt <= clock()) throw new AppError('CONFLICT', '订单已超时，请重新下单');
      const { cashierUrl } = await provider(o.provider).createPayment(o);
      return { cashierUrl, order: present(o) };
    },

    async cancel(userId: number, id: number): Promise<Order> {
      const o = await ownOrder(db, userId, { id });
      if (o.status !== 'unpaid') throw new AppError('CONFLICT', '只有待支付的订单可以取消');
      await db.transaction((tx) => cancelUnpaid(tx, o));
      return present(await ownOrder(db, userId, { id }));
    },

    /**
     * A provider's server-to-server notification. Verified, recorded, idempotent: the same
     * notification ten times changes the order once. The order and what it unlocks change
     * in one transaction, under a row lock.
     */
    async handleNotification(
      providerName: string,
      rawBody: string,
      headers: Record<string, string | undefined>,
    ): Promise<{ ok: boolean; message: string }> {
      const p = provider(providerName);
      let n;
      try {
        n = p.verifyNotification({ rawBody, headers });
      } catch (err) {
        if (!(err instanceof PaymentNotifyError)) throw err;
        await db.insert(paymentEvents).values({
          provider: p.name,
          kind: 'notify',
          outcome: `rejected:${err.reason}`,
          createdAt: clock(),
        });
        return { ok: false, message: err.message };
      }
      try {
        await db.insert(paymentEvents).values({
          provider: p.name,
          orderNo: n.orderNo,
          kind: 'notify',
          nonce: n.nonce,
          outcome: 'received',
          payload: n.raw,
          createdAt: clock(),
        });
      } catch (err) {
        // The same notification again: it was handled the first time.
        if (pgError(err).code === UNIQUE_VIOLATION) return { ok: true, message: 'duplicate' };
        throw err;
      }
      const result = await db.transaction(async (tx) => {
        const [o] = await tx.select().from(orders).where(eq(orders.orderNo, n.orderNo)).for('update');
        if (!o) return { ok: false, message: '订单不存在' } as const;
        if (n.amountFen !== o.amountFen) return { ok: false, message: '金额不符' } as const;
        if (n.status !== 'paid') return { ok: true, message: 'payment failed noted' } as const;
        if (o.status === 'paid' || o.status === 'refunding' || o.status === 'refunded') {
          if (o.providerTxnId === n.providerTxnId) return { ok: true, message: 'already paid' } as const;
          // The payer was charged a second time (another transaction): that money goes back in full.
          const [dup] = await tx
            .insert(duplicatePayments)
            .values({
              orderId: o.id,
              providerTxnId: n.providerTxnId,
              amountFen: n.amountFen,
              createdAt: clock(),
            })
            .onConflictDoNothing()
            .returning();
          return {
            ok: true,
            message: dup ? 'paid twice, refunding' : 'paid twice noted',
            duplicateOf: o.id,
          } as const;
        }
        const late = o.status === 'cancelled';
        const [paid] = await tx
          .update(orders)
          .set({ status: 'paid', paidAt: clock(), providerTxnId: n.providerTxnId })
          .where(eq(orders.id, o.id))
          .returning();
        // Money that arrives after the order was given up goes straight back.
        const outcome = late ? 'refund' : await fulfillers.get(o.kind)!.onPaid(tx, paid!);
        if (outcome === 'refund') await startRefund(tx, paid!, paid!.amountFen);
        await events.emit(tx, 'order.paid', {
          orderId: paid!.id,
          userId: paid!.userId,
          kind: paid!.kind,
          itemId: paid!.itemId,
          amountFen: paid!.amountFen,
          title: paid!.title,
        });
        return {
          ok: true,
          message: outcome === 'refund' ? 'paid, refunding' : 'paid',
          order: paid!,
          outcome,
        } as const;
      });
      await db
        .update(paymentEvents)
        .set({ outcome: result.ok ? result.message : `rejected:${result.message}` })
        .where(and(eq(paymentEvents.provider, p.name), eq(paymentEvents.nonce, n.nonce)));
      if ('order' in result && result.order && result.outcome === 'refund')
        await settleRefunds(result.order.id);
      if ('duplicateOf' in result && result.duplicateOf) await settleDuplicateRefunds(result.duplicateOf);
      return { ok: result.ok, message: result.message };
    },

    /** Cancels unpaid orders past their time, then finishes refunds left half-way. */
    async sweep(): Promise<number> {
      const now = clock();
      const stale = await db
        .select()
        .from(orders)
        .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, now)));
      let n = 0;
      for (const o of stale) if (await db.transaction((tx) => cancelUnpaid(tx, o))) n++;
      await settleRefunds();
      await settleDuplicateRefunds();
      return n;
    },
  };
  return service;
}
export type OrdersService = ReturnType<typeof createOrdersService>;
