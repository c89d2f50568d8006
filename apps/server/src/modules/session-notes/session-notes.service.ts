import type { BookingNote, SessionNote, SessionNoteBody } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { canSeeBookingNote, canWriteNote } from './session-notes.policy';
import { sessionNotesRepository as repo, type SessionNoteRow } from './session-notes.repository';

const present = (n: SessionNoteRow, authorName: string): SessionNote => ({
  id: n.id,
  bookingId: n.bookingId,
  topic: n.topic,
  risk: n.risk,
  nextStep: n.nextStep,
  content: n.content,
  author: { id: n.authorId, name: authorName },
  createdAt: n.createdAt.toISOString(),
  updatedAt: n.updatedAt.toISOString(),
});

/**
 * 咨询记录: after a completed booking, the expert it was with writes a private note (topic, risk
 * assessment, next step, free text) and may edit it. Only that expert reads it through the
 * booking; the person's record shows it to those who may open the record. Never to the person.
 */
export function createSessionNotesService({ db, clock }: { db: Db; clock: Clock }) {
  /** The booking as the note's expert sees it (404 for anyone else, the person who booked included). */
  async function bookingFor(tx: DbOrTx, actor: Actor, bookingId: number) {
    const b = await repo.booking(tx, bookingId);
    if (!b || !canSeeBookingNote(actor, b)) throw notFound('预约不存在');
    return b;
  }

  async function noteOf(actor: Actor, bookingId: number): Promise<BookingNote> {
    const b = await bookingFor(db, actor, bookingId);
    const row = await repo.ofBooking(db, bookingId);
    return {
      bookingId,
      note: row ? present(row.n, row.authorName) : null,
      canWrite: canWriteNote(actor, b, row?.n ?? null),
    };
  }

  return {
    forBooking: noteOf,

    /** Writes the note, or rewrites it (its author only), once the booking is completed. */
    async save(actor: Actor, bookingId: number, body: SessionNoteBody): Promise<BookingNote> {
      const fields = {
        topic: body.topic.trim(),
        risk: body.risk,
        nextStep: body.nextStep.trim(),
        content: body.content.trim(),
      };
      await db
        .transaction(async (tx) => {
          const b = await bookingFor(tx, actor, bookingId);
          if (b.status !== 'completed') throw new AppError('CONFLICT', '预约完成后才能填写咨询记录');
          const existing = await repo.ofBooking(tx, bookingId, { lock: true });
          if (!canWriteNote(actor, b, existing?.n ?? null))
            throw new AppError('FORBIDDEN', '只有记录的作者可以修改');
          if (existing) await repo.update(tx, existing.n.id, fields);
          else
            await repo.insert(tx, {
              bookingId,
              userId: b.userId,
              authorId: actor.userId,
              ...fields,
              createdAt: clock(),
              updatedAt: clock(),
            });
        })
        .catch((err: unknown) => {
          // Two first saves at once: one note a booking (unique index); the second is a conflict.
          if (pgError(err).code === UNIQUE_VIOLATION)
            throw new AppError('CONFLICT', '咨询记录已被保存，请刷新后再修改');
          throw err;
        });
      return noteOf(actor, bookingId);
    },

    /** The notes on the person's sessions, by booking (for their record). */
    async ofPerson(tx: DbOrTx, userId: number): Promise<Map<number, SessionNote>> {
      const rows = await repo.ofPerson(tx, userId);
      return new Map(rows.map((r) => [r.n.bookingId, present(r.n, r.authorName)]));
    },
  };
}
export type SessionNotesService = ReturnType<typeof createSessionNotesService>;
