import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { allAt, answersSumming, itScoresZungBands } from './test-support';

const def = builtinScaleByCode('SAS')!;

describe('SAS', () => {
  it('marks exactly the published reverse items 5, 9, 13, 17, 19', () => {
    expect(def.items.filter((i) => i.reverse).map((i) => i.number)).toEqual([5, 9, 13, 17, 19]);
  });

  it('scores all A as raw 35 (reverse items at 4) and truncates raw x 1.25', () => {
    const result = scoreAssessment(def, allAt(def, 1));
    expect(result.itemValues[4]).toBe(4);
    expect(result.itemValues[0]).toBe(1);
    expect(result.rawScore).toBe(35);
    expect(result.standardScore).toBe(43);
    expect(result.band?.label).toBe('无焦虑症状');
  });

  itScoresZungBands(
    def,
    [
      [20, 25, '无焦虑症状'],
      [39, 48, '无焦虑症状'],
      [40, 50, '轻度'],
      [47, 58, '轻度'],
      [48, 60, '中度'],
      [55, 68, '中度'],
      [56, 70, '重度'],
      [80, 100, '重度'],
    ],
    [
      [49, '无焦虑症状'],
      [50, '轻度'],
      [59, '轻度'],
      [60, '中度'],
      [69, '中度'],
      [70, '重度'],
    ],
  );

  it('raises a level-2 alert from standard 70 (raw 56), not at 68 (raw 55)', () => {
    expect(scoreAssessment(def, answersSumming(def, 55)).alerts).toEqual([]);
    expect(scoreAssessment(def, answersSumming(def, 56)).alerts).toEqual([
      { level: 2, reason: '重度焦虑症状（标准分≥70）', crisis: false },
    ]);
  });
});
