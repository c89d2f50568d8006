import type { TransferStatus } from '@psy/contracts';
import { and, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { countsBy, firstWithTotal, rowsById } from '../../db/rows';
import { expertCandidates, expertPairQueries } from '../experts';
import { accountRefOf, users } from '../users';
import { transfers } from './transfers.table';

export type TransferRow = typeof transfers.$inferSelect;

/** Transfers with the names their lists and detail show. */
const cases = expertPairQueries(
  { t: transfers },
  transfers,
  {
    id: transfers.id,
    userId: transfers.userId,
    fromId: transfers.fromExpertId,
    toId: transfers.toExpertId,
    status: transfers.status,
    createdAt: transfers.createdAt,
    updatedAt: transfers.updatedAt,
  },
  ['requested', 'user_confirmed'],
);
const named = cases.named;
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
  ...rowsById(transfers),

  async named(tx: DbOrTx, id: number): Promise<NamedTransfer | undefined> {
    const [t] = await named(tx).where(eq(transfers.id, id));
    return t;
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
  ofPerson: cases.ofPerson,

  /** A page of one scope's transfers, the open ones first, then the newest. */
  async page(
    tx: DbOrTx,
    s: TransferScope,
    q: { status?: TransferStatus | undefined; pageNum: number; pageSize: number },
  ) {
    return cases.page(tx, and(scopeWhere(s), q.status ? eq(transfers.status, q.status) : undefined), q);
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
    return firstWithTotal(
      limit,
      (n) => named(tx).where(where).orderBy(desc(transfers.updatedAt), desc(transfers.id)).limit(n),
      tx.select({ n: count() }).from(transfers).where(where),
    );
  },

  /** How many transfers of the scope are in each state. */
  countByStatus(tx: DbOrTx, s: TransferScope): Promise<Map<TransferStatus, number>> {
    return countsBy(tx, transfers, transfers.status, scopeWhere(s));
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
