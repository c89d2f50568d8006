import { describe, expect, it } from 'vitest';
import { scoreAssessment, visibleItems } from '../engine';
import { builtinScaleByCode } from './index';
import { allAt, answersFor, answersSumming } from './test-support';

const def = builtinScaleByCode('PHQ15')!;
const female = { gender: 'female' };
const male = { gender: 'male' };
const note = '躯体化倾向明显，建议进一步评估';

describe('PHQ-15', () => {
  it('shows item 4 (月经痛或月经期间其他问题) to women only', () => {
    const all = def.items.map((item) => item.number);
    expect(def.items[3]!.text).toBe('月经痛或月经期间其他问题');
    expect(visibleItems(def, female)).toEqual(all);
    expect(visibleItems(def, male)).toEqual(all.filter((n) => n !== 4));
    expect(visibleItems(def, { gender: 'unknown' })).not.toContain(4);
    expect(visibleItems(def)).not.toContain(4);
  });

  it('reaches 30 for a woman and 28 for a man, whose item 4 is null and not scored', () => {
    const woman = scoreAssessment(def, allAt(def, 3, female), female);
    expect(woman.rawScore).toBe(30);
    const answers = allAt(def, 3, male);
    expect(answers[3]).toBeNull();
    const man = scoreAssessment(def, answers, male);
    expect(man.rawScore).toBe(28);
    expect(man.itemValues[3]).toBeNull();
  });

  it('refuses an answer to item 4 from a man and a missing one from a woman', () => {
    expect(() => scoreAssessment(def, allAt(def, 1, female), male)).toThrow('第4题不应作答');
    expect(() => scoreAssessment(def, allAt(def, 1, male), female)).toThrow('第4题未作答');
  });

  it.each([
    [0, '极轻微'],
    [4, '极轻微'],
    [5, '轻度'],
    [9, '轻度'],
    [10, '中度'],
    [14, '中度'],
    [15, '重度'],
    [30, '重度'],
  ])('total %i is %s', (total, label) => {
    const result = scoreAssessment(def, answersSumming(def, total, { basicInfo: female }), female);
    expect(result.rawScore).toBe(total);
    expect(result.band?.label).toBe(label);
  });

  it('notes marked somatisation at three items at value 2, not at two', () => {
    const two = [2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const twoResult = scoreAssessment(def, answersFor(def, two), female);
    expect(twoResult.rawScore).toBe(17);
    expect(twoResult.notes).toEqual([]);
    const three = [2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(scoreAssessment(def, answersFor(def, three), female).notes).toEqual([note]);
  });

  it('does not count the hidden item 4 toward the note', () => {
    const values = [2, 2, null, null, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    values[2] = 1;
    expect(scoreAssessment(def, answersFor(def, values), male).notes).toEqual([]);
  });
});
