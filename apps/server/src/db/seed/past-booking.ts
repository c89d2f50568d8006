import { eq } from 'drizzle-orm';
import { slots } from '../../modules/availability/availability.table';
import { bookings } from '../../modules/bookings/bookings.table';
import { orders } from '../../modules/orders/orders.table';
import type { Tx } from '../client';

type OrderValues = typeof orders.$inferInsert;

/**
 * A consultation that took place: its online slot, the completed booking and the paid sandbox
 * order, linked both ways (the feedback seed and the demo sessions both need them). Undefined
 * when the expert has a slot at that time already.
 */
export async function insertPastBooking(
  tx: Tx,
  b: {
    userId: number;
    expertId: number;
    startsAt: Date;
    endsAt: Date;
    bookedAt: Date;
    priceFen: number;
    topic: string;
    slotStatus: 'open' | 'closed';
    order: Pick<OrderValues, 'orderNo' | 'title' | 'providerTxnId' | 'expiresAt' | 'paidAt'>;
    /** More columns of the booking (reminders sent, when it was last changed). */
    booking?: Pick<typeof bookings.$inferInsert, 'reminder24SentAt' | 'reminder1SentAt' | 'updatedAt'>;
  },
): Promise<number | undefined> {
  const { userId, expertId, startsAt, endsAt, bookedAt, priceFen } = b;
  const [slot] = await tx
    .insert(slots)
    .values({ expertId, startsAt, endsAt, mode: 'online', status: b.slotStatus, source: 'manual' })
    .onConflictDoNothing()
    .returning({ id: slots.id });
  if (!slot) return undefined;
  const [order] = await tx
    .insert(orders)
    .values({
      ...b.order,
      userId,
      kind: 'booking',
      itemId: 0,
      amountFen: priceFen,
      status: 'paid',
      provider: 'sandbox',
      createdAt: bookedAt,
    })
    .returning({ id: orders.id });
  const [booking] = await tx
    .insert(bookings)
    .values({
      userId,
      expertId,
      slotId: slot.id,
      status: 'completed',
      startsAt,
      endsAt,
      mode: 'online',
      priceFen,
      topic: b.topic,
      contactPreference: 'chat',
      orderId: order!.id,
      createdAt: bookedAt,
      ...b.booking,
    })
    .returning({ id: bookings.id });
  await tx.update(orders).set({ itemId: booking!.id }).where(eq(orders.id, order!.id));
  return booking!.id;
}
