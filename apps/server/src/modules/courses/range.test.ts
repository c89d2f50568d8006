import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

describe('parseRange', () => {
  it('reads the three forms of one byte range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=500-', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    // An end past the file is cut to the file; a suffix longer than the file is the whole file.
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('serves the whole file for no range, other units and several ranges', () => {
    expect(parseRange(undefined, 1000)).toBe('none');
    expect(parseRange('items=0-1', 1000)).toBe('none');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBe('none');
  });

  it('refuses ranges that cannot be served', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=abc', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-', 1000)).toBe('unsatisfiable');
  });
});
