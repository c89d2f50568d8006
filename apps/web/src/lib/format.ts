import { formatFen, UPLOAD_PATH } from '@psy/contracts/constants';
export { formatDuration } from '@psy/contracts/constants';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * Money and time as people read them, one copy each for every page (the server's twin is
 * apps/server/src/lib/time.ts; durations come from contracts so both say 3 秒 alike). Times are always shown
 * in Beijing time, whatever zone the browser is in: the zone experts work in and slots are
 * published in (brief section 4).
 */
/**
 * Beijing time (Asia/Shanghai) is UTC+8 all year (no daylight saving since 1991), as the server's twin has it:
 * a fixed offset, not dayjs's timezone plugin, which asks Intl for every date it formats (on a
 * phone's CPU that was ~0.1 s of the assessment centre's first render, docs/performance.md).
 */
const BUSINESS_OFFSET_MINUTES = 8 * 60;

/** Money in fen -> ¥9.90. */
export const yuan = (amountFen: number): string => `¥${formatFen(amountFen)}`;

/** An instant seen on a Beijing clock. */
export const shanghai = (at: string | Date | Dayjs = new Date()): Dayjs =>
  dayjs(at).utcOffset(BUSINESS_OFFSET_MINUTES);

/** ISO 8601 -> 2024-05-01 in Beijing time (documents, report dates). */
export const formatDate = (iso: string): string => shanghai(iso).format('YYYY-MM-DD');

/** ISO 8601 -> 2024-05-01 09:30 in Beijing time. */
export const formatDateTime = (iso: string): string => shanghai(iso).format('YYYY-MM-DD HH:mm');

/** 11月25日 14:00 */
export const monthDayTime = (iso: string): string => shanghai(iso).format('M月D日 HH:mm');

/** 2024年11月25日 周一 14:00–14:50 */
export function slotRange(startsAt: string, endsAt: string): string {
  return `${shanghai(startsAt).format('YYYY年M月D日 ddd HH:mm')}–${shanghai(endsAt).format('HH:mm')}`;
}

/** The calendar day of an instant in Beijing, as YYYY-MM-DD: the key slots and messages are grouped by. */
export const dayKey = (at: string | Dayjs): string => shanghai(at).format('YYYY-MM-DD');

/** A Beijing wall-clock date and time as ISO 8601 with its +08:00 offset, as the API expects. */
export function shanghaiIso(date: string, time: string): string {
  return shanghai(`${date}T${time}:00+08:00`).format();
}

/**
 * Date pickers show and take Beijing wall-clock times, whatever zone the browser is in. antd's
 * pickers work in the browser's zone, so a picker is given a local value that reads like the
 * Beijing time (`pickerValue`) and what it picks is read back as a Beijing time (`fromPicker`).
 */
export const pickerValue = (at: string | Date | Dayjs = new Date()): Dayjs =>
  dayjs(shanghai(at).format('YYYY-MM-DDTHH:mm:ss.SSS'));

/** A picker's value (a Beijing wall-clock time, see `pickerValue`) as an ISO 8601 instant. */
export const fromPicker = (picked: Dayjs): string =>
  dayjs(`${picked.format('YYYY-MM-DDTHH:mm:ss.SSS')}+08:00`).toISOString();

/** Whole minutes and seconds left, e.g. 14:05, for hold countdowns. */
export function mmss(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Where an uploaded public file (a name the server answered) is served. */
export const uploadUrl = (name: string): string => `${UPLOAD_PATH}${name}`;

/** An expert on one line: 刘文博 · 主治医师 · 广州晴川医院临床心理科 */
export const expertLine = (e: { name: string; title: string | null; institution: string | null }): string =>
  [e.name, e.title, e.institution].filter(Boolean).join(' · ');
