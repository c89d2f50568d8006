import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { consultModeEnum, slots } from '../availability/availability.table';
import { orders } from '../orders/orders.table';
import { users } from '../users/users.table';

export const bookingStatusEnum = pgEnum('booking_status', [
  'pending_payment',
  'confirmed',
  'completed',
  'no_show',
  'cancelled',
]);
export const contactPreferenceEnum = pgEnum('contact_preference', ['phone', 'chat', 'either']);
export const cancelledByEnum = pgEnum('cancelled_by', ['user', 'expert', 'system']);

/**
 * A user's reservation of a slot. The database guarantees at most one pending or
 * confirmed booking per slot (unique index) and that no two active bookings of one user
 * overlap (exclusion constraint, migration 0005).
 */
export const bookings = pgTable(
  'bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    expertId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    slotId: integer()
      .notNull()
      .references(() => slots.id, { onDelete: 'restrict' }),
    status: bookingStatusEnum().notNull().default('pending_payment'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    mode: consultModeEnum().notNull(),
    priceFen: integer().notNull(),
    topic: varchar({ length: 200 }).notNull(),
    contactPreference: contactPreferenceEnum().notNull(),
    note: text(),
    holdExpiresAt: timestamp({ withTimezone: true }),
    orderId: integer().references(() => orders.id),
    cancelledBy: cancelledByEnum(),
    cancelReason: varchar({ length: 200 }),
    cancelledAt: timestamp({ withTimezone: true }),
    refundFen: integer().notNull().default(0),
    reminder24SentAt: timestamp({ withTimezone: true }),
    reminder1SentAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.startsAt),
    index().on(t.expertId, t.startsAt),
    index('bookings_status_start').on(t.status, t.startsAt),
    // A slot's bookings of every status (an expert's calendar shows completed and no-show ones
    // too): the partial unique index below covers only the active ones, so without this the
    // calendar read every booking of the platform (我的时段 at 200,000 bookings: 30 ms -> < 1).
    index('bookings_slot_id').on(t.slotId),
    uniqueIndex('bookings_one_active_per_slot')
      .on(t.slotId)
      .where(sql`status in ('pending_payment', 'confirmed')`),
  ],
);
