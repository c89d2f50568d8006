import {
  scaleComparatorSymbols,
  type ScaleConditionInput,
  type ScaleDefinitionInput,
  type ScaleExpr,
  type ScaleRounding,
} from '@psy/contracts';

/** Plain Chinese for a definition's rules, for authors and reviewers who never read JSON. */

/** [1,2,3,5,7,8] -> "1-3、5、7-8" */
export function itemRanges(items: readonly number[]): string {
  const sorted = [...new Set(items)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    let end = start;
    while (sorted[i + 1] === end + 1) end = sorted[++i]!;
    parts.push(end > start ? `${start}-${end}` : String(start));
  }
  return parts.join('、');
}

interface Names {
  score: (key: string) => string;
  dimension: (key: string) => string;
}

export function namesOf(def: Pick<ScaleDefinitionInput, 'scores' | 'dimensions'>): Names {
  const scores = new Map(def.scores.map((s) => [s.key, s.name]));
  const dims = new Map((def.dimensions ?? []).map((d) => [d.key, d.name]));
  return {
    score: (k) => scores.get(k) ?? k,
    dimension: (k) => dims.get(k) ?? k,
  };
}

const roundingModes: Record<ScaleRounding['mode'], string> = {
  truncate: '截断',
  round: '四舍五入',
  floor: '向下取整',
  ceil: '向上取整',
  none: '',
};

export function describeRounding(r: ScaleRounding): string {
  if (r.mode === 'none') return '';
  if (r.mode === 'floor' || r.mode === 'ceil')
    return r.decimals ? `${roundingModes[r.mode]}到${r.decimals}位小数` : roundingModes[r.mode];
  return r.decimals ? `${roundingModes[r.mode]}保留${r.decimals}位小数` : `${roundingModes[r.mode]}取整`;
}

function scope(items: number[] | undefined): string {
  return items?.length ? `第${itemRanges(items)}题` : '全部题目';
}

function dimScope(keys: string[] | undefined, n: Names): string {
  return keys?.length ? `维度「${keys.map(n.dimension).join('、')}」` : '全部维度';
}

export function describeExpr(e: ScaleExpr, n: Names): string {
  switch (e.op) {
    case 'const':
      return String(e.value);
    case 'sumItems':
      return `${scope(e.items)}得分之和`;
    case 'meanItems':
      return `${scope(e.items)}的平均分`;
    case 'countItems':
      return `${scope(e.items)}中得分${scaleComparatorSymbols[e.cmp]}${e.value}的题数`;
    case 'sumDimensions':
      return `${dimScope(e.dimensions, n)}得分之和`;
    case 'meanDimensions':
      return `${dimScope(e.dimensions, n)}的平均分`;
    case 'score':
      return `「${n.score(e.key)}」`;
    case 'dimension':
      return `维度「${n.dimension(e.key)}」`;
    case 'add':
      return e.args.map((a) => describeExpr(a, n)).join(' + ');
    case 'subtract':
      return `${describeExpr(e.left, n)} − (${describeExpr(e.right, n)})`;
    case 'multiply': {
      const r = describeRounding(e.rounding);
      return `${describeExpr(e.of, n)} × ${e.factor}${r ? `，${r}` : ''}`;
    }
    case 'ratio': {
      const r = describeRounding(e.rounding);
      return `(${describeExpr(e.numerator, n)}) ÷ (${describeExpr(e.denominator, n)})，分母为0时取${e.whenZero}${r ? `，${r}` : ''}`;
    }
  }
}

export function describeCondition(c: ScaleConditionInput, n: Names): string {
  const cmp = `${scaleComparatorSymbols[c.cmp]} ${c.value}`;
  switch (c.on) {
    case 'item':
      return `第${c.item}题${c.by === 'position' ? '所选选项序号' : '得分'} ${cmp}`;
    case 'score':
      return `「${n.score(c.score)}」${cmp}`;
    case 'dimension':
      return `维度「${n.dimension(c.dimension)}」${cmp}`;
    case 'anyDimension':
      return `${c.dimensions?.length ? `维度「${c.dimensions.map(n.dimension).join('、')}」中任一` : '任一维度'} ${cmp}`;
  }
}

export function bandRange(b: { min?: number; max?: number }): string {
  if (b.min !== undefined && b.max !== undefined) return b.min === b.max ? `${b.min}` : `${b.min} ~ ${b.max}`;
  if (b.min !== undefined) return `≥ ${b.min}`;
  if (b.max !== undefined) return `≤ ${b.max}`;
  return '任意分数';
}

const sections: Record<string, string> = {
  code: '量表编码',
  version: '版本',
  name: '量表名称',
  shortName: '简称',
  instructions: '指导语',
  timeframe: '评定时间范围',
  estimatedMinutes: '预计用时',
  source: '来源',
  optionSets: '选项组',
  options: '选项',
  label: '文字',
  value: '分值',
  items: '题目',
  text: '题干',
  optionSet: '选项组',
  showIf: '显示条件',
  dimensions: '维度',
  dimensionRule: '维度规则',
  aggregate: '计分方式',
  scores: '分数',
  expr: '计算式',
  decimals: '小数位数',
  bands: '分级',
  interpretation: '结果解释',
  advice: '建议',
  report: '报告设置',
  raw: '原始分',
  standard: '标准分',
  band: '主分级',
  indices: '附加指标',
  positive: '阳性判定',
  anyOf: '条件',
  alerts: '预警规则',
  when: '条件',
  level: '预警等级',
  reason: '预警原因',
  notes: '提示',
  key: '标识',
};

/** ['items', 2, 'text'] -> "题目 › 第3个 › 题干" */
export function describePath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => {
      if (typeof p === 'number') return `第${p + 1}个`;
      // Inside a score, dimension or band, `name` is that thing's own name.
      if (i > 0 && p === 'name') return '名称';
      return sections[String(p)] ?? String(p);
    })
    .join(' › ');
}
