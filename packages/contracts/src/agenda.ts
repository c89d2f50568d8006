import { z } from 'zod';

/**
 * 今日待办 of the expert workbench (/expert/work): one section per thing that waits for the
 * expert, each filled by the module that owns it. The web app maps a section's key to its
 * label, icon and list page, and an item to its detail page.
 */
export const agendaKeys = [
  'warnings',
  'bookings',
  'reports',
  'transfers',
  'cooperations',
  'chats',
  'feedback',
] as const;
export type AgendaKey = (typeof agendaKeys)[number];

export const agendaItem = z.object({
  /** The object the item leads to (a warning, booking, transfer…); for chats the chat id. */
  id: z.number().int(),
  title: z.string(),
  sub: z.string().nullable(),
  /** When it started waiting (warnings, transfers) or when it happens (bookings), ISO. */
  at: z.string(),
  /** Warning level 1–3 where it has one. */
  level: z.number().int().min(1).max(3).nullable(),
  /** A short mark such as 已超时 or 视频咨询. */
  tag: z.string().nullable(),
});
export type AgendaItem = z.infer<typeof agendaItem>;

export const agendaSection = z.object({
  key: z.enum(agendaKeys),
  /** How many wait in all (the items are the first few). */
  count: z.number().int().min(0),
  /** Of those, the ones that should come first (high-level or overdue warnings…). */
  urgent: z.number().int().min(0),
  /** A one-line breakdown, e.g. 一级 2 · 二级 1 · 三级 0. */
  note: z.string().nullable(),
  items: z.array(agendaItem),
});
export type AgendaSection = z.infer<typeof agendaSection>;

export const expertAgenda = z.object({
  /** The Shanghai calendar date the agenda is for (YYYY-MM-DD). */
  date: z.string(),
  sections: z.array(agendaSection),
});
export type ExpertAgenda = z.infer<typeof expertAgenda>;

/** How many items each section lists. */
export const AGENDA_ITEMS = 5;
