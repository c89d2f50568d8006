import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { careAssignments } from '../assignments';
import { bookings } from '../bookings';
import { expertTitleOf } from '../experts';
import { institutions } from '../institutions';
import { users } from '../users';

const personRead = reusableRead(['userId'], (tx, p) =>
  tx
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      gender: users.gender,
      birthday: users.birthday,
      telephone: users.telephone,
      institution: institutions.name,
      assignedExpert: sql<
        string | null
      >`(select e.name from ${careAssignments} ca join ${users} e on e.id = ca.expert_id where ca.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .where(eq(users.id, p.userId)),
);

const bookingsRead = reusableRead(['userId', 'limit'], (tx, p) =>
  tx
    .select({ b: bookings, expertName: users.name })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.expertId))
    .where(
      and(
        eq(bookings.userId, p.userId),
        or(ne(bookings.status, 'cancelled'), sql`${bookings.cancelledBy} is distinct from 'system'`),
      ),
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(p.limit),
);

/** Reads for the record; the records module owns no table (views are in audit_logs). */
export const recordsRepository = {
  /** The account and what the record's header shows of it. */
  async person(tx: DbOrTx, userId: number) {
    const [p] = await personRead(tx, { userId });
    return p;
  },

  /**
   * The person's bookings with the expert's name, newest first (at most `limit`); holds that ran
   * out unpaid (cancelled by the system) are left out: no session was ever agreed.
   */
  bookingsOf: (tx: DbOrTx, userId: number, limit: number) => bookingsRead(tx, { userId, limit }),

  /** Names, titles and institutions of the accounts that opened a record. */
  async viewers(tx: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return tx
      .select({
        id: users.id,
        name: users.name,
        title: expertTitleOf(users.id),
        institution: institutions.name,
      })
      .from(users)
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .where(inArray(users.id, ids));
  },
};
