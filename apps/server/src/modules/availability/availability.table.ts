import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { userRef } from '../users/users.table';

export const consultModeEnum = pgEnum('consult_mode', ['online', 'offline']);
export const slotStatusEnum = pgEnum('slot_status', ['open', 'closed']);
export const slotSourceEnum = pgEnum('slot_source', ['template', 'manual']);

/** A weekly recurring opening: every `weekday` at `startTime` (Asia/Shanghai) for `durationMinutes`. */
export const availabilityTemplates = pgTable(
  'availability_templates',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    expertId: userRef(),
    weekday: integer().notNull(),
    startTime: varchar({ length: 5 }).notNull(),
    durationMinutes: integer().notNull(),
    mode: consultModeEnum().notNull(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index().on(t.expertId),
    check('template_weekday', sql`${t.weekday} between 1 and 7`),
    unique('template_unique').on(t.expertId, t.weekday, t.startTime),
  ],
);

/**
 * A bookable time of an expert, stored in UTC. Open slots of one expert never overlap:
 * an exclusion constraint (migration 0005) enforces it.
 */
export const slots = pgTable(
  'slots',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    expertId: userRef(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    mode: consultModeEnum().notNull(),
    status: slotStatusEnum().notNull().default('open'),
    source: slotSourceEnum().notNull(),
    templateId: integer().references(() => availabilityTemplates.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index().on(t.expertId, t.startsAt),
    unique('slots_expert_start').on(t.expertId, t.startsAt),
    check('slot_order', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
