import { sql } from 'drizzle-orm';
import { date, index, integer, pgEnum, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { institutions } from '../institutions/institutions.table';

/** identityType in API payloads: user 0, expert 1, auditor 2, admin 3. */
export const userRole = pgEnum('user_role', ['user', 'expert', 'auditor', 'admin']);
export const gender = pgEnum('gender', ['male', 'female', 'unknown']);
export const userStatus = pgEnum('user_status', ['active', 'disabled']);

/** A required reference to an account, deleted with it (`on delete cascade`). */
export const userRef = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    telephone: varchar({ length: 11 }).notNull().unique(),
    name: varchar({ length: 50 }).notNull(),
    /** argon2id PHC string; null for accounts created by SMS login that never set one. */
    passwordHash: text(),
    role: userRole().notNull().default('user'),
    gender: gender().notNull().default('unknown'),
    birthday: date({ mode: 'string' }),
    /** File name of the avatar under /SysAdmin/file/upload/. */
    avatar: varchar({ length: 200 }),
    institutionId: integer().references(() => institutions.id, { onDelete: 'set null' }),
    status: userStatus().notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    index().on(t.role),
    index().on(t.institutionId),
    // The admin's list of accounts, newest first.
    index().on(t.createdAt, t.id),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    // The admin's search, "telephone starts with": a range of this index (pattern order, any
    // collation), next to the name's trigram index in a BitmapOr.
    index('users_telephone_prefix').on(t.telephone.op('varchar_pattern_ops')),
    // The public experts (a thousand among a hundred thousand accounts): the search and the
    // lists join expert profiles to these, which the planner walked the whole primary key for
    // (13 ms at a million assessments, 1 ms from this index).
    index('users_active_experts')
      .on(t.id)
      .where(sql`${t.role} = 'expert' and ${t.status} = 'active'`),
  ],
);
