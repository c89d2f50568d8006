import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { answersFor, answersSumming } from './test-support';

const def = builtinScaleByCode('GAD7')!;

describe('GAD-7', () => {
  it('scores the example from scales.md: values 1,1,1,1,1,0,0 -> 5, 轻度', () => {
    const answers = answersFor(def, [1, 1, 1, 1, 1, 0, 0]);
    expect(answers).toEqual([2, 2, 2, 2, 2, 1, 1]);
    const result = scoreAssessment(def, answers);
    expect(result.rawScore).toBe(5);
    expect(result.band?.label).toBe('轻度');
    expect(result.alerts).toEqual([]);
  });

  it.each([
    [0, '无/极轻微焦虑'],
    [4, '无/极轻微焦虑'],
    [5, '轻度'],
    [9, '轻度'],
    [10, '中度'],
    [14, '中度'],
    [15, '重度'],
    [21, '重度'],
  ])('total %i is %s', (total, label) => {
    const result = scoreAssessment(def, answersSumming(def, total));
    expect(result.rawScore).toBe(total);
    expect(result.band?.label).toBe(label);
  });

  it('raises a level-2 alert at total 15, not at 14', () => {
    expect(scoreAssessment(def, answersSumming(def, 14)).alerts).toEqual([]);
    expect(scoreAssessment(def, answersSumming(def, 15)).alerts).toEqual([
      { level: 2, reason: '焦虑症状重度（总分≥15）', crisis: false },
    ]);
  });

  it('refuses a wrong answer count', () => {
    expect(() => scoreAssessment(def, [1, 1, 1, 1, 1, 1, 1, 1])).toThrow('答案数量应为7个，实际为8个');
  });
});
