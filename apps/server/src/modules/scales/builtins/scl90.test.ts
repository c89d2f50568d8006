import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';

const def = builtinScaleByCode('SCL90')!;
const factor = (key: string) => def.dimensions.find((d) => d.key === key)!;

/** Answers with the given positions on the given items and 无 (1) everywhere else. */
function answers(set: Record<number, number> = {}): number[] {
  return def.items.map((item) => set[item.number] ?? 1);
}

function scoreOf(set: Record<number, number>) {
  return scoreAssessment(def, answers(set));
}

/**
 * Raises items (never item 15) while keeping every factor mean below 2 (factor sum < 2n, so at
 * most n - 1 extra points per factor), until `extra` points are added; `step` extra per item.
 */
function raisedKeepingFactorsLow(extra: number, step: number): Record<number, number> {
  const set: Record<number, number> = {};
  let remaining = extra;
  for (const dim of def.dimensions) {
    let allowance = dim.items.length - 1;
    for (const n of dim.items) {
      if (n === 15 || remaining === 0 || allowance === 0) continue;
      const add = Math.min(step, allowance, remaining);
      set[n] = 1 + add;
      allowance -= add;
      remaining -= add;
    }
  }
  if (remaining !== 0) throw new Error('cannot add that many points');
  return set;
}

describe('SCL-90', () => {
  it('has ten factors covering all 90 items exactly once', () => {
    const all = def.dimensions.flatMap((d) => d.items).sort((a, b) => a - b);
    expect(all).toEqual(def.items.map((i) => i.number));
    expect(def.dimensions.map((d) => d.name)).toEqual([
      '躯体化',
      '强迫症状',
      '人际关系敏感',
      '抑郁',
      '焦虑',
      '敌对',
      '恐怖',
      '偏执',
      '精神病性',
      '其他',
    ]);
    expect(def.items[14]!.text).toBe('想结束自己的生命');
  });

  it('scores the example from scales.md: all 无 -> 总分 90, 总均分 1.00, 阳性项目数 0, negative', () => {
    const result = scoreOf({});
    expect(result.rawScore).toBe(90);
    expect(result.indices).toEqual({ totalMean: 1, positiveCount: 0, negativeCount: 90, positiveMean: 0 });
    expect(result.dimensions.every((d) => d.score === 1)).toBe(true);
    expect(result.positive).toBe(false);
    expect(result.alerts).toEqual([]);
    expect(result.band).toBeNull();
  });

  it('computes 阳性症状均分 = (总分 - 阴性项目数) / 阳性项目数, and means to two decimals', () => {
    // Items 1, 2 at 轻度 (2) and 3 at 中度 (3): 总分 94, 3 positive, 87 negative, (94 - 87) / 3 = 2.33.
    const result = scoreOf({ 1: 2, 2: 2, 3: 3 });
    expect(result.rawScore).toBe(94);
    expect(result.indices).toEqual({
      totalMean: 1.04,
      positiveCount: 3,
      negativeCount: 87,
      positiveMean: 2.33,
    });
    // 躯体化 holds item 1 among its 12 items: 13 / 12 = 1.0833 -> 1.08.
    expect(result.dimensions.find((d) => d.key === 'somatization')!.score).toBe(1.08);
  });

  it('screens positive on 总分 > 160 alone: 160 is negative, 161 positive', () => {
    const at160 = scoreOf(raisedKeepingFactorsLow(70, 4));
    expect(at160.rawScore).toBe(160);
    expect(at160.indices.positiveCount).toBeLessThanOrEqual(43);
    expect(at160.dimensions.every((d) => d.score < 2)).toBe(true);
    expect(at160.positive).toBe(false);
    const at161 = scoreOf(raisedKeepingFactorsLow(71, 4));
    expect(at161.rawScore).toBe(161);
    expect(at161.indices.positiveCount).toBeLessThanOrEqual(43);
    expect(at161.dimensions.every((d) => d.score < 2)).toBe(true);
    expect(at161.positive).toBe(true);
  });

  it('screens positive on 阳性项目数 > 43 alone: 43 is negative, 44 positive', () => {
    const at43 = scoreOf(raisedKeepingFactorsLow(43, 1));
    expect(at43.indices.positiveCount).toBe(43);
    expect(at43.rawScore).toBeLessThanOrEqual(160);
    expect(at43.dimensions.every((d) => d.score < 2)).toBe(true);
    expect(at43.positive).toBe(false);
    const at44 = scoreOf(raisedKeepingFactorsLow(44, 1));
    expect(at44.indices.positiveCount).toBe(44);
    expect(at44.rawScore).toBeLessThanOrEqual(160);
    expect(at44.dimensions.every((d) => d.score < 2)).toBe(true);
    expect(at44.positive).toBe(true);
  });

  it('screens positive on any factor score >= 2 alone: 敌对 1.83 is negative, 2.00 positive', () => {
    const hostility = factor('hostility').items;
    const below = scoreOf(Object.fromEntries(hostility.slice(0, 5).map((n) => [n, 2])));
    expect(below.dimensions.find((d) => d.key === 'hostility')!.score).toBe(1.83);
    expect(below.positive).toBe(false);
    const at = scoreOf(Object.fromEntries(hostility.map((n) => [n, 2])));
    expect(at.dimensions.find((d) => d.key === 'hostility')!.score).toBe(2);
    expect(at.rawScore).toBe(96);
    expect(at.indices.positiveCount).toBe(6);
    expect(at.positive).toBe(true);
  });

  it('raises a level-3 crisis alert at item 15 轻度 or above, not at 无', () => {
    expect(scoreOf({ 15: 1 }).alerts).toEqual([]);
    expect(scoreOf({ 15: 2 }).alerts).toEqual([{ level: 3, reason: '自杀意念', crisis: true }]);
    expect(scoreOf({ 15: 5 }).alerts).toEqual([{ level: 3, reason: '自杀意念', crisis: true }]);
  });

  it('raises a level-2 alert naming each factor at 3 or above, not at 2.83', () => {
    const hostility = factor('hostility').items;
    const below = Object.fromEntries(hostility.map((n, i) => [n, i === 0 ? 2 : 3]));
    expect(scoreOf(below).alerts).toEqual([]);
    const hostile = Object.fromEntries(hostility.map((n) => [n, 3]));
    expect(scoreOf(hostile).alerts).toEqual([{ level: 2, reason: '因子分≥3（敌对）', crisis: false }]);
    const paranoid = Object.fromEntries(factor('paranoidIdeation').items.map((n) => [n, 4]));
    expect(scoreOf({ ...hostile, ...paranoid }).alerts).toEqual([
      { level: 2, reason: '因子分≥3（敌对、偏执）', crisis: false },
    ]);
  });

  it('reaches 450 with every item 严重', () => {
    const result = scoreAssessment(def, answers(Object.fromEntries(def.items.map((i) => [i.number, 5]))));
    expect(result.rawScore).toBe(450);
    expect(result.indices).toEqual({ totalMean: 5, positiveCount: 90, negativeCount: 0, positiveMean: 5 });
  });
});
