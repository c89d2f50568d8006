import type { TransferStatus } from '@psy/contracts';
import { and, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { pageWithTotal } from '../../db/rows';
import { expertCandidates, expertTitleOf } from '../experts';
import { institutions } from '../institutions';
import { accountRefOf, users } from '../users';
import { transfers } from './transfers.table';

export type TransferRow = typeof transfers.$inferSelect;

const person = alias(users, 'person');
const fromExpert = alias(users, 'from_expert');
const toExpert = alias(users, 'to_expert');
const fromInst = alias(institutions, 'from_inst');
const toInst = alias(institutions, 'to_inst');

/** A transfer with the names its lists and detail show. */
const withNames = {
  t: transfers,
  personName: person.name,
  fromName: fromExpert.name,
  fromTitle: expertTitleOf(fromExpert.id),
  fromInstitution: fromInst.name,
  toName: toExpert.name,
  toTitle: expertTitleOf(toExpert.id),
  toInstitution: toInst.name,
};

function named(tx: DbOrTx) {
  return tx
    .select(withNames)
    .from(transfers)
    .innerJoin(person, eq(person.id, transfers.userId))
    .innerJoin(fromExpert, eq(fromExpert.id, transfers.fromExpertId))
    .innerJoin(toExpert, eq(toExpert.id, transfers.toExpertId))
    .leftJoin(fromInst, eq(fromInst.id, fromExpert.institutionId))
    .leftJoin(toInst, eq(toInst.id, toExpert.institutionId))
    .$dynamic();
}
export type NamedTransfer = Awaited<ReturnType<ReturnType<typeof named>['execute']>>[number];

/** Which transfers a list holds: an expert's outgoing or incoming ones, or a person's. */
export type TransferScope =
  | { kind: 'outgoing'; expertId: number }
  | { kind: 'incoming'; expertId: number }
  | { kind: 'person'; userId: number };

function scopeWhere(s: TransferScope): SQL {
  if (s.kind === 'outgoing') return eq(transfers.fromExpertId, s.expertId);
  // The receiver sees a transfer once the person has agreed to it (transfers.policy).
  if (s.kind === 'incoming')
    return and(eq(transfers.toExpertId, s.expertId), isNotNull(transfers.confirmedAt))!;
  return eq(transfers.userId, s.userId);
}

/** Queries of transfers only; names are read from the users and institutions tables. */
export const transfersRepository = {
  async insert(tx: DbOrTx, row: typeof transfers.$inferInsert): Promise<TransferRow> {
    const [t] = await tx.insert(transfers).values(row).returning();
    return t!;
  },

  async byId(tx: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<TransferRow | undefined> {
    const q = tx.select().from(transfers).where(eq(transfers.id, id)).$dynamic();
    const [t] = await (opts.lock ? q.for('update') : q);
    return t;
  },

  async named(tx: DbOrTx, id: number): Promise<NamedTransfer | undefined> {
    const [t] = await named(tx).where(eq(transfers.id, id));
    return t;
  },

  async update(tx: DbOrTx, id: number, set: Partial<typeof transfers.$inferInsert>): Promise<void> {
    await tx.update(transfers).set(set).where(eq(transfers.id, id));
  },

  /** The person's open transfer (waiting for them or for the auditors), if any. */
  async openOf(tx: DbOrTx, userId: number): Promise<TransferRow | undefined> {
    const [t] = await tx
      .select()
      .from(transfers)
      .where(
        and(
          eq(transfers.userId, userId),
          or(eq(transfers.status, 'requested'), eq(transfers.status, 'user_confirmed')),
        ),
      );
    return t;
  },

  /** Every transfer of the person, newest first (at most `limit`): their record. */
  async ofPerson(tx: DbOrTx, userId: number, limit: number): Promise<NamedTransfer[]> {
    return named(tx)
      .where(eq(transfers.userId, userId))
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
      .limit(limit);
  },

  /** A page of one scope's transfers, the open ones first, then the newest. */
  async page(
    tx: DbOrTx,
    s: TransferScope,
    q: { status?: TransferStatus | undefined; pageNum: number; pageSize: number },
  ) {
    const where = and(scopeWhere(s), q.status ? eq(transfers.status, q.status) : undefined);
    return pageWithTotal(
      q,
      (limit, offset) =>
        named(tx)
          .where(where)
          .orderBy(
            sql`case when ${transfers.status} in ('requested', 'user_confirmed') then 0 else 1 end`,
            desc(transfers.updatedAt),
            desc(transfers.id),
          )
          .limit(limit)
          .offset(offset),
      tx.select({ n: count() }).from(transfers).where(where),
    );
  },

  /**
   * What of the expert's transfers changed since `since` and asks something of them: people
   * approved to come to them (a first contact to make), and their own proposals the person
   * declined or the auditor rejected (another plan to find). Newest first, with the total.
   */
  async needingAttention(tx: DbOrTx, expertId: number, since: Date, limit: number) {
    const recent = sql`${transfers.updatedAt} >= ${since.toISOString()}::timestamptz`;
    const where = and(
      recent,
      or(
        and(scopeWhere({ kind: 'incoming', expertId }), eq(transfers.status, 'approved')),
        and(
          scopeWhere({ kind: 'outgoing', expertId }),
          inArray(transfers.status, ['declined_by_user', 'rejected']),
        ),
      ),
    );
    const [rows, [total]] = await Promise.all([
      named(tx).where(where).orderBy(desc(transfers.updatedAt), desc(transfers.id)).limit(limit),
      tx.select({ n: count() }).from(transfers).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** How many transfers of the scope are in each state. */
  async countByStatus(tx: DbOrTx, s: TransferScope): Promise<Map<TransferStatus, number>> {
    const rows = await tx
      .select({ status: transfers.status, n: count() })
      .from(transfers)
      .where(scopeWhere(s))
      .groupBy(transfers.status);
    return new Map(rows.map((r) => [r.status, Number(r.n)]));
  },

  async countOf(tx: DbOrTx, s: TransferScope, status?: TransferStatus): Promise<number> {
    const [r] = await tx
      .select({ n: count() })
      .from(transfers)
      .where(and(scopeWhere(s), status ? eq(transfers.status, status) : undefined));
    return Number(r?.n ?? 0);
  },

  // ---- accounts (read only) ----

  account: accountRefOf,

  /** Active experts other than `exceptId` whose name, institution or title contains the keyword. */
  receivers: expertCandidates,

  async auditorIds(tx: DbOrTx): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(or(eq(users.role, 'auditor'), eq(users.role, 'admin')), eq(users.status, 'active')));
    return rows.map((r) => r.id);
  },
};
