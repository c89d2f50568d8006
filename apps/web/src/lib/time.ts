import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The business time zone (brief section 4): times read the same wherever the browser is. */
export const BUSINESS_TZ = 'Asia/Shanghai';

/** ISO 8601 -> 2024-05-01 09:30 in Beijing time. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(BUSINESS_TZ).format('YYYY-MM-DD HH:mm');
}
