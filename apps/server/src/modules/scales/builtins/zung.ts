import type { ScaleDefinitionInput } from '../engine/contracts';
import { multipleOf, optionSet, scoreAtLeast, sumOfItems } from './parts';

/** What a band of a Zung scale says: its name, what it means and what to do. */
export interface ZungBand {
  label: string;
  interpretation: string;
  advice: string;
}

type Alert = NonNullable<ScaleDefinitionInput['alerts']>[number];

/**
 * The two Zung self-rating scales (SDS, SAS) share everything but their items, norm
 * cut-offs and words: 20 items answered by how much of the time, A1 B2 C3 D4 (reversed
 * items A4 … D1), raw sum, standard score = integer part of raw × 1.25 (truncated, never
 * rounded: raw 50 -> 62.5 -> 62), four bands from the Chinese norm cut-offs. The first
 * cut-off (the start of 轻度) is also the positive screen.
 */
export function zungScale(opts: {
  code: string;
  name: string;
  shortName: string;
  source: string;
  items: ReadonlyArray<readonly [text: string, reverse: boolean]>;
  /** Standard scores where 轻度, 中度 and 重度 begin. */
  cutoffs: readonly [mild: number, moderate: number, severe: number];
  bands: readonly [none: ZungBand, mild: ZungBand, moderate: ZungBand, severe: ZungBand];
  alerts: Alert[];
}): ScaleDefinitionInput {
  const [mild, moderate, severe] = opts.cutoffs;
  const [none, b1, b2, b3] = opts.bands;
  return {
    code: opts.code,
    version: 1,
    name: opts.name,
    shortName: opts.shortName,
    instructions:
      '下面有20条文字，请仔细阅读每一条，把意思弄明白，然后根据你最近一星期的实际感觉，选择最符合你情况的选项。',
    timeframe: '最近一星期',
    estimatedMinutes: 5,
    source: opts.source,
    optionSets: [optionSet('time', 1, ['没有或很少时间', '小部分时间', '相当多时间', '绝大部分或全部时间'])],
    items: opts.items.map(([text, reverse], i) => ({ number: i + 1, text, optionSet: 'time', reverse })),
    scores: [
      sumOfItems('raw', '粗分'),
      multipleOf('standard', '标准分', 'raw', 1.25, 'truncate', [
        { max: mild - 1, ...none },
        { min: mild, max: moderate - 1, ...b1 },
        { min: moderate, max: severe - 1, ...b2 },
        { min: severe, ...b3 },
      ]),
    ],
    report: { raw: 'raw', standard: 'standard', band: 'standard' },
    // Not in scales.md as a screen: the Chinese norm cut-off, the start of 轻度.
    positive: { anyOf: [scoreAtLeast('standard', mild)] },
    alerts: opts.alerts,
  };
}
