import { desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { countFrom, pageWhere } from '../../db/rows';
import { institutions } from '../institutions';
import { users } from '../users';
import { expertTitleOf } from './experts.repository';

const person = alias(users, 'person');
const fromExpert = alias(users, 'from_expert');
const toExpert = alias(users, 'to_expert');
const fromInst = alias(institutions, 'from_inst');
const toInst = alias(institutions, 'to_inst');

/** The names a case between two experts shows: the person's, and each expert's name, title and institution. */
const pairNames = {
  personName: person.name,
  fromName: fromExpert.name,
  fromTitle: expertTitleOf(fromExpert.id),
  fromInstitution: fromInst.name,
  toName: toExpert.name,
  toTitle: expertTitleOf(toExpert.id),
  toInstitution: toInst.name,
};

/** The columns of a case table the queries below read. */
export interface ExpertPairColumns {
  id: AnyColumn;
  userId: AnyColumn;
  /** The expert who opened the case (who proposes a transfer, who invites to a cooperation). */
  fromId: AnyColumn;
  /** The other expert. */
  toId: AnyColumn;
  status: AnyColumn;
  createdAt: AnyColumn;
  updatedAt: AnyColumn;
}

/**
 * Queries of a case between two experts about a person (转介 from one expert to another, 协作
 * from the inviter to the invitee), for the owning module's repository: `named` selects
 * `select` (the case's own row under the caller's key) with the names above, joined to the
 * person and both experts (a dynamic query: the caller adds where, order and limit); `page` is
 * one page of a list, the `open` states first, then the most recently changed; `ofPerson` is
 * the person's cases for their record.
 */
export function expertPairQueries<S extends Record<string, PgTable>>(
  select: S,
  table: PgTable,
  c: ExpertPairColumns,
  open: readonly string[],
) {
  const named = (tx: DbOrTx) =>
    tx
      .select({ ...select, ...pairNames })
      .from(table)
      .innerJoin(person, eq(person.id, c.userId))
      .innerJoin(fromExpert, eq(fromExpert.id, c.fromId))
      .innerJoin(toExpert, eq(toExpert.id, c.toId))
      .leftJoin(fromInst, eq(fromInst.id, fromExpert.institutionId))
      .leftJoin(toInst, eq(toInst.id, toExpert.institutionId))
      .$dynamic();

  const ofPersonRead = reusableRead(['userId', 'limit'], (tx, p) =>
    named(tx).where(eq(c.userId, p.userId)).orderBy(desc(c.createdAt), desc(c.id)).limit(p.limit),
  );

  return {
    named,

    page(tx: DbOrTx, where: SQL | undefined, q: { pageNum: number; pageSize: number }) {
      const openFirst = sql`case when ${inArray(c.status, [...open])} then 0 else 1 end`;
      return pageWhere(q, where, [openFirst, desc(c.updatedAt), desc(c.id)], named(tx), countFrom(tx, table));
    },

    /** Every case on the person, newest first (at most `limit`). */
    ofPerson: (tx: DbOrTx, userId: number, limit: number) => ofPersonRead(tx, { userId, limit }),
  };
}
