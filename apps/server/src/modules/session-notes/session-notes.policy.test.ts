import { describe, expect, it } from 'vitest';
import { canSeeBookingNote, canWriteNote } from './session-notes.policy';
import { auditor, expert, thirdExpert as otherExpert, person } from '../../lib/test-actors';

const booking = (status: string) => ({ userId: 30, expertId: 7, status });

describe('session note policy', () => {
  it('shows a booking’s note to the booking’s expert only, never to the person who booked', () => {
    expect(canSeeBookingNote(expert, booking('completed'))).toBe(true);
    expect(canSeeBookingNote(person, booking('completed'))).toBe(false);
    expect(canSeeBookingNote(otherExpert, booking('completed'))).toBe(false);
    expect(canSeeBookingNote(auditor, booking('completed'))).toBe(false);
    // The expert's id on a non-expert account is not enough.
    expect(canSeeBookingNote({ userId: 7, role: 'user' }, booking('completed'))).toBe(false);
  });

  it('lets the expert write once the session is completed, and only the author edit', () => {
    expect(canWriteNote(expert, booking('completed'), null)).toBe(true);
    expect(canWriteNote(expert, booking('completed'), { authorId: 7 })).toBe(true);
    expect(canWriteNote(expert, booking('completed'), { authorId: 8 })).toBe(false);
    for (const s of ['pending_payment', 'confirmed', 'no_show', 'cancelled'])
      expect(canWriteNote(expert, booking(s), null)).toBe(false);
    expect(canWriteNote(person, booking('completed'), null)).toBe(false);
  });
});
