import { describe, expect, it } from 'vitest';
import { reported, roundTo } from './rounding';

describe('roundTo', () => {
  it.each([
    [62.5, 'truncate', 0, 62],
    [51.25, 'truncate', 0, 51],
    [-1.5, 'truncate', 0, -1],
    [0.29, 'truncate', 2, 0.29],
    [1.005, 'round', 2, 1.01],
    [2.5, 'round', 0, 3],
    [-2.5, 'round', 0, -3],
    [2.345, 'floor', 2, 2.34],
    [2.341, 'ceil', 2, 2.35],
    [2.3456, 'none', 0, 2.3456],
  ] as const)('%d %s %i -> %d', (value, mode, decimals, expected) => {
    expect(roundTo(value, mode, decimals)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo(-0.4, 'round', 0), 0)).toBe(true);
    expect(Object.is(roundTo(-0.4, 'truncate', 0), 0)).toBe(true);
  });

  it('reports half away from zero', () => {
    expect(reported(94 / 90, 2)).toBe(1.04);
    expect(reported(7 / 3, 2)).toBe(2.33);
    expect(reported(11 / 6, 2)).toBe(1.83);
  });
});
