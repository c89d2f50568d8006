import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { institutions } from '../institutions/institutions.table';
import { gender, userRef, users } from '../users/users.table';

/**
 * 组织单位: an institution's tree (学院/年级/班级, 部门/团队). Sibling names are unique (a top
 * unit's siblings are the institution's other top units, hence the coalesce); a unit is deleted
 * only when it holds no unit and no member (the service says so; the foreign keys restrict).
 */
export const orgUnits = pgTable(
  'org_units',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => orgUnits.id, { onDelete: 'no action' }),
    name: varchar({ length: 50 }).notNull(),
    /** What level it is, as the institution calls it: 学院, 年级, 班级, 部门, 团队… (free text). */
    kind: varchar({ length: 20 }).notNull().default(''),
    sort: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('org_units_sibling_name').on(t.institutionId, sql`coalesce(${t.parentId}, 0)`, t.name),
    index().on(t.parentId),
  ],
);

/**
 * 名单成员: a person on an institution's roster, in one unit, keyed by 学号/工号 (a re-import
 * updates the row) and by phone; `user_id` is the account of that phone (matched, or created
 * without a password so they sign in by SMS code).
 */
export const orgMembers = pgTable(
  'org_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    institutionId: integer()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    unitId: integer()
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'no action' }),
    name: varchar({ length: 50 }).notNull(),
    telephone: varchar({ length: 11 }).notNull(),
    memberNo: varchar({ length: 32 }).notNull(),
    gender: gender().notNull().default('unknown'),
    birthYear: smallint(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('org_members_member_no').on(t.institutionId, t.memberNo),
    uniqueIndex('org_members_telephone').on(t.institutionId, t.telephone),
    index().on(t.unitId, t.memberNo),
    index().on(t.userId),
    check('org_members_birth_year', sql`${t.birthYear} is null or ${t.birthYear} between 1900 and 2100`),
  ],
);

/** 单位负责人: an account (辅导员, HR partner) that sees these units, everything under them, and their members. */
export const orgUnitStaff = pgTable(
  'org_unit_staff',
  {
    unitId: integer()
      .notNull()
      .references(() => orgUnits.id, { onDelete: 'cascade' }),
    userId: userRef(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.unitId, t.userId] }), index().on(t.userId)],
);
