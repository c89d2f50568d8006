import { index, integer, pgEnum, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { userRef } from '../users/users.table';

/** A signed-in device. Only a SHA-256 of the token is kept; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef(),
    tokenHash: varchar({ length: 64 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is lastSeenAt + the idle limit. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 200 }),
  },
  (t) => [index().on(t.userId)],
);

export const smsPurpose = pgEnum('sms_purpose', ['login', 'reset']);

/** SMS codes, stored as an HMAC: six digits are too few to survive a plain hash. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    telephone: varchar({ length: 11 }).notNull(),
    purpose: smsPurpose().notNull(),
    codeHash: varchar({ length: 64 }).notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when used, when voided by too many wrong tries, or when a newer code replaces it. */
    consumedAt: timestamp({ withTimezone: true }),
    ip: varchar({ length: 64 }),
  },
  (t) => [index().on(t.telephone, t.createdAt), index().on(t.ip, t.createdAt)],
);
