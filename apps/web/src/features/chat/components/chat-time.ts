import type { Dayjs } from 'dayjs';
import { shanghai as local } from '../../../lib/format';

const today = (): Dayjs => local();

// Compared as Beijing calendar strings: dayjs' tz-aware startOf has edge cases around offsets.
const ymd = (d: Dayjs) => d.format('YYYY-MM-DD');
const sameDay = (a: Dayjs, b: Dayjs) => ymd(a) === ymd(b);
const sameYear = (a: Dayjs, b: Dayjs) => a.format('YYYY') === b.format('YYYY');

/** Day separator between messages: 今天 / 昨天 / 5月3日 星期五 / 2023年5月3日. */
export function dayLabel(iso: string): string {
  const d = local(iso);
  const now = today();
  if (sameDay(d, now)) return '今天';
  if (sameDay(d, now.subtract(1, 'day'))) return '昨天';
  if (sameYear(d, now)) return d.format('M月D日 dddd');
  return d.format('YYYY年M月D日');
}

/** Time under a bubble. */
export function clockTime(iso: string): string {
  return local(iso).format('HH:mm');
}

/** Time in the chat list: 14:05 today, 昨天, 5/3 this year, 2023/5/3 before. */
export function listTime(iso: string): string {
  const d = local(iso);
  const now = today();
  if (sameDay(d, now)) return d.format('HH:mm');
  if (sameDay(d, now.subtract(1, 'day'))) return '昨天';
  if (sameYear(d, now)) return d.format('M/D');
  return d.format('YYYY/M/D');
}
