import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { allAt, answersSumming } from './test-support';

const def = builtinScaleByCode('K10')!;

describe('K10', () => {
  it('scores 1-5 per item: all 几乎没有 is 10, all 几乎一直 is 50', () => {
    expect(scoreAssessment(def, allAt(def, 1)).rawScore).toBe(10);
    expect(scoreAssessment(def, allAt(def, 5)).rawScore).toBe(50);
  });

  it.each([
    [10, '低'],
    [15, '低'],
    [16, '中等'],
    [21, '中等'],
    [22, '高'],
    [29, '高'],
    [30, '很高'],
    [50, '很高'],
  ])('total %i is %s', (total, label) => {
    const result = scoreAssessment(def, answersSumming(def, total));
    expect(result.rawScore).toBe(total);
    expect(result.band?.label).toBe(label);
  });

  it('raises a level-2 alert at total 30, not at 29', () => {
    expect(scoreAssessment(def, answersSumming(def, 29)).alerts).toEqual([]);
    expect(scoreAssessment(def, answersSumming(def, 30)).alerts).toEqual([
      { level: 2, reason: '心理困扰很高（总分≥30）', crisis: false },
    ]);
  });

  it('refuses position 6 of 5 options', () => {
    const answers = allAt(def, 1);
    answers[6] = 6;
    expect(() => scoreAssessment(def, answers)).toThrow('第7题的选项超出范围');
  });
});
