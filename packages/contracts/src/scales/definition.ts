import { z } from 'zod';
import {
  scaleCondition,
  scaleExpression,
  scaleItemNumber,
  scaleKey,
  scaleNumber,
  strictScaleObject,
} from './expression';
import { checkIntegrity } from './integrity';

/**
 * A scale definition: everything needed to show a scale and score it, as validated data
 * (stored as JSON with each scale version, seeded for the built-ins). docs/scales.md describes
 * the format with an example.
 */

export const SCALE_ITEMS_MAX = 300;
/** Deepest nesting of objects and arrays accepted, checked before anything else (no deep recursion). */
export const SCALE_JSON_DEPTH_MAX = 64;

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}最多${max}个字`);

export const scaleCode = z
  .string({ error: '请填写量表编码' })
  .regex(/^[A-Z][A-Z0-9]{1,15}$/, '量表编码为大写字母开头的2-16位大写字母或数字，如 PHQ9');

export const scaleOption = strictScaleObject({
  label: text('选项文字', 100),
  value: scaleNumber,
});
export type ScaleOption = z.infer<typeof scaleOption>;

const options = z.array(scaleOption).min(2, '至少需要两个选项').max(11, '最多11个选项');

export const scaleOptionSet = strictScaleObject({ key: scaleKey, options });

/** An uploaded image's file name, served under /SysAdmin/file/upload/. */
export const scaleItemImage = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}\.(webp|jpg|jpeg|png)$/, '题目图片文件名不正确');

/** A condition on the basic-info form (基本信息): the item is shown and scored only when it holds. */
export const scaleShowIf = strictScaleObject({
  field: scaleKey,
  equals: z.union([z.string().max(100), z.number(), z.boolean()], { error: '条件值应为文字、数字或是否' }),
});
export type ScaleShowIf = z.infer<typeof scaleShowIf>;

export const scaleItem = strictScaleObject({
  /** 1-based, equal to the item's place in `items`. */
  number: scaleItemNumber,
  text: text('题目', 300),
  image: scaleItemImage.optional(),
  /** Either the key of an option set, or the item's own options (exactly one of the two). */
  optionSet: scaleKey.optional(),
  options: options.optional(),
  /**
   * Reverse scoring mirrors the option list: choosing position p of n options scores the value
   * of position n + 1 - p. With SDS options A1 B2 C3 D4 a reverse item scores A4 B3 C2 D1.
   */
  reverse: z.boolean().default(false),
  showIf: scaleShowIf.optional(),
});
export type ScaleItem = z.infer<typeof scaleItem>;

/**
 * A range of a band table. `min` and `max` are inclusive; leave one out for an open side
 * (SDS: `{ max: 52 }` is < 53 for its integer standard scores).
 */
export const scaleBandRange = strictScaleObject({
  min: scaleNumber.optional(),
  max: scaleNumber.optional(),
  label: text('分级名称', 30),
  interpretation: text('结果解释', 500),
  advice: text('建议', 500),
});
export type ScaleBandRange = z.infer<typeof scaleBandRange>;

const bands = z.array(scaleBandRange).min(1, '分级表不能为空').max(20);
/** Places a reported figure is rounded to (half away from zero); conditions use full precision. */
const decimals = z.number().int().min(0, '小数位数应在0-4之间').max(4, '小数位数应在0-4之间').default(2);

export const scaleDimension = strictScaleObject({
  key: scaleKey,
  name: text('维度名称', 30),
  items: z.array(scaleItemNumber).min(1, '维度至少包含一道题').max(SCALE_ITEMS_MAX),
  /** The dimension score: sum, or mean over its shown items (SCL-90 因子分). */
  aggregate: z.enum(['sum', 'mean'], { error: '维度计分方式应为 sum 或 mean' }),
  decimals,
  bands: bands.optional(),
});
export type ScaleDimension = z.infer<typeof scaleDimension>;

export const scaleScoreDefinition = strictScaleObject({
  key: scaleKey,
  name: text('分数名称', 30),
  expr: scaleExpression,
  decimals,
  bands: bands.optional(),
});
export type ScaleScoreDefinition = z.infer<typeof scaleScoreDefinition>;

export const scaleAlertRule = strictScaleObject({
  when: scaleCondition,
  level: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: '预警等级应为1、2或3' }),
  reason: text('预警原因', 100),
  /** Crisis resources must be shown to the user at once (self-harm items). */
  crisis: z.boolean().default(false),
});
export type ScaleAlertRule = z.infer<typeof scaleAlertRule>;

export const scaleNoteRule = strictScaleObject({ when: scaleCondition, text: text('提示', 200) });

/** How dimensions may share items: 'free'; 'disjoint' at most once; 'partition' exactly once. */
export const scaleDimensionRules = ['free', 'disjoint', 'partition'] as const;

export const scaleDefinitionObject = strictScaleObject({
  code: scaleCode,
  /** Bumped whenever the scoring or wording changes; a finished assessment keeps its version. */
  version: z.number().int().min(1, '版本号从1开始'),
  name: text('量表名称', 60),
  shortName: text('量表简称', 20),
  instructions: text('指导语', 2000),
  /** The period the answers describe, e.g. 过去两周. */
  timeframe: text('评定时间范围', 30),
  estimatedMinutes: z.number().int().min(1, '预计用时至少1分钟').max(180, '预计用时最多180分钟'),
  /** Citation of the instrument and its norms. */
  source: text('来源', 300).optional(),
  optionSets: z.array(scaleOptionSet).max(20).default([]),
  items: z
    .array(scaleItem)
    .min(1, '量表至少需要一道题')
    .max(SCALE_ITEMS_MAX, `量表最多${SCALE_ITEMS_MAX}道题`),
  dimensionRule: z
    .enum(scaleDimensionRules, { error: '维度规则应为 free、disjoint 或 partition' })
    .default('free'),
  dimensions: z.array(scaleDimension).max(50).default([]),
  scores: z.array(scaleScoreDefinition).min(1, '至少需要一个分数').max(50),
  report: strictScaleObject({
    /** Key of the score shown as 原始分 / 总分. */
    raw: scaleKey,
    /** Key of the score shown as 标准分, if the scale has one. */
    standard: scaleKey.optional(),
    /** Key of the score whose band table gives the main result. */
    band: scaleKey.optional(),
    /** Keys of further scores reported by name, e.g. SCL-90 总均分, 阳性项目数. */
    indices: z.array(scaleKey).max(30).default([]),
  }),
  /** Any of these conditions makes the screen positive; none means never positive. */
  positive: strictScaleObject({
    anyOf: z.array(scaleCondition).min(1, '阳性条件不能为空').max(20),
  }).optional(),
  alerts: z.array(scaleAlertRule).max(50).default([]),
  notes: z.array(scaleNoteRule).max(20).default([]),
});

/** Refuses pathological nesting before the recursive schema walks it (no stack exhaustion). */
function nestingWithin(input: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[input, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limit) return false;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return true;
}

export const scaleDefinition = z
  .unknown()
  .refine((input) => nestingWithin(input, SCALE_JSON_DEPTH_MAX), { error: '量表定义层级过深', abort: true })
  .pipe(scaleDefinitionObject.superRefine(checkIntegrity));

/** A parsed definition: defaults filled in, references checked. The engine accepts only this. */
export type ScaleDefinition = z.output<typeof scaleDefinitionObject>;
/** What an author writes (defaults may be left out); the built-in scales are written in this. */
export type ScaleDefinitionInput = z.input<typeof scaleDefinitionObject>;
