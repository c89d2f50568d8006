import { describe, expect, it } from 'vitest';
import { bookingViewer, canActOnBooking, canBookSlot } from './bookings.policy';

const booking = { userId: 10, expertId: 20 };
const user = { userId: 10, role: 'user' as const };
const expert = { userId: 20, role: 'expert' as const };
const stranger = { userId: 30, role: 'user' as const };
const admin = { userId: 1, role: 'admin' as const };

describe('bookings policy', () => {
  it('the booker sees it as the user, the expert as the expert, anyone else not at all', () => {
    expect(bookingViewer(user, booking)).toBe('user');
    expect(bookingViewer(expert, booking)).toBe('expert');
    expect(bookingViewer(stranger, booking)).toBeNull();
    expect(bookingViewer(admin, booking)).toBeNull();
  });

  it('the booker acts on the user side only, the expert on the expert side only', () => {
    expect(canActOnBooking(user, booking, 'user')).toBe(true);
    expect(canActOnBooking(user, booking, 'expert')).toBe(false);
    expect(canActOnBooking(expert, booking, 'expert')).toBe(true);
    expect(canActOnBooking(expert, booking, 'user')).toBe(false);
    expect(canActOnBooking(stranger, booking, 'user')).toBe(false);
    expect(canActOnBooking(admin, booking, 'expert')).toBe(false);
  });

  it('an expert who is no longer an expert cannot act as one', () => {
    expect(canActOnBooking({ userId: 20, role: 'user' }, booking, 'expert')).toBe(false);
  });

  it('nobody books their own slot', () => {
    expect(canBookSlot(expert, { expertId: 20 })).toBe(false);
    expect(canBookSlot(user, { expertId: 20 })).toBe(true);
  });
});
