import { describe, expect, it } from 'vitest';
import { builtinScaleByCode, scoreAssessment } from '../scales';
import { change, extremes, highItems, reviewDueBy } from './report-content';

describe('report content', () => {
  it('expects a review by 18:00 of the next working day', () => {
    // Friday 10:00 in Beijing -> Monday 18:00.
    expect(reviewDueBy(new Date('2026-11-20T02:00:00Z')).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    // Monday 23:30 in Beijing -> Tuesday 18:00.
    expect(reviewDueBy(new Date('2026-11-23T15:30:00Z')).toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it('knows the range of the SCL-90 total and factors', () => {
    const { low, high } = extremes(builtinScaleByCode('SCL90')!, undefined);
    expect([low.rawScore, high.rawScore]).toEqual([90, 450]);
    expect(low.dimensions.every((d) => d.score === 1)).toBe(true);
    expect(high.dimensions.every((d) => d.score === 5)).toBe(true);
  });

  it('says which way a result moved, for scales where higher is worse or better', () => {
    const points = [
      { assessmentId: 1, submittedAt: '2026-11-01T02:00:00Z', score: 14, label: '中度', current: false },
      { assessmentId: 2, submittedAt: '2026-11-20T02:00:00Z', score: 8, label: '轻度', current: true },
    ];
    expect(change(points, false)?.text).toBe('比上次（2026-11-01）低 6 分，由“中度”变为“轻度”，有所改善。');
    expect(change(points, true)?.text).toBe(
      '比上次（2026-11-01）低 6 分，由“中度”变为“轻度”，状态有所下降。',
    );
    expect(change(points.slice(1), false)).toBeNull();
  });

  it('lists the answers in the worse half of their range, two steps or more from the best', () => {
    const phq15 = builtinScaleByCode('PHQ15')!;
    // 有一点困扰 (1 of 0–2) is not "high"; 有很多困扰 (2) is.
    const answers = phq15.items.map((i) => (i.number === 3 ? 3 : 2));
    const r = scoreAssessment(phq15, answers, { gender: 'female' });
    expect(highItems(phq15, answers, r).map((i) => [i.number, i.answer])).toEqual([[3, '有很多困扰']]);
    // WHO-5: higher is better, so the low answers are the ones that matter.
    const who5 = builtinScaleByCode('WHO5')!;
    const low = [1, 6, 6, 6, 3];
    const w = scoreAssessment(who5, low);
    expect(highItems(who5, low, w, true).map((i) => i.number)).toEqual([2, 3, 4]);
  });
});
