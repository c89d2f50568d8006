import {
  scaleDefinition,
  type ScaleConditionInput,
  type ScaleDefinitionInput,
  type ScaleExpr,
  type ScaleOption,
} from '@psy/contracts';
import type { ScaleBody, ScaleDraft } from '../../api/scales';
import { describePath } from '../describe';

/** What the scale editor holds: the definition plus the catalogue fields around it. */
export interface EditorState {
  def: ScaleDefinitionInput;
  intro: string;
  category: string;
  priceFen: number;
}

export type Def = ScaleDefinitionInput;
export type ItemInput = Def['items'][number];
export type OptionSetInput = NonNullable<Def['optionSets']>[number];
export type DimensionInput = NonNullable<Def['dimensions']>[number];
export type ScoreInput = Def['scores'][number];
export type BandInput = NonNullable<ScoreInput['bands']>[number];
export type AlertInput = NonNullable<Def['alerts']>[number];

export const emptyBand: BandInput = { min: 0, label: '', interpretation: '', advice: '' };

export const optionTemplates: { name: string; options: ScaleOption[] }[] = [
  {
    name: '频率（0-3分）',
    options: [
      { label: '完全不会', value: 0 },
      { label: '好几天', value: 1 },
      { label: '一半以上的天数', value: 2 },
      { label: '几乎每天', value: 3 },
    ],
  },
  {
    name: '时间（1-4分）',
    options: [
      { label: '没有或很少时间', value: 1 },
      { label: '小部分时间', value: 2 },
      { label: '相当多时间', value: 3 },
      { label: '绝大部分或全部时间', value: 4 },
    ],
  },
  {
    name: '程度（1-5分）',
    options: [
      { label: '无', value: 1 },
      { label: '轻度', value: 2 },
      { label: '中度', value: 3 },
      { label: '偏重', value: 4 },
      { label: '严重', value: 5 },
    ],
  },
  {
    name: '是否（1/0分）',
    options: [
      { label: '是', value: 1 },
      { label: '否', value: 0 },
    ],
  },
];

export function newScaleState(): EditorState {
  return {
    intro: '',
    category: '',
    priceFen: 0,
    def: {
      code: '',
      version: 1,
      name: '',
      shortName: '',
      instructions: '请根据你最近的实际感受，选择最符合的一项。',
      timeframe: '过去两周',
      estimatedMinutes: 3,
      optionSets: [{ key: 'set1', options: optionTemplates[0]!.options }],
      items: [{ number: 1, text: '', optionSet: 'set1' }],
      dimensions: [],
      scores: [{ key: 'total', name: '总分', expr: { op: 'sumItems' }, decimals: 0 }],
      report: { raw: 'total' },
      alerts: [],
    },
  };
}

export function stateFromDraft(d: ScaleDraft): EditorState {
  return { def: d.definition, intro: d.intro, category: d.category, priceFen: d.priceFen };
}

/** The catalogue name and short name are the definition's, so the author types them once. */
export function bodyOf(s: EditorState): ScaleBody {
  return {
    name: s.def.name,
    shortName: s.def.shortName,
    intro: s.intro,
    category: s.category,
    priceFen: s.priceFen,
    definition: s.def,
  };
}

/** JSON with sorted keys: the database may hand the draft back with its keys reordered. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/** The first free key like `dim3` among those in use. */
export function nextKey(prefix: string, used: readonly { key: string }[]): string {
  const taken = new Set(used.map((u) => u.key));
  for (let i = 1; ; i++) if (!taken.has(`${prefix}${i}`)) return `${prefix}${i}`;
}

export function optionsOfItem(def: Def, item: ItemInput): ScaleOption[] {
  if (item.options) return item.options;
  return def.optionSets?.find((s) => s.key === item.optionSet)?.options ?? [];
}

function mapList(items: number[] | undefined, fn: (n: number) => number | null): number[] | undefined {
  if (!items) return items;
  return items.map(fn).filter((n): n is number => n !== null);
}

function mapExpr(e: ScaleExpr, fn: (n: number) => number | null): ScaleExpr {
  switch (e.op) {
    case 'sumItems':
    case 'meanItems':
    case 'countItems':
      return e.items ? { ...e, items: mapList(e.items, fn) } : e;
    case 'add':
      return { ...e, args: e.args.map((a) => mapExpr(a, fn)) };
    case 'subtract':
      return { ...e, left: mapExpr(e.left, fn), right: mapExpr(e.right, fn) };
    case 'multiply':
      return { ...e, of: mapExpr(e.of, fn) };
    case 'ratio':
      return { ...e, numerator: mapExpr(e.numerator, fn), denominator: mapExpr(e.denominator, fn) };
    default:
      return e;
  }
}

/** A condition after renumbering, or null when its item is gone (the rule goes with it). */
function mapCondition(c: ScaleConditionInput, fn: (n: number) => number | null): ScaleConditionInput | null {
  if (c.on !== 'item') return c;
  const n = fn(c.item);
  return n === null ? null : { ...c, item: n };
}

/**
 * Items were moved or removed: `fn` tells where each old number went (null = removed).
 * Dimensions, score expressions and item conditions follow, so a rule keeps meaning the
 * same question; rules on a removed item are dropped.
 */
export function renumberReferences(def: Def, fn: (n: number) => number | null): Def {
  const alerts = (def.alerts ?? []).flatMap((a) => {
    const when = mapCondition(a.when, fn);
    return when ? [{ ...a, when }] : [];
  });
  const notes = (def.notes ?? []).flatMap((x) => {
    const when = mapCondition(x.when, fn);
    return when ? [{ ...x, when }] : [];
  });
  const anyOf = def.positive?.anyOf.map((c) => mapCondition(c, fn)).filter((c) => c !== null);
  return {
    ...def,
    dimensions: (def.dimensions ?? []).map((d) => ({ ...d, items: mapList(d.items, fn)! })),
    scores: def.scores.map((s) => ({ ...s, expr: mapExpr(s.expr, fn) })),
    alerts,
    notes,
    positive: anyOf?.length ? { anyOf } : undefined,
  };
}

export type TabKey = 'basic' | 'options' | 'items' | 'dimensions' | 'scores' | 'alerts' | 'json';

const tabOfField: Record<string, TabKey> = {
  optionSets: 'options',
  items: 'items',
  dimensions: 'dimensions',
  dimensionRule: 'dimensions',
  scores: 'scores',
  report: 'scores',
  alerts: 'alerts',
  positive: 'alerts',
  notes: 'json',
};

export interface Issue {
  tab: TabKey;
  where: string;
  message: string;
}

/**
 * The same checks the server runs (the shared zod schema), so mistakes show while typing
 * instead of after a save; the server still checks again.
 */
export function validate(s: EditorState): Issue[] {
  const issues: Issue[] = [];
  const basic = (where: string, message: string) => issues.push({ tab: 'basic', where, message });
  if (s.def.name.trim().length < 2) basic('量表名称', '量表名称至少2个字');
  if (s.intro.trim().length < 10) basic('量表简介', '量表简介至少10个字');
  if (s.intro.trim().length > 1000) basic('量表简介', '量表简介最多1000个字');
  if (s.category.trim().length < 2) basic('分类', '请填写分类（至少2个字）');
  if (s.category.trim().length > 20) basic('分类', '分类最多20个字');
  if (s.priceFen > 100_000) basic('报告价格', '报告价格不能超过1000元');
  const r = scaleDefinition.safeParse(s.def);
  if (!r.success) {
    for (const issue of r.error.issues) {
      const head = String(issue.path[0] ?? '');
      const where = describePath(issue.path);
      // The catalogue checks above already speak about the name more precisely.
      if (issues.some((i) => i.where === where)) continue;
      issues.push({ tab: tabOfField[head] ?? 'basic', where, message: issue.message });
    }
  }
  return issues;
}
