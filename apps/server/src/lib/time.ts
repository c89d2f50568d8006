/**
 * The one time helper of the server. Business time zone: Asia/Shanghai, UTC+8 all year (no
 * daylight saving since 1991). Every date or time a person reads (PDF, notifications, order
 * numbers) is formatted here; the web's twin is apps/web/src/lib/format.ts.
 */
export { formatDuration } from '@psy/contracts';

export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant in Shanghai. */
function wallClock(d: Date | string) {
  const local = new Date(new Date(d).getTime() + SHANGHAI_OFFSET_MS);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    hh: pad(local.getUTCHours()),
    mi: pad(local.getUTCMinutes()),
    ss: pad(local.getUTCSeconds()),
  };
}

/** The Shanghai calendar date (YYYY-MM-DD) of an instant. */
export function shanghaiDate(d: Date): string {
  return new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a Shanghai calendar date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant of `time` (HH:mm) on Shanghai date `date`. */
export function shanghaiInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+08:00`);
}

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "11月25日 14:00" in Shanghai time, for notifications about the coming days (bookings). */
export function formatShanghai(d: Date | string): string {
  const t = wallClock(d);
  return `${t.m}月${t.d}日 ${t.hh}:${t.mi}`;
}

/** "14:00", the Shanghai wall-clock time (today's schedule). */
export function formatTime(d: Date | string): string {
  const t = wallClock(d);
  return `${t.hh}:${t.mi}`;
}

/** "2026-11-25", the Shanghai date, for documents (the PDF) and anything kept. */
export function formatDate(d: Date | string): string {
  const t = wallClock(d);
  return `${t.y}-${pad(t.m)}-${pad(t.d)}`;
}

/** "2026-11-25 14:00" in Shanghai time, as the web's formatDateTime shows it (with seconds: 14:00:05). */
export function formatDateTime(d: Date | string, opts: { seconds?: boolean } = {}): string {
  const t = wallClock(d);
  return `${formatDate(d)} ${t.hh}:${t.mi}${opts.seconds ? `:${t.ss}` : ''}`;
}

/** "20261125140000": the date-time part of order numbers, on the Shanghai clock. */
export function orderNoStamp(d: Date): string {
  const t = wallClock(d);
  return `${t.y}${pad(t.m)}${pad(t.d)}${t.hh}${t.mi}${t.ss}`;
}
