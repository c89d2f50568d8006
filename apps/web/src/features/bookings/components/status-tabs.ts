import { bookingStatusLabels, type BookingStatus } from '@psy/contracts';

/** The list tabs: all, then the states in the order a booking goes through them. */
export const bookingTabs: { key: 'all' | BookingStatus; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending_payment', label: bookingStatusLabels.pending_payment },
  { key: 'confirmed', label: bookingStatusLabels.confirmed },
  { key: 'completed', label: bookingStatusLabels.completed },
  { key: 'no_show', label: bookingStatusLabels.no_show },
  { key: 'cancelled', label: bookingStatusLabels.cancelled },
];
