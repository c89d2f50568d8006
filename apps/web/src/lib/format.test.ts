import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime, fromPicker, pickerValue } from './format';

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
