/** Business time zone: Asia/Shanghai, UTC+8 all year (no daylight saving since 1991). */
export const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

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

/** "11月25日 14:00" in Shanghai time, for titles and notifications. */
export function formatShanghai(d: Date | string): string {
  const local = new Date(new Date(d).getTime() + SHANGHAI_OFFSET_MS);
  const hh = String(local.getUTCHours()).padStart(2, '0');
  const mm = String(local.getUTCMinutes()).padStart(2, '0');
  return `${local.getUTCMonth() + 1}月${local.getUTCDate()}日 ${hh}:${mm}`;
}
