import { describe, expect, it } from 'vitest';
import { scaleDefinition, type ScaleDefinitionInput } from './contracts';
import { AnswerError, scoreAssessment, visibleItems } from './index';

const band = (label: string, min?: number, max?: number) => ({
  min,
  max,
  label,
  interpretation: `${label}的解释`,
  advice: `${label}的建议`,
});

/** A made-up scale exercising every node and condition kind. */
const source: ScaleDefinitionInput = {
  code: 'DEMO',
  version: 1,
  name: '演示量表',
  shortName: '演示',
  instructions: '请根据实际情况作答。',
  timeframe: '过去一周',
  estimatedMinutes: 1,
  optionSets: [
    {
      key: 'abc',
      options: [
        { label: '甲', value: 0 },
        { label: '乙', value: 1 },
        { label: '丙', value: 3 },
      ],
    },
  ],
  items: [
    { number: 1, text: '第一题', optionSet: 'abc' },
    { number: 2, text: '第二题', optionSet: 'abc', reverse: true },
    {
      number: 3,
      text: '第三题',
      options: [
        { label: '否', value: 0 },
        { label: '是', value: 5 },
      ],
      showIf: { field: 'student', equals: true },
    },
    { number: 4, text: '第四题', optionSet: 'abc', showIf: { field: 'grade', equals: 3 } },
  ],
  dimensions: [
    {
      key: 'first',
      name: '甲维度',
      items: [1, 2],
      aggregate: 'sum',
      bands: [band('低', undefined, 2), band('高', 3)],
    },
    { key: 'second', name: '乙维度', items: [3, 4], aggregate: 'mean' },
  ],
  scores: [
    { key: 'total', name: '总分', expr: { op: 'sumItems' }, bands: [band('少', 0, 3), band('多', 4)] },
    { key: 'mean', name: '均分', expr: { op: 'meanItems', items: [1, 2, 4] } },
    { key: 'dims', name: '维度和', expr: { op: 'sumDimensions' } },
    { key: 'dimMean', name: '维度均', expr: { op: 'meanDimensions', dimensions: ['first', 'second'] } },
    { key: 'high', name: '高分题数', expr: { op: 'countItems', items: [1, 2], cmp: 'gt', value: 0 } },
    {
      key: 'mixed',
      name: '混合',
      expr: {
        op: 'add',
        args: [
          { op: 'dimension', key: 'first' },
          { op: 'subtract', left: { op: 'const', value: 10 }, right: { op: 'score', key: 'high' } },
        ],
      },
    },
    {
      key: 'scaled',
      name: '换算',
      expr: {
        op: 'multiply',
        of: { op: 'score', key: 'total' },
        factor: 0.7,
        rounding: { mode: 'ceil', decimals: 0 },
      },
      decimals: 0,
    },
    {
      key: 'share',
      name: '比例',
      expr: {
        op: 'ratio',
        numerator: { op: 'score', key: 'high' },
        denominator: { op: 'dimension', key: 'second' },
        whenZero: -1,
        rounding: { mode: 'floor', decimals: 1 },
      },
    },
  ],
  report: {
    raw: 'total',
    standard: 'scaled',
    band: 'total',
    indices: ['mean', 'dims', 'dimMean', 'mixed', 'share'],
  },
  positive: { anyOf: [{ on: 'dimension', dimension: 'first', cmp: 'gte', value: 4 }] },
  alerts: [
    { when: { on: 'item', item: 1, by: 'position', cmp: 'eq', value: 3 }, level: 1, reason: '第一题选丙' },
    { when: { on: 'item', item: 3, cmp: 'gte', value: 5 }, level: 3, reason: '第三题为是', crisis: true },
    {
      when: { on: 'anyDimension', dimensions: ['second'], cmp: 'gte', value: 1 },
      level: 2,
      reason: '乙维度偏高',
    },
  ],
  notes: [{ when: { on: 'score', score: 'total', cmp: 'lt', value: 1 }, text: '全部最低' }],
};
const def = scaleDefinition.parse(source);

describe('scoreAssessment', () => {
  it('applies option values, reverse scoring over the option list, and hides unmet showIf items', () => {
    expect(visibleItems(def, {})).toEqual([1, 2]);
    expect(visibleItems(def, { student: true, grade: 3 })).toEqual([1, 2, 3, 4]);
    expect(visibleItems(def, { student: 'true', grade: '3' })).toEqual([1, 2]);
    // Item 2 is reverse: position 1 scores the last option's value (3), position 3 the first (0).
    const result = scoreAssessment(def, [3, 1, null, null], {});
    expect(result.itemValues).toEqual([3, 3, null, null]);
    expect(result.rawScore).toBe(6);
  });

  it('computes every node kind at full precision and rounds only the reported figures', () => {
    const result = scoreAssessment(def, [2, 3, 2, 3], { student: true, grade: 3 });
    // Item 2 is reverse: position 3 of 3 scores the first option's value, 0.
    expect(result.itemValues).toEqual([1, 0, 5, 3]);
    expect(result.rawScore).toBe(9);
    // 9 x 0.7 = 6.3, ceil -> 7.
    expect(result.standardScore).toBe(7);
    expect(result.dimensions).toEqual([
      {
        key: 'first',
        name: '甲维度',
        score: 1,
        band: { label: '低', interpretation: '低的解释', advice: '低的建议' },
      },
      { key: 'second', name: '乙维度', score: 4, band: null },
    ]);
    expect(result.indices).toEqual({
      mean: 1.33, // (1 + 0 + 3) / 3
      dims: 5,
      dimMean: 2.5,
      mixed: 10, // 1 + (10 - 1)
      share: 0.2, // 1 / 4 = 0.25, floor to 1 place
    });
    expect(result.band?.label).toBe('多');
    expect(result.scoreBands).toEqual({ total: result.band });
    expect(result.alerts).toEqual([
      { level: 3, reason: '第三题为是', crisis: true },
      { level: 2, reason: '乙维度偏高（乙维度）', crisis: false },
    ]);
    expect(result.notes).toEqual([]);
    expect(result.positive).toBe(false);
  });

  it('answers whenZero for a zero denominator and means over no shown item as 0', () => {
    const result = scoreAssessment(def, [1, 3, null, null]);
    expect(result.dimensions[1]!.score).toBe(0);
    expect(result.indices.share).toBe(-1);
    expect(result.notes).toEqual(['全部最低']);
    expect(result.rawScore).toBe(0);
  });

  it('tests item conditions on the chosen position when asked to', () => {
    const result = scoreAssessment(def, [3, 1, null, null]);
    expect(result.alerts).toEqual([{ level: 1, reason: '第一题选丙', crisis: false }]);
    expect(result.positive).toBe(true);
  });

  it.each([
    [[1, 1, null], '答案数量应为4个，实际为3个'],
    [[1, 1, null, null, null], '答案数量应为4个，实际为5个'],
    [[1, 4, null, null], '第2题的选项超出范围'],
    [[1, -1, null, null], '第2题的选项超出范围'],
    [[1, '2', null, null], '第2题的选项超出范围'],
    [[1, Number.NaN, null, null], '第2题的选项超出范围'],
    [[null, 1, null, null], '第1题未作答'],
    [[1, 1, 1, null], '第3题不应作答'],
  ])('refuses %j: %s', (answers, message) => {
    expect(() => scoreAssessment(def, answers as (number | null)[])).toThrow(message);
  });

  it('refuses answers that are not a list, and names the item in a typed 400 error', () => {
    expect(() => scoreAssessment(def, { length: 4 } as unknown as number[])).toThrow('答案格式不正确');
    const error = (() => {
      try {
        scoreAssessment(def, [1, 1, 2, null], { student: true, grade: 3 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(AnswerError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST', item: 4, message: '第4题未作答' });
    expect(() => scoreAssessment(def, [1, 1, 2, 1], { student: true })).toThrow('第4题不应作答');
  });
});
