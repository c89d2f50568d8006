import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDate,
  formatDateTime,
  formatDuration,
  formatShanghai,
  formatTime,
  isoWeekday,
  orderNoStamp,
  shanghaiDate,
  shanghaiInstant,
} from './time';

describe('Shanghai time helpers', () => {
  it('maps instants to Shanghai dates across midnight UTC', () => {
    expect(shanghaiDate(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(shanghaiDate(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
  });
  it('builds instants from local date and time', () => {
    expect(shanghaiInstant('2026-11-25', '09:30').toISOString()).toBe('2026-11-25T01:30:00.000Z');
    expect(shanghaiInstant('2026-11-25', '00:15').toISOString()).toBe('2026-11-24T16:15:00.000Z');
  });
  it('knows weekdays and adds days across months', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
  });
  it('formats for people', () => {
    expect(formatShanghai(new Date('2026-11-25T06:00:00Z'))).toBe('11月25日 14:00');
    expect(formatTime(new Date('2026-11-25T16:05:00Z'))).toBe('00:05');
  });
  it('dates documents with the year, on the Beijing calendar', () => {
    expect(formatDate('2026-11-22T19:53:00Z')).toBe('2026-11-23');
    expect(formatDateTime(new Date('2026-11-22T19:53:07Z'))).toBe('2026-11-23 03:53');
    expect(formatDateTime(new Date('2026-11-22T19:53:07Z'), { seconds: true })).toBe('2026-11-23 03:53:07');
  });
  it('takes the Beijing date for order numbers, not the UTC one', () => {
    // Paid at 2026-11-23 03:53 Beijing time, which is still 11-22 in UTC.
    expect(orderNoStamp(new Date('2026-11-22T19:53:00Z'))).toBe('20261123035300');
  });
  it('says durations under a minute in seconds', () => {
    expect(formatDuration(3)).toBe('3 秒');
    expect(formatDuration(59)).toBe('59 秒');
    expect(formatDuration(60)).toBe('1 分钟');
    expect(formatDuration(95)).toBe('1 分 35 秒');
    expect(formatDuration(3720)).toBe('1 小时 2 分');
    expect(formatDuration(null)).toBe('—');
  });
});
