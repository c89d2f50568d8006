import type { OrderStatus } from '@psy/contracts';
import { and, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duplicatePayments, orders, paymentEvents } from './orders.table';
import { countFrom, pageWhere, rowByIdRead } from '../../db/rows';

export type OrderRow = typeof orders.$inferSelect;
export type DuplicatePaymentRow = typeof duplicatePayments.$inferSelect;
type OrderChanges = Partial<typeof orders.$inferInsert>;

const byIdRead = rowByIdRead(orders);

export const ordersRepository = {
  async insert(db: DbOrTx, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row!;
  },

  async byId(db: DbOrTx, id: number): Promise<OrderRow | undefined> {
    return byIdRead(db, id);
  },

  byIds(db: DbOrTx, ids: number[]): Promise<OrderRow[]> {
    return db.select().from(orders).where(inArray(orders.id, ids));
  },

  async byOrderNo(db: DbOrTx, orderNo: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    return row;
  },

  /** The payer's unpaid order for an item, if any (at most one for a course: a partial unique index). */
  async unpaidFor(db: DbOrTx, userId: number, kind: OrderRow['kind'], itemId: number) {
    const [row] = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.kind, kind),
          eq(orders.itemId, itemId),
          eq(orders.status, 'unpaid'),
        ),
      )
      .for('update');
    return row;
  },

  /** The order locked until the transaction ends (SELECT … FOR UPDATE). */
  async lock(db: DbOrTx, by: { id: number } | { orderNo: string }): Promise<OrderRow | undefined> {
    const where = 'id' in by ? eq(orders.id, by.id) : eq(orders.orderNo, by.orderNo);
    const [row] = await db.select().from(orders).where(where).for('update');
    return row;
  },

  /**
   * Changes the order, only while it is still in `whenStatus` when one is given; answers the
   * changed row, or undefined when the condition no longer held.
   */
  async update(
    db: DbOrTx,
    id: number,
    changes: OrderChanges,
    whenStatus?: OrderStatus,
  ): Promise<OrderRow | undefined> {
    const [row] = await db
      .update(orders)
      .set(changes)
      .where(and(eq(orders.id, id), whenStatus ? eq(orders.status, whenStatus) : undefined))
      .returning();
    return row;
  },

  async pageOf(
    db: DbOrTx,
    userId: number,
    q: { pageNum: number; pageSize: number; status?: OrderStatus | undefined },
  ) {
    const where = and(eq(orders.userId, userId), q.status ? eq(orders.status, q.status) : undefined);
    return pageWhere(q, where, [desc(orders.id)], db.select().from(orders).$dynamic(), countFrom(db, orders));
  },

  /** Orders in `status`, all or the one given. */
  inStatus(db: DbOrTx, status: OrderStatus, orderId?: number): Promise<OrderRow[]> {
    const where: SQL | undefined = and(
      eq(orders.status, status),
      orderId ? eq(orders.id, orderId) : undefined,
    );
    return db.select().from(orders).where(where);
  },

  unpaidExpiredBy(db: DbOrTx, now: Date): Promise<OrderRow[]> {
    return db
      .select()
      .from(orders)
      .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, now)));
  },

  // ---- second payments of one order ----
  duplicatesOf(db: DbOrTx, orderId: number): Promise<DuplicatePaymentRow[]> {
    return db
      .select()
      .from(duplicatePayments)
      .where(eq(duplicatePayments.orderId, orderId))
      .orderBy(duplicatePayments.id);
  },

  /** Second payments not yet given back, with their orders. */
  refundingDuplicates(db: DbOrTx, orderId?: number) {
    return db
      .select({ d: duplicatePayments, o: orders })
      .from(duplicatePayments)
      .innerJoin(orders, eq(orders.id, duplicatePayments.orderId))
      .where(
        and(
          eq(duplicatePayments.status, 'refunding'),
          orderId ? eq(duplicatePayments.orderId, orderId) : undefined,
        ),
      );
  },

  /** Records a second payment; undefined when that transaction was already recorded. */
  async insertDuplicate(
    db: DbOrTx,
    values: typeof duplicatePayments.$inferInsert,
  ): Promise<DuplicatePaymentRow | undefined> {
    const [row] = await db.insert(duplicatePayments).values(values).onConflictDoNothing().returning();
    return row;
  },

  async updateDuplicate(
    db: DbOrTx,
    id: number,
    changes: Partial<typeof duplicatePayments.$inferInsert>,
    whenRefunding = false,
  ): Promise<DuplicatePaymentRow | undefined> {
    const [row] = await db
      .update(duplicatePayments)
      .set(changes)
      .where(
        and(
          eq(duplicatePayments.id, id),
          whenRefunding ? eq(duplicatePayments.status, 'refunding') : undefined,
        ),
      )
      .returning();
    return row;
  },

  // ---- provider notifications ----
  async insertPaymentEvent(db: DbOrTx, values: typeof paymentEvents.$inferInsert): Promise<void> {
    await db.insert(paymentEvents).values(values);
  },

  async setPaymentEventOutcome(db: DbOrTx, provider: string, nonce: string, outcome: string) {
    await db
      .update(paymentEvents)
      .set({ outcome })
      .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.nonce, nonce)));
  },
};
