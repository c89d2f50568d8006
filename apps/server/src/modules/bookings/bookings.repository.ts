import type { BookingStatus } from '@psy/contracts';
import {
  and,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowByIdRead } from '../../db/rows';
import { expertTitleOf } from '../experts';
import { users } from '../users';
import { bookings } from './bookings.table';

export type BookingRow = typeof bookings.$inferSelect;
type BookingChanges = Partial<typeof bookings.$inferInsert>;

/** A slot is taken while a confirmed booking, or a pending one whose hold has not run out, sits on it. */
export const activeBookingOn = (slotId: SQL | AnyColumn, now: Date) => sql`exists (
  select 1 from ${bookings} b where b.slot_id = ${slotId}
  and (b.status = 'confirmed' or (b.status = 'pending_payment' and b.hold_expires_at > ${now.toISOString()}::timestamptz)))`;

/** Bookings an expert's calendar shows on its slots, with who booked. */
export type BookingsOnSlots = typeof bookingsOnSlots;
export async function bookingsOnSlots(db: DbOrTx, slotIds: number[], now: Date) {
  if (!slotIds.length) return [];
  return db
    .select({ id: bookings.id, slotId: bookings.slotId, status: bookings.status, userName: users.name })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        inArray(bookings.slotId, slotIds),
        sql`(${bookings.status} in ('confirmed', 'completed', 'no_show') or (${bookings.status} = 'pending_payment' and ${bookings.holdExpiresAt} > ${now.toISOString()}::timestamptz))`,
      ),
    );
}

/** Bookings matching `where` with both people's names, the user's phone and the expert's title. */
function withPeopleWhere(db: DbOrTx, where: SQL, total: SQL<number> = sql<number>`0`) {
  return db
    .select({
      b: bookings,
      expertName: sql<string>`ex.name`,
      expertAvatar: sql<string | null>`ex.avatar`,
      title: expertTitleOf(bookings.expertId),
      userName: users.name,
      userPhone: users.telephone,
      total,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(sql`${users} as ex`, sql`ex.id = ${bookings.expertId}`)
    .where(where)
    .$dynamic();
}
export type BookingWithPeople = Awaited<ReturnType<typeof withPeopleWhere>>[number];

const byIdRead = rowByIdRead(bookings);

export const bookingsRepository = {
  /** The expert's confirmed or held-to-completion bookings starting in [start, end), in time order. */
  async expertDay(tx: DbOrTx, expertId: number, start: Date, end: Date) {
    return tx
      .select({ b: bookings, userName: users.name })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.userId))
      .where(
        and(
          eq(bookings.expertId, expertId),
          inArray(bookings.status, ['confirmed', 'completed']),
          sql`${bookings.startsAt} >= ${start.toISOString()}::timestamptz`,
          sql`${bookings.startsAt} < ${end.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(bookings.startsAt, bookings.id);
  },

  async byId(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
    return byIdRead(db, id);
  },

  async lock(db: DbOrTx, id: number): Promise<BookingRow | undefined> {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).for('update');
    return row;
  },

  /** The booking with both people's names, the user's phone and the expert's title. */
  async withPeople(db: DbOrTx, id: number) {
    const [row] = await withPeopleWhere(db, eq(bookings.id, id));
    return row;
  },

  async expertName(db: DbOrTx, expertId: number): Promise<string | undefined> {
    const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, expertId));
    return row?.name;
  },

  async insert(db: DbOrTx, values: typeof bookings.$inferInsert): Promise<BookingRow> {
    const [row] = await db.insert(bookings).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, id: number, changes: BookingChanges, whenStatus?: BookingStatus): Promise<void> {
    await db
      .update(bookings)
      .set(changes)
      .where(and(eq(bookings.id, id), whenStatus ? eq(bookings.status, whenStatus) : undefined));
  },

  /**
   * Pending bookings whose hold ran out by `now`, locked; only those on the slot or of the
   * user when `scope` is given.
   */
  staleHolds(db: DbOrTx, now: Date, scope?: { slotId: number; userId: number }): Promise<BookingRow[]> {
    return db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'pending_payment'),
          lte(bookings.holdExpiresAt, now),
          scope ? or(eq(bookings.slotId, scope.slotId), eq(bookings.userId, scope.userId)) : undefined,
        ),
      )
      .for('update');
  },

  /**
   * A page of the user's (or the expert's) bookings, latest start first, with both people (as
   * `withPeople`) and the total, in one round trip: the page's ids and the count are subqueries
   * of the query that joins the people, so only the page's rows are joined.
   */
  async pageWithPeople(
    db: DbOrTx,
    whose: { userId: number } | { expertId: number },
    q: { pageNum: number; pageSize: number; status?: BookingStatus | undefined },
  ) {
    const owner =
      'userId' in whose ? eq(bookings.userId, whose.userId) : eq(bookings.expertId, whose.expertId);
    const where = and(owner, q.status ? eq(bookings.status, q.status) : undefined);
    const order = [desc(bookings.startsAt), desc(bookings.id)];
    const ids = db
      .select({ id: bookings.id })
      .from(bookings)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize);
    const counted = db.select({ n: count() }).from(bookings).where(where);
    const rows = await withPeopleWhere(db, inArray(bookings.id, ids), sql<number>`(${counted})`).orderBy(
      ...order,
    );
    // A page past the end has no row to carry the total.
    const total = rows.length
      ? Number(rows[0]!.total)
      : q.pageNum > 1
        ? Number((await counted)[0]?.n ?? 0)
        : 0;
    return { rows, total };
  },

  /** Marks the 1 h reminder sent (and the 24 h one with it) on bookings starting within the hour. */
  async markHourReminders(db: DbOrTx, now: Date, hour: number): Promise<number[]> {
    const rows = await db
      .update(bookings)
      .set({
        reminder1SentAt: now,
        reminder24SentAt: sql`coalesce(${bookings.reminder24SentAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminder1SentAt),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + hour)),
        ),
      )
      .returning({ id: bookings.id });
    return rows.map((r) => r.id);
  },

  /** Marks the 24 h reminder sent on bookings starting between one and 24 hours from now. */
  async markDayReminders(db: DbOrTx, now: Date, hour: number): Promise<number[]> {
    const rows = await db
      .update(bookings)
      .set({ reminder24SentAt: now })
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reminder24SentAt),
          gt(bookings.startsAt, new Date(now.getTime() + hour)),
          lte(bookings.startsAt, new Date(now.getTime() + 24 * hour)),
        ),
      )
      .returning({ id: bookings.id });
    return rows.map((r) => r.id);
  },
};

/**
 * Read-only query pieces for the consultations page (a person's experts): the experts a
 * user has booked, and per expert the next booking still ahead and how many were made.
 */
export const bookingQueries = {
  /** Rows `(peer_id, at)`: each booking of the user, with the expert and when it was made. */
  expertsBookedBy: (userId: number) =>
    sql`select ${bookings.expertId} as peer_id, ${bookings.createdAt} as at from ${bookings} where ${bookings.userId} = ${userId}`,
  /** The user's next booking with the expert that still stands, as JSON, or null. */
  nextWith: (userId: number, expertId: SQL | AnyColumn, now: Date) => sql<{
    id: number;
    startsAt: string;
    endsAt: string;
    mode: 'online' | 'offline';
    status: 'pending_payment' | 'confirmed';
  } | null>`(
    select json_build_object('id', b.id, 'startsAt', b.starts_at, 'endsAt', b.ends_at, 'mode', b.mode, 'status', b.status)
    from ${bookings} b
    where b.user_id = ${userId} and b.expert_id = ${expertId} and b.ends_at > ${now.toISOString()}::timestamptz
      and (b.status = 'confirmed' or (b.status = 'pending_payment' and b.hold_expires_at > ${now.toISOString()}::timestamptz))
    order by b.starts_at limit 1)`,
  /** How many bookings (not cancelled) the user has made with the expert. */
  countWith: (userId: number, expertId: SQL | AnyColumn) => sql<number>`(
    select count(*)::int from ${bookings} b
    where b.user_id = ${userId} and b.expert_id = ${expertId} and b.status <> 'cancelled')`,
};
