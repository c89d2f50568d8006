import type { ScaleRoundingMode } from './types';

/**
 * Cuts `value` to `decimals` places by `mode`. The scaled value is first normalised to 12
 * significant digits: binary floating point stores 0.29 * 100 as 28.999999999999996, and
 * truncating that would lose a whole unit that the decimal figure on paper has.
 */
export function roundTo(value: number, mode: ScaleRoundingMode, decimals: number): number {
  if (mode === 'none' || !Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((value * factor).toPrecision(12));
  let cut: number;
  switch (mode) {
    case 'truncate':
      cut = Math.trunc(scaled);
      break;
    case 'floor':
      cut = Math.floor(scaled);
      break;
    case 'ceil':
      cut = Math.ceil(scaled);
      break;
    case 'round':
      // Half away from zero (四舍五入); Math.round alone sends -2.5 to -2.
      cut = Math.sign(scaled) * Math.round(Math.abs(scaled));
      break;
  }
  // `+ 0` turns -0 into 0 so that JSON and equality checks never see a negative zero.
  return cut / factor + 0;
}

/** How a reported figure is rounded: half away from zero to the definition's decimals. */
export function reported(value: number, decimals: number): number {
  return roundTo(value, 'round', decimals);
}
