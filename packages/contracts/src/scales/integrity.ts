import type { z } from 'zod';
import type { ScaleBandRange, ScaleDefinition } from './definition';
import {
  SCALE_EXPRESSION_DEPTH_MAX,
  SCALE_EXPRESSION_NODES_MAX,
  walkScaleExpression,
  type ScaleCondition,
  type ScaleExpr,
} from './expression';

type Path = (string | number)[];

/**
 * Referential integrity of a definition, run after the shape is valid: every item, option set,
 * dimension and score a definition names exists, items are numbered 1..n in order, dimensions
 * obey `dimensionRule`, band ranges do not overlap, and scores do not refer to each other in a
 * cycle. The engine relies on all of this and does not check it again.
 */
export function checkIntegrity(def: ScaleDefinition, ctx: z.RefinementCtx): void {
  const issue = (message: string, path: Path) => ctx.addIssue({ code: 'custom', message, path });
  const itemCount = def.items.length;
  const hasItem = (n: number) => Number.isInteger(n) && n >= 1 && n <= itemCount;

  def.items.forEach((item, i) => {
    if (item.number !== i + 1)
      issue(`第${i + 1}道题的题号应为${i + 1}，实际为${item.number}`, ['items', i, 'number']);
  });

  const optionSetKeys = uniqueKeys(def.optionSets, '选项组', ['optionSets'], issue);
  def.items.forEach((item, i) => {
    if ((item.optionSet === undefined) === (item.options === undefined)) {
      issue(`第${i + 1}题应指定选项组或自带选项（二者选一）`, ['items', i]);
    } else if (item.optionSet !== undefined && !optionSetKeys.has(item.optionSet)) {
      issue(`第${i + 1}题引用的选项组“${item.optionSet}”不存在`, ['items', i, 'optionSet']);
    }
  });

  const dimensionKeys = uniqueKeys(def.dimensions, '维度', ['dimensions'], issue);
  const owner = new Map<number, string>();
  def.dimensions.forEach((dim, d) => {
    const seen = new Set<number>();
    dim.items.forEach((n, j) => {
      const path = ['dimensions', d, 'items', j];
      if (!hasItem(n)) return issue(`维度“${dim.name}”中的第${n}题不存在`, path);
      if (seen.has(n)) return issue(`维度“${dim.name}”中第${n}题重复`, path);
      seen.add(n);
      const other = owner.get(n);
      if (other !== undefined && def.dimensionRule !== 'free') {
        issue(`第${n}题同时属于维度“${other}”和“${dim.name}”，每道题只能属于一个维度`, path);
      }
      owner.set(n, dim.name);
    });
    checkBands(dim.bands, ['dimensions', d, 'bands'], issue);
  });
  if (def.dimensionRule === 'partition') {
    const missing = def.items.map((item) => item.number).filter((n) => !owner.has(n));
    if (missing.length > 0)
      issue(`第${missing.join('、')}题不属于任何维度，每道题都应属于一个维度`, ['dimensions']);
  }

  const scoreKeys = uniqueKeys(def.scores, '分数', ['scores'], issue);
  const refs = new Map<string, string[]>();
  def.scores.forEach((score, s) => {
    const path: Path = ['scores', s, 'expr'];
    const named = `分数“${score.name}”`;
    const scoreRefs: string[] = [];
    let nodes = 0;
    let deepest = 0;
    walkScaleExpression(score.expr, (node, depth) => {
      nodes++;
      deepest = Math.max(deepest, depth);
      for (const n of itemsOf(node)) if (!hasItem(n)) issue(`${named}引用的第${n}题不存在`, path);
      for (const k of dimensionsOf(node))
        if (!dimensionKeys.has(k)) issue(`${named}引用的维度“${k}”不存在`, path);
      if (node.op === 'score') {
        if (!scoreKeys.has(node.key)) issue(`${named}引用的分数“${node.key}”不存在`, path);
        else scoreRefs.push(node.key);
      }
    });
    if (nodes > SCALE_EXPRESSION_NODES_MAX)
      issue(`${named}的计算式过长（最多${SCALE_EXPRESSION_NODES_MAX}个节点）`, path);
    if (deepest > SCALE_EXPRESSION_DEPTH_MAX)
      issue(`${named}的计算式嵌套过深（最多${SCALE_EXPRESSION_DEPTH_MAX}层）`, path);
    refs.set(score.key, scoreRefs);
    checkBands(score.bands, ['scores', s, 'bands'], issue);
  });
  const cycle = findCycle(refs);
  if (cycle) issue(`分数之间的引用形成循环：${cycle.join(' → ')}`, ['scores']);

  const needScore = (key: string | undefined, path: Path, what: string) => {
    if (key !== undefined && !scoreKeys.has(key)) issue(`${what}引用的分数“${key}”不存在`, path);
  };
  needScore(def.report.raw, ['report', 'raw'], '原始分');
  needScore(def.report.standard, ['report', 'standard'], '标准分');
  needScore(def.report.band, ['report', 'band'], '主分级');
  const bandScore = def.scores.find((s) => s.key === def.report.band);
  if (bandScore && !bandScore.bands)
    issue(`分数“${bandScore.name}”没有分级表，不能作为主分级`, ['report', 'band']);
  const indexSeen = new Set<string>();
  def.report.indices.forEach((key, i) => {
    needScore(key, ['report', 'indices', i], '报告指标');
    if (indexSeen.has(key)) issue(`报告指标“${key}”重复`, ['report', 'indices', i]);
    indexSeen.add(key);
  });

  const checkCondition = (c: ScaleCondition, path: Path) => {
    if (c.on === 'item' && !hasItem(c.item)) issue(`条件引用的第${c.item}题不存在`, path);
    if (c.on === 'score') needScore(c.score, path, '条件');
    if (c.on === 'dimension' && !dimensionKeys.has(c.dimension))
      issue(`条件引用的维度“${c.dimension}”不存在`, path);
    if (c.on === 'anyDimension') {
      if (def.dimensions.length === 0) issue('量表没有维度，不能使用“任一维度”条件', path);
      for (const k of c.dimensions ?? [])
        if (!dimensionKeys.has(k)) issue(`条件引用的维度“${k}”不存在`, path);
    }
  };
  def.positive?.anyOf.forEach((c, i) => checkCondition(c, ['positive', 'anyOf', i]));
  def.alerts.forEach((a, i) => checkCondition(a.when, ['alerts', i, 'when']));
  def.notes.forEach((n, i) => checkCondition(n.when, ['notes', i, 'when']));
}

function uniqueKeys(
  list: readonly { key: string }[],
  what: string,
  path: Path,
  issue: (message: string, path: Path) => void,
): Set<string> {
  const keys = new Set<string>();
  list.forEach((entry, i) => {
    if (keys.has(entry.key)) issue(`${what}标识“${entry.key}”重复`, [...path, i, 'key']);
    keys.add(entry.key);
  });
  return keys;
}

function itemsOf(node: ScaleExpr): readonly number[] {
  return node.op === 'sumItems' || node.op === 'meanItems' || node.op === 'countItems'
    ? (node.items ?? [])
    : [];
}

function dimensionsOf(node: ScaleExpr): readonly string[] {
  if (node.op === 'dimension') return [node.key];
  if (node.op === 'sumDimensions' || node.op === 'meanDimensions') return node.dimensions ?? [];
  return [];
}

/** Ranges must have min <= max and must not share any value (both ends are inclusive). */
function checkBands(
  bands: readonly ScaleBandRange[] | undefined,
  path: Path,
  issue: (m: string, p: Path) => void,
) {
  if (!bands) return;
  const lo = (r: ScaleBandRange) => r.min ?? -Infinity;
  const hi = (r: ScaleBandRange) => r.max ?? Infinity;
  bands.forEach((r, i) => {
    if (lo(r) > hi(r)) issue(`分级“${r.label}”的下限大于上限`, [...path, i]);
  });
  const sorted = [...bands].sort((a, b) => lo(a) - lo(b));
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const next = sorted[i]!;
    if (hi(prev) >= lo(next)) issue(`分级“${prev.label}”和“${next.label}”的分数区间重叠`, path);
  }
}

/** A cycle among score references (as a path of keys ending where it began), or null. */
function findCycle(refs: ReadonlyMap<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (key: string): string[] | null => {
    const at = onPath.indexOf(key);
    if (at >= 0) return [...onPath.slice(at), key];
    if (done.has(key)) return null;
    onPath.push(key);
    for (const next of refs.get(key) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    onPath.pop();
    done.add(key);
    return null;
  };
  for (const key of refs.keys()) {
    const found = visit(key);
    if (found) return found;
  }
  return null;
}
