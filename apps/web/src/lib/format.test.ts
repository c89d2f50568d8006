import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey, formatDateTime, fromPicker, pickerValue, shanghaiIso, slotRange } from './format';

// A browser far from Beijing: what a picker shows and what it sends must still be Beijing time.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('date pickers in Beijing time, whatever the browser zone', () => {
  it('runs in a zone other than Beijing', () => {
    expect(new Date('2026-11-27T16:00:00Z').getTimezoneOffset()).toBe(300);
  });

  it('shows a stored instant as its Beijing wall-clock time', () => {
    expect(pickerValue('2026-11-27T16:00:00Z').format('YYYY-MM-DD HH:mm')).toBe('2026-11-28 00:00');
  });

  it('sends a picked wall-clock time as that time in Beijing', () => {
    expect(fromPicker(dayjs('2026-11-28T00:00:00'))).toBe('2026-11-27T16:00:00.000Z');
  });

  it('gives back what it was given, and reads as the list shows it', () => {
    const at = '2026-03-01T01:30:00.000Z';
    expect(fromPicker(pickerValue(at))).toBe(at);
    expect(pickerValue(at).format('YYYY-MM-DD HH:mm')).toBe(formatDateTime(at));
  });
});

describe('instants read on a Beijing clock, whatever the browser zone', () => {
  it('formats an instant as Beijing wall-clock time, across the day line', () => {
    expect(formatDateTime('2026-11-27T15:59:00Z')).toBe('2026-11-27 23:59');
    expect(formatDateTime('2026-11-27T16:00:00Z')).toBe('2026-11-28 00:00');
    expect(dayKey('2026-11-27T16:00:00Z')).toBe('2026-11-28');
    // Summer in New York (daylight saving there) changes nothing in Beijing.
    expect(formatDateTime('2026-07-01T04:30:00Z')).toBe('2026-07-01 12:30');
  });

  it('names the weekday of the Beijing date', () => {
    dayjs.locale('zh-cn');
    expect(slotRange('2026-11-29T16:00:00Z', '2026-11-29T16:50:00Z')).toBe('2026年11月30日 周一 00:00–00:50');
  });

  it('sends a Beijing wall-clock date and time with its +08:00 offset', () => {
    expect(shanghaiIso('2026-11-30', '09:30')).toBe('2026-11-30T09:30:00+08:00');
    expect(new Date(shanghaiIso('2026-11-30', '00:10')).toISOString()).toBe('2026-11-29T16:10:00.000Z');
  });
});
