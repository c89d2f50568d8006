import { describe, expect, it } from 'vitest';
import { scaleDefinition, type ScaleDefinitionInput } from './definition';

/** A minimal valid definition; each test breaks one thing. */
function base(): ScaleDefinitionInput {
  return {
    code: 'TEST',
    version: 1,
    name: '测试量表',
    shortName: '测试',
    instructions: '请作答。',
    timeframe: '过去一周',
    estimatedMinutes: 1,
    optionSets: [
      {
        key: 'yesNo',
        options: [
          { label: '否', value: 0 },
          { label: '是', value: 1 },
        ],
      },
    ],
    items: [
      { number: 1, text: '一', optionSet: 'yesNo' },
      { number: 2, text: '二', optionSet: 'yesNo' },
      { number: 3, text: '三', optionSet: 'yesNo' },
    ],
    dimensions: [{ key: 'a', name: '甲', items: [1, 2], aggregate: 'sum' }],
    scores: [
      {
        key: 'total',
        name: '总分',
        expr: { op: 'sumItems' },
        bands: [
          { max: 1, label: '低', interpretation: '低', advice: '无' },
          { min: 2, label: '高', interpretation: '高', advice: '关注' },
        ],
      },
    ],
    report: { raw: 'total', band: 'total' },
  };
}

/** The Chinese messages of a definition's issues. */
function messages(change: (def: ScaleDefinitionInput) => void): string[] {
  const def = base();
  change(def);
  const parsed = scaleDefinition.safeParse(def);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe('scaleDefinition', () => {
  it('accepts the minimal definition and fills defaults', () => {
    const parsed = scaleDefinition.parse(base());
    expect(parsed.items[0]!.reverse).toBe(false);
    expect(parsed.dimensionRule).toBe('free');
    expect(parsed.scores[0]!.decimals).toBe(2);
    expect(parsed.dimensions[0]!.decimals).toBe(2);
    expect(parsed.alerts).toEqual([]);
    expect(parsed.report.indices).toEqual([]);
  });

  it.each<[string, (def: ScaleDefinitionInput) => void, string]>([
    ['items out of order', (d) => void (d.items[1]!.number = 3), '第2道题的题号应为2，实际为3'],
    ['an unknown option set', (d) => void (d.items[0]!.optionSet = 'nope'), '第1题引用的选项组“nope”不存在'],
    [
      'both an option set and own options',
      (d) =>
        void (d.items[0]!.options = [
          { label: '甲', value: 0 },
          { label: '乙', value: 1 },
        ]),
      '第1题应指定选项组或自带选项（二者选一）',
    ],
    ['neither', (d) => void delete d.items[0]!.optionSet, '第1题应指定选项组或自带选项（二者选一）'],
    [
      'a dimension naming a missing item',
      (d) => void d.dimensions![0]!.items.push(9),
      '维度“甲”中的第9题不存在',
    ],
    ['a dimension naming an item twice', (d) => void d.dimensions![0]!.items.push(1), '维度“甲”中第1题重复'],
    [
      'a disjoint rule broken',
      (d) => {
        d.dimensionRule = 'disjoint';
        d.dimensions!.push({ key: 'b', name: '乙', items: [2, 3], aggregate: 'mean' });
      },
      '第2题同时属于维度“甲”和“乙”，每道题只能属于一个维度',
    ],
    [
      'a partition with an item left out',
      (d) => void (d.dimensionRule = 'partition'),
      '第3题不属于任何维度，每道题都应属于一个维度',
    ],
    [
      'a duplicate dimension key',
      (d) => void d.dimensions!.push({ ...d.dimensions![0]! }),
      '维度标识“a”重复',
    ],
    [
      'a score naming a missing item',
      (d) => void (d.scores[0]!.expr = { op: 'sumItems', items: [4] }),
      '分数“总分”引用的第4题不存在',
    ],
    [
      'a score naming a missing dimension',
      (d) => void (d.scores[0]!.expr = { op: 'meanDimensions', dimensions: ['zz'] }),
      '分数“总分”引用的维度“zz”不存在',
    ],
    [
      'a score naming a missing score',
      (d) => void (d.scores[0]!.expr = { op: 'score', key: 'other' }),
      '分数“总分”引用的分数“other”不存在',
    ],
    [
      'a score referring to itself',
      (d) => void (d.scores[0]!.expr = { op: 'score', key: 'total' }),
      '分数之间的引用形成循环：total → total',
    ],
    [
      'a longer cycle',
      (d) => {
        d.scores.push(
          {
            key: 'b',
            name: '乙',
            expr: {
              op: 'add',
              args: [
                { op: 'const', value: 1 },
                { op: 'score', key: 'c' },
              ],
            },
          },
          {
            key: 'c',
            name: '丙',
            expr: { op: 'subtract', left: { op: 'score', key: 'b' }, right: { op: 'const', value: 1 } },
          },
        );
      },
      '分数之间的引用形成循环：b → c → b',
    ],
    ['a missing raw score', (d) => void (d.report.raw = 'nope'), '原始分引用的分数“nope”不存在'],
    [
      'a main band on a score without bands',
      (d) => {
        d.scores.push({ key: 'plain', name: '普通', expr: { op: 'sumItems' } });
        d.report.band = 'plain';
      },
      '分数“普通”没有分级表，不能作为主分级',
    ],
    ['an index named twice', (d) => void (d.report.indices = ['total', 'total']), '报告指标“total”重复'],
    ['overlapping bands', (d) => void (d.scores[0]!.bands![1]!.min = 1), '分级“低”和“高”的分数区间重叠'],
    [
      'a band with min above max',
      (d) =>
        void d.scores[0]!.bands!.push({ min: 9, max: 5, label: '错', interpretation: '错', advice: '错' }),
      '分级“错”的下限大于上限',
    ],
    [
      'an alert on a missing item',
      (d) =>
        void (d.alerts = [{ when: { on: 'item', item: 7, cmp: 'gte', value: 1 }, level: 3, reason: '原因' }]),
      '条件引用的第7题不存在',
    ],
    [
      'a note on a missing dimension',
      (d) =>
        void (d.notes = [{ when: { on: 'dimension', dimension: 'x', cmp: 'gte', value: 1 }, text: '提示' }]),
      '条件引用的维度“x”不存在',
    ],
    [
      'any-dimension without dimensions',
      (d) => {
        d.dimensions = [];
        d.positive = { anyOf: [{ on: 'anyDimension', cmp: 'gte', value: 2 }] };
      },
      '量表没有维度，不能使用“任一维度”条件',
    ],
    ['a reserved key', (d) => void (d.scores[0]!.key = 'constructor'), '“constructor”是保留字，不能用作标识'],
    [
      'a key that is not an identifier',
      (d) => void (d.optionSets![0]!.key = '__proto__'),
      '标识只能使用字母和数字，并以小写字母开头（最多40个字符）',
    ],
    ['an unknown field', (d) => void Object.assign(d.items[0]!, { revers: true }), '不支持的字段：revers'],
    [
      'an unknown node',
      (d) => void Object.assign(d.scores[0]!, { expr: { op: 'call', fn: 'eval' } }),
      '计算类型应为：const、sumItems、meanItems、countItems、sumDimensions、meanDimensions、score、dimension、add、subtract、multiply、ratio',
    ],
    [
      'a number out of bounds',
      (d) => void (d.scores[0]!.expr = { op: 'const', value: 2e6 }),
      '数值应在±1000000以内',
    ],
    ['a non-finite number', (d) => void (d.scores[0]!.expr = { op: 'const', value: Infinity }), '应为数字'],
    [
      'a bad rounding mode',
      (d) =>
        void Object.assign(d.scores[0]!, {
          expr: {
            op: 'multiply',
            of: { op: 'sumItems' },
            factor: 2,
            rounding: { mode: 'bankers', decimals: 0 },
          },
        }),
      '取整方式应为 truncate、round、floor、ceil 或 none',
    ],
    [
      'a lowercase code',
      (d) => void (d.code = 'phq9'),
      '量表编码为大写字母开头的2-16位大写字母或数字，如 PHQ9',
    ],
    ['an empty item text', (d) => void (d.items[0]!.text = '  '), '请填写题目'],
  ])('refuses %s', (_what, change, message) => {
    expect(messages(change)).toContain(message);
  });

  it('refuses an expression nested too deep or too long', () => {
    const deep = messages((d) => {
      let expr: NonNullable<ScaleDefinitionInput['scores']>[number]['expr'] = { op: 'sumItems' };
      for (let i = 0; i < 12; i++) expr = { op: 'subtract', left: expr, right: { op: 'const', value: 0 } };
      d.scores[0]!.expr = expr;
    });
    expect(deep).toContain('分数“总分”的计算式嵌套过深（最多12层）');
    const long = messages((d) => {
      const leaf = { op: 'const', value: 1 } as const;
      const wide = { op: 'add' as const, args: Array.from({ length: 20 }, () => leaf) };
      d.scores[0]!.expr = { op: 'add', args: Array.from({ length: 11 }, () => wide) };
    });
    expect(long).toContain('分数“总分”的计算式过长（最多200个节点）');
  });
});
