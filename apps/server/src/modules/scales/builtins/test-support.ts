import { expect, it } from 'vitest';
import { bandFor, scoreAssessment, visibleItems } from '../engine';
import type { ScaleBasicInfo, ScaleDefinition, ScaleItem, ScaleOption } from '../engine/contracts';

/** Helpers for the built-in scales' tests: answers built from the values a test wants. */

function optionsOf(def: ScaleDefinition, item: ScaleItem): readonly ScaleOption[] {
  return item.options ?? def.optionSets.find((s) => s.key === item.optionSet)?.options ?? [];
}

/** Scored value of each position of an item (index 0 = position 1), reverse scoring applied. */
function valuesByPosition(def: ScaleDefinition, item: ScaleItem): number[] {
  const values = optionsOf(def, item).map((o) => o.value);
  return item.reverse ? values.reverse() : values;
}

/** The position that scores `value` on an item; throws when no option does. */
export function positionFor(def: ScaleDefinition, itemNumber: number, value: number): number {
  const item = def.items[itemNumber - 1]!;
  const position = valuesByPosition(def, item).indexOf(value) + 1;
  if (position === 0) throw new Error(`item ${itemNumber} has no option worth ${value}`);
  return position;
}

/** Answers (positions) that score exactly `values`, null where a value is null. */
export function answersFor(def: ScaleDefinition, values: readonly (number | null)[]): (number | null)[] {
  return values.map((v, i) => (v === null ? null : positionFor(def, i + 1, v)));
}

/**
 * Answers whose item values sum to `total`: every shown item starts at its lowest value and the
 * earliest items are raised first. `keepLow` items stay at their lowest value (e.g. an alert item).
 */
export function answersSumming(
  def: ScaleDefinition,
  total: number,
  { basicInfo, keepLow = [] }: { basicInfo?: ScaleBasicInfo; keepLow?: number[] } = {},
): (number | null)[] {
  const shown = new Set(visibleItems(def, basicInfo));
  const values: (number | null)[] = def.items.map((item) =>
    shown.has(item.number) ? Math.min(...valuesByPosition(def, item)) : null,
  );
  let remaining = total - values.reduce<number>((a, v) => a + (v ?? 0), 0);
  for (const item of def.items) {
    const current = values[item.number - 1];
    if (current === null || current === undefined || keepLow.includes(item.number) || remaining <= 0)
      continue;
    const raise = Math.min(remaining, Math.max(...valuesByPosition(def, item)) - current);
    values[item.number - 1] = current + raise;
    remaining -= raise;
  }
  if (remaining !== 0) throw new Error(`cannot reach a total of ${total}`);
  return answersFor(def, values);
}

/** The same position for every shown item. */
export function allAt(def: ScaleDefinition, position: number, basicInfo?: ScaleBasicInfo): (number | null)[] {
  const shown = new Set(visibleItems(def, basicInfo));
  return def.items.map((item) => (shown.has(item.number) ? position : null));
}

/**
 * A Zung scale's table, as the tests state it: raw -> standard (truncated) -> band, and
 * which band each cut-off's edges fall in.
 */
export function itScoresZungBands(
  def: ScaleDefinition,
  rows: ReadonlyArray<readonly [raw: number, standard: number, label: string]>,
  edges: ReadonlyArray<readonly [standard: number, label: string]>,
): void {
  const standardBands = def.scores.find((s) => s.key === 'standard')!.bands;
  it.each(rows)('raw %i -> standard %i is %s', (raw, standard, label) => {
    const result = scoreAssessment(def, answersSumming(def, raw));
    expect(result.rawScore).toBe(raw);
    expect(result.standardScore).toBe(standard);
    expect(result.band?.label).toBe(label);
  });
  it.each(edges)('the band table puts standard %i in %s', (standard, label) => {
    expect(bandFor(standardBands, standard)?.label).toBe(label);
  });
}
