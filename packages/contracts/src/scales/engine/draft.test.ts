import { describe, expect, it } from 'vitest';
import type { ScaleDefinitionInput } from '../definition';
import { scoreDraft } from './draft';

/** A small unsaved draft as the editor holds it (defaults not filled in). */
function draft(): ScaleDefinitionInput {
  return {
    code: 'DRAFT',
    version: 1,
    name: '草稿量表',
    shortName: '草稿',
    instructions: '请作答。',
    timeframe: '过去一周',
    estimatedMinutes: 1,
    optionSets: [
      {
        key: 'freq',
        options: [
          { label: '从不', value: 0 },
          { label: '有时', value: 1 },
          { label: '经常', value: 2 },
        ],
      },
    ],
    items: [
      { number: 1, text: '一', optionSet: 'freq' },
      { number: 2, text: '二', optionSet: 'freq', reverse: true },
    ],
    dimensions: [],
    scores: [
      {
        key: 'total',
        name: '总分',
        expr: { op: 'sumItems' },
        bands: [
          { max: 2, label: '正常', interpretation: '正常范围', advice: '保持' },
          { min: 3, label: '偏高', interpretation: '偏高', advice: '关注' },
        ],
      },
    ],
    alerts: [{ level: 2, reason: '总分偏高', when: { on: 'score', score: 'total', cmp: 'gte', value: 4 } }],
    report: { raw: 'total', band: 'total' },
  };
}

describe('scoreDraft (the editor preview, in the browser)', () => {
  it('scores the definition as edited: changing an option value changes the score at once', () => {
    const def = draft();
    const before = scoreDraft(def, [3, 1]);
    // 经常 = 2, reverse item 2 at position 1 mirrors to 经常 = 2.
    expect(before).toMatchObject({ ok: true, result: { rawScore: 4, band: { label: '偏高' } } });
    expect(before.ok && before.result.alerts).toEqual([{ level: 2, reason: '总分偏高', crisis: false }]);

    def.optionSets![0]!.options[2]!.value = 1;
    const after = scoreDraft(def, [3, 1]);
    expect(after).toMatchObject({ ok: true, result: { rawScore: 2, band: { label: '正常' }, alerts: [] } });
  });

  it('answers the first problem of a half-typed definition in Chinese instead of throwing', () => {
    const def = draft();
    def.report.raw = 'missing';
    const r = scoreDraft(def, [1, 1]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^量表规则有误（report\.raw）：/);
  });

  it('names the item whose answer does not fit', () => {
    const r = scoreDraft(draft(), [1, 4]);
    expect(r).toEqual({ ok: false, message: '第2题的选项超出范围', item: 2 });
  });
});
