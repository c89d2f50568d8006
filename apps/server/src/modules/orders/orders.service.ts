import crypto from 'node:crypto';
import type { Order, OrderKind, OrderStatus, Page, PayStart } from '@psy/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { orderNoStamp } from '../../lib/time';
import type { Actor } from '../auth';
import { canSeeOrder } from './orders.policy';
import { ordersRepository, type OrderRow } from './orders.repository';
import { PaymentNotifyError, type PaymentProvider } from './payment-provider';

/** An unpaid order is cancelled after this long. */
export const ORDER_TTL_MS = 30 * 60_000;

export type { OrderRow } from './orders.repository';

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
    return `P${orderNoStamp(now)}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
  }

  /** The order with the second payments it received, for its detail page. */
  async function presentDetail(o: OrderRow): Promise<Order> {
    const dups = await ordersRepository.duplicatesOf(db, o.id);
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
    const pending = await ordersRepository.refundingDuplicates(db, orderId);
    for (const { d, o } of pending) {
      const r = await provider(o.provider).refund({
        orderNo: o.orderNo,
        refundNo: `R${o.orderNo.slice(1)}D${d.id}`,
        amountFen: d.amountFen,
        totalFen: d.amountFen,
      });
      await db.transaction(async (tx) => {
        if (r.status !== 'succeeded') {
          await ordersRepository.updateDuplicate(tx, d.id, { providerRefundId: r.providerRefundId });
          return;
        }
        const done = await ordersRepository.updateDuplicate(
          tx,
          d.id,
          { status: 'refunded', refundedAt: clock(), providerRefundId: r.providerRefundId },
          true,
        );
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

  /** The caller's own order; anyone else's answers 404 like one that does not exist. */
  async function ownOrder(tx: DbOrTx, actor: Actor, by: { id: number } | { orderNo: string }) {
    const o =
      'id' in by ? await ordersRepository.byId(tx, by.id) : await ordersRepository.byOrderNo(tx, by.orderNo);
    if (!o || !canSeeOrder(actor, o)) throw notFound('订单不存在');
    return o;
  }

  /** Marks refunding in the caller's transaction; `settleRefunds` then asks the provider. */
  async function startRefund(tx: Tx, o: OrderRow, amountFen: number): Promise<void> {
    if (amountFen <= 0) return;
    await ordersRepository.update(tx, o.id, { status: 'refunding', refundFen: amountFen });
  }

  /** Asks the provider for every refund not yet done (also what a restart picks up). */
  async function settleRefunds(orderId?: number): Promise<void> {
    const pending = await ordersRepository.inStatus(db, 'refunding', orderId);
    for (const o of pending) {
      const r = await provider(o.provider).refund({
        orderNo: o.orderNo,
        refundNo: `R${o.orderNo.slice(1)}`,
        amountFen: o.refundFen,
        totalFen: o.amountFen,
      });
      if (r.status !== 'succeeded') {
        await ordersRepository.update(db, o.id, { providerRefundId: r.providerRefundId });
        continue;
      }
      await db.transaction(async (tx) => {
        const done = await ordersRepository.update(
          tx,
          o.id,
          { status: 'refunded', refundedAt: clock(), providerRefundId: r.providerRefundId },
          'refunding',
        );
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
    const done = await ordersRepository.update(
      tx,
      o.id,
      { status: 'cancelled', cancelledAt: clock() },
      'unpaid',
    );
    if (done) await fulfillers.get(o.kind)?.onCancelled(tx, done);
    return !!done;
  }

  const service = {
    register(kind: OrderKind, f: Fulfiller) {
      fulfillers.set(kind, f);
    },
    present,
    startRefund,

    /** The order as its item's page shows it, or null. */
    async presentById(tx: DbOrTx, id: number): Promise<Order | null> {
      const o = await ordersRepository.byId(tx, id);
      return o ? present(o) : null;
    },

    /** Several orders at once (a page of bookings), by id. */
    async presentByIds(tx: DbOrTx, ids: number[]): Promise<Map<number, Order>> {
      const rows = ids.length ? await ordersRepository.byIds(tx, ids) : [];
      return new Map(rows.map((o) => [o.id, present(o)]));
    },

    /**
     * The order of an item being given up, locked in the caller's transaction: still unpaid, it
     * is cancelled (its fulfiller told); paid, the caller decides the refund (`startRefund`).
     * Answers the order as it was, or undefined.
     */
    async settleForCancelledItem(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
      const o = await ordersRepository.lock(tx, { id: orderId });
      if (o?.status === 'unpaid') await cancelUnpaid(tx, o);
      return o;
    },

    /**
     * The payer's unpaid order for an item, locked in the caller's transaction, to pay it
     * instead of ordering again; one past its time is cancelled first (answers undefined then).
     */
    async unpaidFor(tx: Tx, userId: number, kind: OrderKind, itemId: number): Promise<OrderRow | undefined> {
      const o = await ordersRepository.unpaidFor(tx, userId, kind, itemId);
      if (o && o.expiresAt <= clock()) {
        await cancelUnpaid(tx, o);
        return undefined;
      }
      return o;
    },

    /** Cancels the order if it is still unpaid (an item's hold ran out); answers whether it did. */
    cancelUnpaidFor: async (tx: Tx, orderId: number): Promise<boolean> => {
      const o = await ordersRepository.byId(tx, orderId);
      return !!o && o.status === 'unpaid' && (await cancelUnpaid(tx, o));
    },
    settleRefunds,
    settleDuplicateRefunds,

    /** A new unpaid order, in the caller's transaction; the amount comes from the caller's own rules. */
    async create(
      tx: Tx,
      input: { userId: number; kind: OrderKind; itemId: number; title: string; amountFen: number },
    ) {
      const now = clock();
      return ordersRepository.insert(tx, {
        ...input,
        orderNo: newOrderNo(now),
        provider: defaultProvider,
        expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
        createdAt: now,
      });
    },

    /** Free items need no payment: the order is paid on the spot, in the same transaction. */
    async markPaidFree(tx: Tx, o: OrderRow): Promise<OrderRow> {
      return (await ordersRepository.update(tx, o.id, {
        status: 'paid',
        paidAt: clock(),
        providerTxnId: 'FREE',
      }))!;
    },

    /** The caller's own orders, newest first. */
    async list(
      actor: Actor,
      q: { pageNum: number; pageSize: number; status?: OrderStatus | undefined },
    ): Promise<Page<Order>> {
      const { rows, total } = await ordersRepository.pageOf(db, actor.userId, q);
      return { list: rows.map(present), total, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async detail(actor: Actor, id: number): Promise<Order> {
      return presentDetail(await ownOrder(db, actor, { id }));
    },

    async byOrderNo(actor: Actor, orderNo: string): Promise<Order> {
      return presentDetail(await ownOrder(db, actor, { orderNo }));
    },

    /** Where the payer goes to pay this order. */
    async startPayment(actor: Actor, id: number): Promise<PayStart> {
      const o = await ownOrder(db, actor, { id });
      if (o.status !== 'unpaid') throw new AppError('CONFLICT', '订单当前不可支付');
      if (o.expiresAt <= clock()) throw new AppError('CONFLICT', '订单已超时，请重新下单');
      const { cashierUrl } = await provider(o.provider).createPayment(o);
      return { cashierUrl, order: present(o) };
    },

    async cancel(actor: Actor, id: number): Promise<Order> {
      const o = await ownOrder(db, actor, { id });
      if (o.status !== 'unpaid') throw new AppError('CONFLICT', '只有待支付的订单可以取消');
      await db.transaction((tx) => cancelUnpaid(tx, o));
      return present(await ownOrder(db, actor, { id }));
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
        await ordersRepository.insertPaymentEvent(db, {
          provider: p.name,
          kind: 'notify',
          outcome: `rejected:${err.reason}`,
          createdAt: clock(),
        });
        return { ok: false, message: err.message };
      }
      try {
        await ordersRepository.insertPaymentEvent(db, {
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
        const o = await ordersRepository.lock(tx, { orderNo: n.orderNo });
        if (!o) return { ok: false, message: '订单不存在' } as const;
        if (n.amountFen !== o.amountFen) return { ok: false, message: '金额不符' } as const;
        if (n.status !== 'paid') return { ok: true, message: 'payment failed noted' } as const;
        if (o.status === 'paid' || o.status === 'refunding' || o.status === 'refunded') {
          if (o.providerTxnId === n.providerTxnId) return { ok: true, message: 'already paid' } as const;
          // The payer was charged a second time (another transaction): that money goes back in full.
          const dup = await ordersRepository.insertDuplicate(tx, {
            orderId: o.id,
            providerTxnId: n.providerTxnId,
            amountFen: n.amountFen,
            createdAt: clock(),
          });
          return {
            ok: true,
            message: dup ? 'paid twice, refunding' : 'paid twice noted',
            duplicateOf: o.id,
          } as const;
        }
        const late = o.status === 'cancelled';
        const paid = await ordersRepository.update(tx, o.id, {
          status: 'paid',
          paidAt: clock(),
          providerTxnId: n.providerTxnId,
        });
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
      await ordersRepository.setPaymentEventOutcome(
        db,
        p.name,
        n.nonce,
        result.ok ? result.message : `rejected:${result.message}`,
      );
      if ('order' in result && result.order && result.outcome === 'refund')
        await settleRefunds(result.order.id);
      if ('duplicateOf' in result && result.duplicateOf) await settleDuplicateRefunds(result.duplicateOf);
      return { ok: result.ok, message: result.message };
    },

    /** Cancels unpaid orders past their time, then finishes refunds left half-way. */
    async sweep(): Promise<number> {
      const now = clock();
      const stale = await ordersRepository.unpaidExpiredBy(db, now);
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
