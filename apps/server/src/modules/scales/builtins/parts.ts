import type { ScaleDefinitionInput } from '../engine/contracts';

type Score = ScaleDefinitionInput['scores'][number];
type Band = NonNullable<Score['bands']>[number];
type Condition = NonNullable<ScaleDefinitionInput['positive']>['anyOf'][number];

/**
 * Pieces the built-in definitions share, each building exactly the object a definition would
 * write out by hand (same keys, same order), so the stored definitions and every score stay
 * as they were.
 */

/** An option set whose labels are valued `first`, `first + step`, … in order. */
export function optionSet(key: string, first: number, labels: readonly string[], step = 1) {
  return { key, options: labels.map((label, i) => ({ label, value: first + i * step })) };
}

/** Items numbered from 1, all answered on one option set. */
export function itemsOn(optionSet: string, texts: readonly string[]) {
  return texts.map((text, i) => ({ number: i + 1, text, optionSet }));
}

/** One band row: its range (null leaves that end open), name, what it means, what to do. */
export type BandRow = [
  min: number | null,
  max: number | null,
  label: string,
  interpretation: string,
  advice: string,
];

/** Bands from rows. */
export function bands(rows: readonly BandRow[]): Band[] {
  return rows.map(([min, max, label, interpretation, advice]) => ({
    ...(min === null ? {} : { min }),
    ...(max === null ? {} : { max }),
    label,
    interpretation,
    advice,
  }));
}

/** The sum of all items in whole numbers, banded when rows are given. */
export function sumOfItems(key: string, name: string, rows?: readonly BandRow[]): Score {
  return { key, name, expr: { op: 'sumItems' }, decimals: 0, ...(rows ? { bands: bands(rows) } : {}) };
}

/** A score at or above a value: a positive screen's or an alert's condition. */
export function scoreAtLeast(score: string, value: number): Condition {
  return { on: 'score', score, cmp: 'gte', value };
}

/** Another score times a factor, rounded (mode) to a whole number; banded when bands are given. */
export function multipleOf(
  key: string,
  name: string,
  of: string,
  factor: number,
  mode: 'none' | 'truncate',
  banded?: Band[],
): Score {
  return {
    key,
    name,
    expr: { op: 'multiply', of: { op: 'score', key: of }, factor, rounding: { mode, decimals: 0 } },
    decimals: 0,
    ...(banded ? { bands: banded } : {}),
  };
}
