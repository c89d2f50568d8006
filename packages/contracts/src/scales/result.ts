import { z } from 'zod';

/** The outcome of scoring one completed scale; also what the author's live preview shows. */

export const scaleBandResult = z.object({
  label: z.string(),
  interpretation: z.string(),
  advice: z.string(),
});
export type ScaleBandResult = z.infer<typeof scaleBandResult>;

export const scaleDimensionResult = z.object({
  key: z.string(),
  name: z.string(),
  /** The final dimension score (SCL-90: the factor mean), rounded as the definition says. */
  score: z.number(),
  /** Null when the dimension has no band table or the score falls in none of its ranges. */
  band: scaleBandResult.nullable(),
});
export type ScaleDimensionResult = z.infer<typeof scaleDimensionResult>;

export const scaleAlertResult = z.object({
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  reason: z.string(),
  /** Show the crisis resources to the user at once. */
  crisis: z.boolean(),
});
export type ScaleAlertResult = z.infer<typeof scaleAlertResult>;

export const scaleScoreResult = z.object({
  rawScore: z.number(),
  /** Null for scales without a standard score. */
  standardScore: z.number().nullable(),
  /** The main band (report.band); null when the scale has none. */
  band: scaleBandResult.nullable(),
  dimensions: z.array(scaleDimensionResult),
  /** Extra figures by score key, e.g. SCL-90 { totalMean: 1, positiveCount: 0, ... }. */
  indices: z.record(z.string(), z.number()),
  /** Band of every score that has a band table, by score key (the main band included). */
  scoreBands: z.record(z.string(), scaleBandResult.nullable()),
  positive: z.boolean(),
  /** In definition order. */
  alerts: z.array(scaleAlertResult),
  notes: z.array(z.string()),
  /** Each item's scored value (after reverse scoring); null for an item not shown. */
  itemValues: z.array(z.number().nullable()),
});
export type ScaleScoreResult = z.infer<typeof scaleScoreResult>;

/** Messages for answers that cannot be scored; the API answers them with 400. */
export const scaleAnswerMessages = {
  notArray: '答案格式不正确',
  count: (expected: number, actual: number) => `答案数量应为${expected}个，实际为${actual}个`,
  missing: (item: number) => `第${item}题未作答`,
  outOfRange: (item: number) => `第${item}题的选项超出范围`,
  hidden: (item: number) => `第${item}题不应作答`,
} as const;

/**
 * Answers as a request carries them: the chosen option's position (1 = first option) per item,
 * null for an item not shown. Only the shape is checked here; the engine checks each position
 * against its item and names the item in its message.
 */
export const scaleAnswers = z
  .array(z.number({ error: scaleAnswerMessages.notArray }).nullable(), {
    error: scaleAnswerMessages.notArray,
  })
  .max(300, scaleAnswerMessages.notArray);
export type ScaleAnswers = z.infer<typeof scaleAnswers>;

/** Basic-info fields an item's `showIf` may test, e.g. { gender: 'female' }. */
export type ScaleBasicInfo = Readonly<Record<string, string | number | boolean | null | undefined>>;
