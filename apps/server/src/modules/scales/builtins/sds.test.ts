import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { allAt, answersSumming, itScoresZungBands } from './test-support';

const def = builtinScaleByCode('SDS')!;
const reverseItems = [2, 5, 6, 11, 12, 14, 16, 17, 18, 20];

describe('SDS', () => {
  it('marks exactly the published reverse items', () => {
    expect(def.items.filter((i) => i.reverse).map((i) => i.number)).toEqual(reverseItems);
    expect(def.items[18]!.text).toBe('我认为如果我死了别人会生活得好些');
  });

  it('scores the example from scales.md: all A -> raw 50 -> 62.5 -> standard 62 -> 轻度', () => {
    const result = scoreAssessment(def, allAt(def, 1));
    expect(result.itemValues).toEqual(def.items.map((i) => (i.reverse ? 4 : 1)));
    expect(result.rawScore).toBe(50);
    expect(result.standardScore).toBe(62);
    expect(result.band?.label).toBe('轻度');
    expect(result.alerts).toEqual([]);
  });

  it('scores reverse items A4 B3 C2 D1 and forward items A1 B2 C3 D4', () => {
    const result = scoreAssessment(def, [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(result.itemValues.slice(0, 12)).toEqual([1, 4, 2, 2, 3, 2, 3, 3, 4, 4, 1, 1]);
  });

  it('truncates the standard score: raw 41 -> 51.25 -> 51', () => {
    const result = scoreAssessment(def, answersSumming(def, 41));
    expect(result.rawScore).toBe(41);
    expect(result.standardScore).toBe(51);
  });

  itScoresZungBands(
    def,
    [
      [20, 25, '无抑郁症状'],
      [42, 52, '无抑郁症状'],
      [43, 53, '轻度'],
      [50, 62, '轻度'],
      [51, 63, '中度'],
      [58, 72, '中度'],
      [59, 73, '重度'],
      [80, 100, '重度'],
    ],
    [
      [52, '无抑郁症状'],
      [53, '轻度'],
      [62, '轻度'],
      [63, '中度'],
      [72, '中度'],
      [73, '重度'],
    ],
  );

  it('raises a level-3 crisis alert at item 19 C or D, not at B', () => {
    const answers = allAt(def, 1);
    answers[18] = 2;
    expect(scoreAssessment(def, answers).alerts).toEqual([]);
    for (const position of [3, 4]) {
      answers[18] = position;
      expect(scoreAssessment(def, answers).alerts).toEqual([{ level: 3, reason: '自杀意念', crisis: true }]);
    }
  });

  it('raises a level-2 alert at standard 73, not at 72', () => {
    expect(scoreAssessment(def, answersSumming(def, 58, { keepLow: [19] })).alerts).toEqual([]);
    expect(scoreAssessment(def, answersSumming(def, 59, { keepLow: [19] })).alerts).toEqual([
      { level: 2, reason: '重度抑郁症状（标准分≥73）', crisis: false },
    ]);
  });
});
