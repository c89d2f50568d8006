import { transferStatuses } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { userRef } from '../users/users.table';

export const transferStatusEnum = pgEnum('transfer_status', transferStatuses);

/**
 * 转介: an expert proposes moving a person they follow up to another expert. The person
 * confirms or declines; an auditor then approves or rejects (review_requests, kind
 * `transfer`, which holds who decided, when and why).
 */
export const transfers = pgTable(
  'transfers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    fromExpertId: userRef(),
    toExpertId: userRef(),
    reason: varchar({ length: 500 }).notNull(),
    /** What the receiver should know (the proposer's words); the person does not read it. */
    summary: text().notNull(),
    status: transferStatusEnum().notNull().default('requested'),
    confirmedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    declineReason: varchar({ length: 300 }),
    withdrawnAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index().on(t.fromExpertId, t.status),
    index().on(t.toExpertId, t.status),
    index().on(t.userId, t.createdAt),
    // One open transfer a person at a time, whatever the race.
    uniqueIndex('transfers_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('requested', 'user_confirmed')`),
    check('transfer_other_expert', sql`${t.fromExpertId} <> ${t.toExpertId}`),
  ],
);
