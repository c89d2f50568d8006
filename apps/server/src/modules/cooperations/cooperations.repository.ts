import type { CooperationStatus } from '@psy/contracts';
import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { countsBy, firstWithTotal, rowsById } from '../../db/rows';
import { expertCandidates, expertPairQueries } from '../experts';
import { accountRefOf, users } from '../users';
import { cooperationMessages, cooperations } from './cooperations.table';

export type CooperationRow = typeof cooperations.$inferSelect;

/** Cooperations with the names their lists and detail show (from: the inviter, to: the invitee). */
const cases = expertPairQueries(
  { c: cooperations },
  cooperations,
  {
    id: cooperations.id,
    userId: cooperations.userId,
    fromId: cooperations.inviterId,
    toId: cooperations.inviteeId,
    status: cooperations.status,
    createdAt: cooperations.createdAt,
    updatedAt: cooperations.updatedAt,
  },
  ['invited', 'accepted'],
);
const named = cases.named;
export type NamedCooperation = Awaited<ReturnType<ReturnType<typeof named>['execute']>>[number];

/** Which cooperations a list holds: those an expert sent, or those they received. */
export type CooperationScopeOfList = { kind: 'sent' | 'received'; expertId: number };

const listWhere = (s: CooperationScopeOfList): SQL =>
  s.kind === 'sent' ? eq(cooperations.inviterId, s.expertId) : eq(cooperations.inviteeId, s.expertId);

const active = inArray(cooperations.status, ['invited', 'accepted']);

/** Queries of cooperations and their messages only; names are read from users and institutions. */
export const cooperationsRepository = {
  ...rowsById(cooperations),

  async named(tx: DbOrTx, id: number): Promise<NamedCooperation | undefined> {
    const [c] = await named(tx).where(eq(cooperations.id, id));
    return c;
  },

  /** The active cooperation of this person between these two experts (either way round), if any. */
  async activeBetween(tx: DbOrTx, userId: number, a: number, b: number): Promise<CooperationRow | undefined> {
    const [c] = await tx
      .select()
      .from(cooperations)
      .where(
        and(
          eq(cooperations.userId, userId),
          active,
          or(
            and(eq(cooperations.inviterId, a), eq(cooperations.inviteeId, b)),
            and(eq(cooperations.inviterId, b), eq(cooperations.inviteeId, a)),
          ),
        ),
      )
      .limit(1);
    return c;
  },

  /** A page of one list, the active ones first, then the newest. */
  async page(
    tx: DbOrTx,
    s: CooperationScopeOfList,
    q: { status?: CooperationStatus | undefined; pageNum: number; pageSize: number },
  ) {
    return cases.page(tx, and(listWhere(s), q.status ? eq(cooperations.status, q.status) : undefined), q);
  },

  /** Invitations the expert has not answered yet, the oldest first, with their total. */
  async awaitingReply(tx: DbOrTx, expertId: number, limit: number) {
    const where = and(eq(cooperations.inviteeId, expertId), eq(cooperations.status, 'invited'));
    return firstWithTotal(
      limit,
      (n) => named(tx).where(where).orderBy(cooperations.createdAt, cooperations.id).limit(n),
      tx.select({ n: count() }).from(cooperations).where(where),
    );
  },

  countByStatus(tx: DbOrTx, s: CooperationScopeOfList): Promise<Map<CooperationStatus, number>> {
    return countsBy(tx, cooperations, cooperations.status, listWhere(s));
  },

  async countOf(tx: DbOrTx, s: CooperationScopeOfList): Promise<number> {
    const [r] = await tx.select({ n: count() }).from(cooperations).where(listWhere(s));
    return Number(r?.n ?? 0);
  },

  /** Every cooperation on the person, newest first (their record). */
  ofPerson: cases.ofPerson,

  /** The person's accepted cooperations, current or ended (the experts consulted on their case). */
  async consultedOn(tx: DbOrTx, userId: number): Promise<NamedCooperation[]> {
    return named(tx)
      .where(
        and(
          eq(cooperations.userId, userId),
          sql`${cooperations.respondedAt} is not null`,
          inArray(cooperations.status, ['accepted', 'ended']),
        ),
      )
      .orderBy(desc(cooperations.respondedAt), desc(cooperations.id));
  },

  // ---- messages ----

  async insertMessage(tx: DbOrTx, row: typeof cooperationMessages.$inferInsert): Promise<void> {
    await tx.insert(cooperationMessages).values(row);
  },

  /** The newest `limit` messages, oldest first. */
  async messages(tx: DbOrTx, cooperationId: number, limit: number) {
    const rows = await tx
      .select({ m: cooperationMessages, authorName: users.name })
      .from(cooperationMessages)
      .innerJoin(users, eq(users.id, cooperationMessages.authorId))
      .where(eq(cooperationMessages.cooperationId, cooperationId))
      .orderBy(desc(cooperationMessages.id))
      .limit(limit);
    return rows.reverse();
  },

  // ---- accounts (read only) ----

  account: accountRefOf,

  /** Active experts other than `exceptId` whose name, institution or title contains the keyword. */
  invitees: expertCandidates,
};

/**
 * What `expertId` holds on the person's case through an accepted cooperation in which they were
 * invited (the newest, should there be more): a read piece for the records and warnings modules.
 */
export async function cooperationGrantOf(
  tx: DbOrTx,
  expertId: number,
  userId: number,
): Promise<Pick<CooperationRow, 'id' | 'scope'> | null> {
  const [c] = await grantRead(tx, { expertId, userId });
  return c ?? null;
}

const grantRead = reusableRead(['expertId', 'userId'], (tx, p) =>
  tx
    .select({ id: cooperations.id, scope: cooperations.scope })
    .from(cooperations)
    .where(
      and(
        eq(cooperations.userId, p.userId),
        eq(cooperations.inviteeId, p.expertId),
        eq(cooperations.status, 'accepted'),
      ),
    )
    // The wider scope wins when two inviters brought the same expert in.
    .orderBy(desc(sql`${cooperations.scope} = 'record_and_warnings'`), desc(cooperations.id))
    .limit(1),
);
