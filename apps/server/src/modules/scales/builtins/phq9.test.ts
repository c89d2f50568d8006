import { describe, expect, it } from 'vitest';
import { AnswerError, scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { answersSumming } from './test-support';

const def = builtinScaleByCode('PHQ9')!;

describe('PHQ-9', () => {
  it('scores the example from scales.md: total 10, 中度, no alert', () => {
    const result = scoreAssessment(def, [3, 3, 2, 2, 2, 2, 2, 2, 1]);
    expect(result.itemValues).toEqual([2, 2, 1, 1, 1, 1, 1, 1, 0]);
    expect(result.rawScore).toBe(10);
    expect(result.standardScore).toBeNull();
    expect(result.band?.label).toBe('中度');
    expect(result.alerts).toEqual([]);
  });

  it.each([
    [0, '无/极轻微抑郁'],
    [4, '无/极轻微抑郁'],
    [5, '轻度'],
    [9, '轻度'],
    [10, '中度'],
    [14, '中度'],
    [15, '中重度'],
    [19, '中重度'],
    [20, '重度'],
    [27, '重度'],
  ])('total %i is %s', (total, label) => {
    const result = scoreAssessment(def, answersSumming(def, total));
    expect(result.rawScore).toBe(total);
    expect(result.band?.label).toBe(label);
  });

  it('raises a level-3 crisis alert at item 9 value 1, not at 0', () => {
    const below = scoreAssessment(def, [1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(below.alerts).toEqual([]);
    const at = scoreAssessment(def, [1, 1, 1, 1, 1, 1, 1, 1, 2]);
    expect(at.rawScore).toBe(1);
    expect(at.alerts).toEqual([{ level: 3, reason: '自伤/自杀意念', crisis: true }]);
  });

  it('raises a level-2 alert at total 15, not at 14', () => {
    expect(scoreAssessment(def, answersSumming(def, 14, { keepLow: [9] })).alerts).toEqual([]);
    const at = scoreAssessment(def, answersSumming(def, 15, { keepLow: [9] }));
    expect(at.alerts).toEqual([{ level: 2, reason: '抑郁症状中重度及以上（总分≥15）', crisis: false }]);
  });

  it('screens positive from total 10', () => {
    expect(scoreAssessment(def, answersSumming(def, 9)).positive).toBe(false);
    expect(scoreAssessment(def, answersSumming(def, 10)).positive).toBe(true);
  });

  it('refuses a wrong answer count, an out-of-range position and a missing answer', () => {
    expect(() => scoreAssessment(def, [1, 1, 1, 1, 1, 1, 1, 1])).toThrow('答案数量应为9个，实际为8个');
    expect(() => scoreAssessment(def, [1, 1, 5, 1, 1, 1, 1, 1, 1])).toThrow('第3题的选项超出范围');
    expect(() => scoreAssessment(def, [1, 1, 0, 1, 1, 1, 1, 1, 1])).toThrow('第3题的选项超出范围');
    expect(() => scoreAssessment(def, [1, 1, 1, null, 1, 1, 1, 1, 1])).toThrow('第4题未作答');
    try {
      scoreAssessment(def, [1, 1, 1.5, 1, 1, 1, 1, 1, 1]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AnswerError);
      expect((error as AnswerError).status).toBe(400);
      expect((error as AnswerError).item).toBe(3);
      expect((error as AnswerError).message).toBe('第3题的选项超出范围');
    }
  });
});
