import { z } from 'zod';
import { bookingStatuses } from './bookings';
import { page, pageQuery } from './common';
import { consultMode } from './experts';

/** 专家咨询 (/user/chart): the experts a person has chatted with or booked, newest contact first. */
export const consultationsQuery = pageQuery;
export type ConsultationsQuery = z.infer<typeof consultationsQuery>;

export const consultationItem = z.object({
  expert: z.object({
    /** The expert's account id (the id of /experts/detail and of a chat peer). */
    id: z.number().int(),
    name: z.string(),
    avatar: z.string().nullable(),
    title: z.string().nullable(),
    institution: z.string().nullable(),
  }),
  /** The chat with this expert, if one was ever opened. */
  chat: z
    .object({
      id: z.number().int(),
      unread: z.number().int(),
      lastActivityAt: z.string(),
    })
    .nullable(),
  /** The next booking that still stands (confirmed, or held for payment), if any. */
  nextBooking: z
    .object({
      id: z.number().int(),
      startsAt: z.string(),
      endsAt: z.string(),
      mode: consultMode,
      status: z.enum(bookingStatuses),
    })
    .nullable(),
  /** Bookings made with this expert, cancelled ones left out. */
  bookingCount: z.number().int(),
  /** The newest chat activity or booking with this expert. */
  lastContactAt: z.string(),
});
export type ConsultationItem = z.infer<typeof consultationItem>;

export const consultationPage = page(consultationItem);
export type ConsultationPage = z.infer<typeof consultationPage>;
