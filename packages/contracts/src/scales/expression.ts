import { z } from 'zod';

/**
 * The small, closed vocabulary a scale definition computes with. Everything here is plain
 * data: the server walks it with its own evaluator (a switch over `op`), so a definition can
 * never run code, read a global or reach a property of anything but its own scale.
 */

/** Largest magnitude of any number written in a definition; keeps every result finite. */
export const SCALE_NUMBER_MAX = 1_000_000;
/** Deepest nesting of one expression, and most nodes in it; a bound on evaluation work. */
export const SCALE_EXPRESSION_DEPTH_MAX = 12;
export const SCALE_EXPRESSION_NODES_MAX = 200;

/**
 * Identifiers of option sets, dimensions and scores: camelCase ASCII. The engine looks them up
 * in Maps, never as object properties; names that Object.prototype owns are still refused so
 * that a consumer indexing `indices[key]` cannot be surprised.
 */
export const SCALE_KEY_PATTERN = /^[a-z][A-Za-z0-9]{0,39}$/;
export const reservedScaleKeys: readonly string[] = [
  'constructor',
  'prototype',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toString',
  'toLocaleString',
  'valueOf',
];

/** Same shape as z.strictObject, with Chinese messages; unknown fields are errors (typos included). */
export function strictScaleObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (iss) => (iss.code === 'unrecognized_keys' ? `不支持的字段：${iss.keys.join('、')}` : '应为对象'),
  });
}

export const scaleKey = z
  .string({ error: '标识应为字符串' })
  .regex(SCALE_KEY_PATTERN, '标识只能使用字母和数字，并以小写字母开头（最多40个字符）')
  .refine((key) => !reservedScaleKeys.includes(key), {
    error: (iss) => `“${String(iss.input)}”是保留字，不能用作标识`,
  });

export const scaleNumber = z
  .number({ error: '应为数字' })
  .refine((n) => Number.isFinite(n) && Math.abs(n) <= SCALE_NUMBER_MAX, `数值应在±${SCALE_NUMBER_MAX}以内`);

export const scaleItemNumber = z
  .number({ error: '题号应为数字' })
  .int('题号应为整数')
  .min(1, '题号从1开始')
  .max(1000);

export const scaleRoundingModes = ['truncate', 'round', 'floor', 'ceil', 'none'] as const;
export type ScaleRoundingMode = (typeof scaleRoundingModes)[number];

/**
 * How a computed figure is cut to `decimals` places. 'truncate' drops digits toward zero
 * (SDS: integer part of raw x 1.25); 'round' is half away from zero (四舍五入); 'none' keeps
 * full precision (and ignores `decimals`).
 */
export const scaleRounding = strictScaleObject({
  mode: z.enum(scaleRoundingModes, { error: '取整方式应为 truncate、round、floor、ceil 或 none' }),
  decimals: z.number().int('小数位数应为整数').min(0, '小数位数应在0-4之间').max(4, '小数位数应在0-4之间'),
});
export type ScaleRounding = z.infer<typeof scaleRounding>;

export const scaleComparators = ['gte', 'gt', 'lte', 'lt', 'eq'] as const;
export type ScaleComparator = (typeof scaleComparators)[number];
/** Shown in messages and docs. */
export const scaleComparatorSymbols: Record<ScaleComparator, string> = {
  gte: '≥',
  gt: '>',
  lte: '≤',
  lt: '<',
  eq: '=',
};
const comparator = z.enum(scaleComparators, { error: '比较方式应为 gte、gt、lte、lt 或 eq' });

const itemList = z.array(scaleItemNumber).min(1, '题目列表不能为空').max(1000);
const keyList = z.array(scaleKey).min(1, '列表不能为空').max(100);

/**
 * A score expression. Item aggregates skip items that were not shown (a conditional item
 * contributes nothing); a mean over no item is 0. `items` / `dimensions` left out means all.
 */
export type ScaleExpr =
  | { op: 'const'; value: number }
  /** Sum / mean of item values (after reverse scoring). */
  | { op: 'sumItems'; items?: number[] }
  | { op: 'meanItems'; items?: number[] }
  /** How many shown items have a value that compares true, e.g. SCL-90 阳性项目数 (value gte 2). */
  | { op: 'countItems'; items?: number[]; cmp: ScaleComparator; value: number }
  /** Sum / mean of final dimension scores. */
  | { op: 'sumDimensions'; dimensions?: string[] }
  | { op: 'meanDimensions'; dimensions?: string[] }
  /** The full-precision value of another score or of a dimension. */
  | { op: 'score'; key: string }
  | { op: 'dimension'; key: string }
  | { op: 'add'; args: ScaleExpr[] }
  | { op: 'subtract'; left: ScaleExpr; right: ScaleExpr }
  /** `of` x `factor`, then cut by an explicit rule: SDS standard = truncate(raw x 1.25). */
  | { op: 'multiply'; of: ScaleExpr; factor: number; rounding: ScaleRounding }
  /** Safe division: `whenZero` when the denominator is 0, never Infinity or NaN. */
  | { op: 'ratio'; numerator: ScaleExpr; denominator: ScaleExpr; whenZero: number; rounding: ScaleRounding };

export const scaleExpressionOps = [
  'const',
  'sumItems',
  'meanItems',
  'countItems',
  'sumDimensions',
  'meanDimensions',
  'score',
  'dimension',
  'add',
  'subtract',
  'multiply',
  'ratio',
] as const satisfies readonly ScaleExpr['op'][];

export const scaleExpression: z.ZodType<ScaleExpr, ScaleExpr> = z.lazy(() =>
  z.discriminatedUnion(
    'op',
    [
      strictScaleObject({ op: z.literal('const'), value: scaleNumber }),
      strictScaleObject({ op: z.literal('sumItems'), items: itemList.optional() }),
      strictScaleObject({ op: z.literal('meanItems'), items: itemList.optional() }),
      strictScaleObject({
        op: z.literal('countItems'),
        items: itemList.optional(),
        cmp: comparator,
        value: scaleNumber,
      }),
      strictScaleObject({ op: z.literal('sumDimensions'), dimensions: keyList.optional() }),
      strictScaleObject({ op: z.literal('meanDimensions'), dimensions: keyList.optional() }),
      strictScaleObject({ op: z.literal('score'), key: scaleKey }),
      strictScaleObject({ op: z.literal('dimension'), key: scaleKey }),
      strictScaleObject({
        op: z.literal('add'),
        args: z.array(scaleExpression).min(2, '加法至少需要两项').max(20),
      }),
      strictScaleObject({ op: z.literal('subtract'), left: scaleExpression, right: scaleExpression }),
      strictScaleObject({
        op: z.literal('multiply'),
        of: scaleExpression,
        factor: scaleNumber,
        rounding: scaleRounding,
      }),
      strictScaleObject({
        op: z.literal('ratio'),
        numerator: scaleExpression,
        denominator: scaleExpression,
        whenZero: scaleNumber,
        rounding: scaleRounding,
      }),
    ],
    { error: `计算类型应为：${scaleExpressionOps.join('、')}` },
  ),
);

/**
 * A yes/no test on one figure, shared by alerts, notes and the positive screen. Conditions on
 * an item never fire for an item that was not shown. `anyDimension` fires when at least one of
 * the listed dimensions (all when left out) compares true.
 */
export const scaleCondition = z.discriminatedUnion(
  'on',
  [
    strictScaleObject({
      on: z.literal('item'),
      item: scaleItemNumber,
      /** 'value' compares the scored value; 'position' the chosen option (1 = first shown). */
      by: z.enum(['value', 'position'], { error: '应为 value 或 position' }).default('value'),
      cmp: comparator,
      value: scaleNumber,
    }),
    strictScaleObject({ on: z.literal('score'), score: scaleKey, cmp: comparator, value: scaleNumber }),
    strictScaleObject({
      on: z.literal('dimension'),
      dimension: scaleKey,
      cmp: comparator,
      value: scaleNumber,
    }),
    strictScaleObject({
      on: z.literal('anyDimension'),
      dimensions: keyList.optional(),
      cmp: comparator,
      value: scaleNumber,
    }),
  ],
  { error: '条件类型应为 item、score、dimension 或 anyDimension' },
);
export type ScaleCondition = z.infer<typeof scaleCondition>;
export type ScaleConditionInput = z.input<typeof scaleCondition>;

/** Visits every node of an expression, depth first; the integrity checks and the docs use it. */
export function walkScaleExpression(
  expr: ScaleExpr,
  visit: (node: ScaleExpr, depth: number) => void,
  depth = 1,
): void {
  visit(expr, depth);
  switch (expr.op) {
    case 'add':
      for (const arg of expr.args) walkScaleExpression(arg, visit, depth + 1);
      return;
    case 'subtract':
      walkScaleExpression(expr.left, visit, depth + 1);
      walkScaleExpression(expr.right, visit, depth + 1);
      return;
    case 'multiply':
      walkScaleExpression(expr.of, visit, depth + 1);
      return;
    case 'ratio':
      walkScaleExpression(expr.numerator, visit, depth + 1);
      walkScaleExpression(expr.denominator, visit, depth + 1);
      return;
    default:
      return;
  }
}
