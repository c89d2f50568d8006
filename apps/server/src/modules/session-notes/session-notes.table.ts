import { riskLevels } from '@psy/contracts';
import { index, integer, pgEnum, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { bookings } from '../bookings/bookings.table';
import { userRef } from '../users/users.table';

export const riskLevelEnum = pgEnum('risk_level', riskLevels);

/**
 * 咨询记录: the expert's private note on a completed booking (one a booking, written and
 * edited by the booking's expert). Never part of anything the person reads; shown in the
 * person's record to those who may open it.
 */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    bookingId: integer()
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** The person the session was with (the booking's user), for their record. */
    userId: userRef(),
    authorId: userRef(),
    topic: varchar({ length: 100 }).notNull(),
    risk: riskLevelEnum().notNull(),
    nextStep: varchar({ length: 500 }).notNull(),
    content: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('session_notes_one_a_booking').on(t.bookingId), index().on(t.userId)],
);
