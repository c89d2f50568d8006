import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.table';

export const orderKindEnum = pgEnum('order_kind', ['booking', 'course', 'report']);
export const orderStatusEnum = pgEnum('order_status', [
  'unpaid',
  'paid',
  'refunding',
  'refunded',
  'cancelled',
]);

/** Money is integer fen; the amount is computed on the server, never taken from a client. */
export const orders = pgTable(
  'orders',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar({ length: 32 }).notNull().unique(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: orderKindEnum().notNull(),
    itemId: integer().notNull(),
    title: varchar({ length: 200 }).notNull(),
    amountFen: integer().notNull(),
    status: orderStatusEnum().notNull().default('unpaid'),
    provider: varchar({ length: 20 }).notNull(),
    providerTxnId: varchar({ length: 64 }),
    refundFen: integer().notNull().default(0),
    providerRefundId: varchar({ length: 64 }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    refundedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.kind, t.itemId),
    index().on(t.status, t.expiresAt),
    // A course is bought once: one unpaid or paid order per (user, course); a refund frees it.
    uniqueIndex('orders_one_open_course')
      .on(t.userId, t.itemId)
      .where(sql`${t.kind} = 'course' and ${t.status} in ('unpaid', 'paid')`),
    check('order_amount_nonnegative', sql`${t.amountFen} >= 0`),
    check('order_refund_bounded', sql`${t.refundFen} between 0 and ${t.amountFen}`),
  ],
);

/** Every notification a payment provider sent, valid or not: the audit trail of money. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar({ length: 20 }).notNull(),
    orderNo: varchar({ length: 32 }),
    kind: varchar({ length: 20 }).notNull(),
    /** The provider's id for this notification; a repeat is a duplicate. */
    nonce: varchar({ length: 64 }),
    outcome: varchar({ length: 30 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.orderNo), unique('payment_events_nonce').on(t.provider, t.nonce)],
);

/**
 * A second successful payment for an order that was already paid (the payer was charged
 * twice, e.g. by paying in two windows): recorded on the order and refunded in full.
 */
export const duplicatePayments = pgTable(
  'duplicate_payments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    providerTxnId: varchar({ length: 64 }).notNull(),
    amountFen: integer().notNull(),
    status: varchar({ length: 20 }).$type<'refunding' | 'refunded'>().notNull().default('refunding'),
    providerRefundId: varchar({ length: 64 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp({ withTimezone: true }),
  },
  (t) => [unique('duplicate_payments_txn').on(t.orderId, t.providerTxnId), index().on(t.status)],
);
