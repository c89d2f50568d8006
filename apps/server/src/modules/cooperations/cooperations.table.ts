import { cooperationScopes, cooperationStatuses } from '@psy/contracts';
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
import { userRef, users } from '../users/users.table';

export const cooperationStatusEnum = pgEnum('cooperation_status', cooperationStatuses);
export const cooperationScopeEnum = pgEnum('cooperation_scope', cooperationScopes);

/**
 * 协作: an expert who serves a person invites another expert onto the case. While accepted,
 * the invited expert reads the person's record (and, with `record_and_warnings`, follows up
 * their warnings). One active (invited or accepted) cooperation a person and pair of experts.
 */
export const cooperations = pgTable(
  'cooperations',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    inviterId: userRef(),
    inviteeId: userRef(),
    scope: cooperationScopeEnum().notNull(),
    reason: varchar({ length: 500 }).notNull(),
    status: cooperationStatusEnum().notNull().default('invited'),
    /** Accepted or declined. */
    respondedAt: timestamp({ withTimezone: true }),
    /** Withdrawn or ended. */
    closedAt: timestamp({ withTimezone: true }),
    /** Who ended an accepted cooperation. */
    endedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The reason given for declining or ending, if any. */
    closingReason: varchar({ length: 300 }),
    ...timestamps,
  },
  (t) => [
    index().on(t.inviterId, t.status),
    index().on(t.inviteeId, t.status),
    index().on(t.userId, t.status),
    // One active cooperation a person and pair, whoever invited whom, whatever the race.
    uniqueIndex('cooperations_one_active')
      .on(t.userId, sql`least(${t.inviterId}, ${t.inviteeId})`, sql`greatest(${t.inviterId}, ${t.inviteeId})`)
      .where(sql`${t.status} in ('invited', 'accepted')`),
    check('cooperation_other_expert', sql`${t.inviterId} <> ${t.inviteeId}`),
  ],
);

/** The discussion between the two experts of a cooperation. */
export const cooperationMessages = pgTable(
  'cooperation_messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cooperationId: integer()
      .notNull()
      .references(() => cooperations.id, { onDelete: 'cascade' }),
    authorId: userRef(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.cooperationId, t.id)],
);
