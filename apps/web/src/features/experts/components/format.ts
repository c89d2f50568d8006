import { formatFen } from '@psy/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { BUSINESS_TZ } from '../../../lib/time';

/**
 * Money and time as people read them on the consultation pages. Times are always shown in
 * Beijing time (lib/time), whatever zone the browser is in, because that is the zone the
 * expert works in and the one slots are published in.
 */
export const yuan = (amountFen: number): string => `¥${formatFen(amountFen)}`;

/** An instant seen on a Beijing clock. */
export const shanghai = (at: string | Date | Dayjs = new Date()): Dayjs => dayjs(at).tz(BUSINESS_TZ);

/** 11月25日 14:00 */
export const monthDayTime = (iso: string): string => shanghai(iso).format('M月D日 HH:mm');

/** 2024年11月25日 周一 14:00–14:50 */
export function slotRange(startsAt: string, endsAt: string): string {
  return `${shanghai(startsAt).format('YYYY年M月D日 ddd HH:mm')}–${shanghai(endsAt).format('HH:mm')}`;
}

/** 2024-11-25 14:00 */
export const dateTime = (iso: string): string => shanghai(iso).format('YYYY-MM-DD HH:mm');

/** The calendar day of an instant in Beijing, as YYYY-MM-DD: the key slots are grouped by. */
export const dayKey = (at: string | Dayjs): string => shanghai(at).format('YYYY-MM-DD');

/** A Beijing wall-clock date and time as ISO 8601 with its +08:00 offset, as the API expects. */
export function shanghaiIso(date: string, time: string): string {
  return dayjs.tz(`${date}T${time}:00`, BUSINESS_TZ).format();
}

/** Whole minutes and seconds left, e.g. 14:05, for hold countdowns. */
export function mmss(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
