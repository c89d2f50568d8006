// The bookings module as other modules see it.
export type { BookingRules, BookingsService } from './bookings.service';
/** Read-only query pieces for the availability module's calendars (which slots are taken). */
export { activeBookingOn, bookingsOnSlots, type BookingsOnSlots } from './bookings.repository';
/** Read-only query pieces for the consultations page's joins. */
export { bookingQueries } from './bookings.repository';
/** Read-only, for the session-notes and records modules (a booking's parties, a person's bookings). */
export { bookings } from './bookings.table';
