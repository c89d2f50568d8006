import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reusableRead } from '../../lib/reusable-read';
import { bookings } from '../bookings';
import { users } from '../users';
import { sessionNotes } from './session-notes.table';

export type SessionNoteRow = typeof sessionNotes.$inferSelect;

/** Queries of session notes only; bookings and names are read from their owners' tables. */
const notesOfPersonRead = reusableRead(['userId'], (tx, p) =>
  tx
    .select({ n: sessionNotes, authorName: users.name })
    .from(sessionNotes)
    .innerJoin(users, eq(users.id, sessionNotes.authorId))
    .where(eq(sessionNotes.userId, p.userId))
    .orderBy(desc(sessionNotes.createdAt)),
);

export const sessionNotesRepository = {
  /** The booking's parties and state (bookings table, read only). */
  async booking(tx: DbOrTx, id: number) {
    const [b] = await tx
      .select({
        id: bookings.id,
        userId: bookings.userId,
        expertId: bookings.expertId,
        status: bookings.status,
      })
      .from(bookings)
      .where(eq(bookings.id, id));
    return b;
  },

  async ofBooking(tx: DbOrTx, bookingId: number, opts: { lock?: boolean } = {}) {
    const q = tx
      .select({ n: sessionNotes, authorName: users.name })
      .from(sessionNotes)
      .innerJoin(users, eq(users.id, sessionNotes.authorId))
      .where(eq(sessionNotes.bookingId, bookingId))
      .$dynamic();
    const [row] = await (opts.lock ? q.for('update', { of: sessionNotes }) : q);
    return row;
  },

  async insert(tx: DbOrTx, row: typeof sessionNotes.$inferInsert): Promise<void> {
    await tx.insert(sessionNotes).values(row);
  },

  async update(tx: DbOrTx, id: number, set: Partial<typeof sessionNotes.$inferInsert>): Promise<void> {
    await tx.update(sessionNotes).set(set).where(eq(sessionNotes.id, id));
  },

  /** Every note on the person's sessions, newest first. */
  ofPerson: (tx: DbOrTx, userId: number) => notesOfPersonRead(tx, { userId }),
};
