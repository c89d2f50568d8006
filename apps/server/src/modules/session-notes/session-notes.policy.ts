import type { Actor } from '../../lib/actor';

export interface NoteBookingFacts {
  userId: number;
  expertId: number;
  status: string;
}

/**
 * A booking's note is the business of the expert the booking is with, and nobody else's on
 * this endpoint: the person who booked, other experts and auditors get 404 (the record shows
 * notes to those who may open it).
 */
export const canSeeBookingNote = (actor: Actor, b: NoteBookingFacts): boolean =>
  actor.role === 'expert' && b.expertId === actor.userId;

/** The expert writes the note once the session took place (the booking is completed). */
export const canWriteNote = (actor: Actor, b: NoteBookingFacts, note: { authorId: number } | null): boolean =>
  canSeeBookingNote(actor, b) &&
  b.status === 'completed' &&
  (note === null || note.authorId === actor.userId);
