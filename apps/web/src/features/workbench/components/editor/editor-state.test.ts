import { describe, expect, it } from 'vitest';
import { describeCondition, describeExpr, itemRanges, namesOf } from '../describe';
import {
  newScaleState,
  renumberReferences,
  stableJson,
  validate,
  type Def,
  type EditorState,
} from './editor-state';

function filled(): EditorState {
  const s = newScaleState();
  return {
    ...s,
    intro: '两道题了解最近的工作压力。',
    category: '压力',
    def: {
      ...s.def,
      code: 'WPS1',
      name: '工作压力',
      shortName: 'WPS',
      items: [1, 2, 3].map((n) => ({ number: n, text: `第${n}题`, optionSet: 'set1' })),
      dimensions: [{ key: 'dim1', name: '负荷', items: [1, 3], aggregate: 'sum' }],
      scores: [{ key: 'total', name: '总分', expr: { op: 'sumItems', items: [2, 3] }, decimals: 0 }],
      alerts: [
        { when: { on: 'item', item: 2, cmp: 'gte', value: 1 }, level: 3, reason: '第2题' },
        { when: { on: 'item', item: 3, cmp: 'gte', value: 2 }, level: 2, reason: '第3题' },
      ],
    },
  };
}

describe('the scale editor state', () => {
  it('a new scale lists what is missing, a filled one passes the shared schema', () => {
    const missing = validate(newScaleState()).map((i) => i.where);
    expect(missing).toContain('量表名称');
    expect(missing).toContain('量表编码');
    expect(new Set(missing).size).toBe(missing.length);
    expect(validate(filled())).toEqual([]);
  });

  it('names the tab of a broken rule', () => {
    const s = filled();
    s.def = { ...s.def, report: { raw: 'nope' } };
    expect(validate(s)).toEqual([
      expect.objectContaining({ tab: 'scores', message: expect.stringContaining('nope') }),
    ]);
  });

  it('removing an item renumbers dimensions, scores and conditions and drops rules on it', () => {
    const def = filled().def;
    const gone = 2;
    const next: Def = renumberReferences(def, (n) => (n === gone ? null : n > gone ? n - 1 : n));
    expect(next.dimensions![0]!.items).toEqual([1, 2]);
    expect(next.scores[0]!.expr).toEqual({ op: 'sumItems', items: [2] });
    expect(next.alerts).toEqual([
      expect.objectContaining({ reason: '第3题', when: expect.objectContaining({ item: 2 }) }),
    ]);
  });

  it('compares drafts whatever order the database gives their keys', () => {
    expect(stableJson({ b: 1, a: { d: [1, { f: 1, e: 2 }], c: 3 } })).toBe(
      stableJson({ a: { c: 3, d: [1, { e: 2, f: 1 }] }, b: 1 }),
    );
    expect(stableJson({ a: 1, x: undefined })).toBe(stableJson({ a: 1 }));
  });

  it('describes rules in words', () => {
    const def = filled().def;
    const names = namesOf(def);
    expect(itemRanges([5, 1, 2, 3, 7, 8])).toBe('1-3、5、7-8');
    expect(describeExpr({ op: 'sumItems' }, names)).toBe('全部题目得分之和');
    expect(
      describeExpr(
        {
          op: 'multiply',
          of: { op: 'score', key: 'total' },
          factor: 1.25,
          rounding: { mode: 'truncate', decimals: 0 },
        },
        names,
      ),
    ).toBe('「总分」 × 1.25，截断取整');
    expect(describeCondition({ on: 'item', item: 9, cmp: 'gte', value: 1 }, names)).toBe('第9题得分 ≥ 1');
    expect(describeCondition({ on: 'dimension', dimension: 'dim1', cmp: 'gt', value: 2 }, names)).toBe(
      '维度「负荷」> 2',
    );
  });
});
