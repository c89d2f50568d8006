import { describe, expect, it } from 'vitest';
import { scoreAssessment } from '../engine';
import { builtinScaleByCode } from './index';
import { allAt, answersSumming } from './test-support';

const def = builtinScaleByCode('WHO5')!;

describe('WHO-5', () => {
  it('scores 5 for the first option and reports raw x 4 as the percentage', () => {
    const best = scoreAssessment(def, allAt(def, 1));
    expect(best.rawScore).toBe(25);
    expect(best.standardScore).toBe(100);
    const worst = scoreAssessment(def, allAt(def, 6));
    expect(worst.rawScore).toBe(0);
    expect(worst.standardScore).toBe(0);
  });

  it.each([
    [0, '幸福感较低', true],
    [12, '幸福感较低', true],
    [13, '幸福感良好', false],
    [25, '幸福感良好', false],
  ])('raw %i is %s (positive %s)', (raw, label, positive) => {
    const result = scoreAssessment(def, answersSumming(def, raw));
    expect(result.rawScore).toBe(raw);
    expect(result.standardScore).toBe(raw * 4);
    expect(result.band?.label).toBe(label);
    expect(result.positive).toBe(positive);
  });
});
