import type {
  ReportDimension,
  ReportItem,
  ReportPart,
  ReportScoreScale,
  ReportTrendPoint,
  ScaleBasicInfo,
  ScaleDefinition,
  ScaleScoreResult,
} from '@psy/contracts';
import { addDays, formatDate, isoWeekday, shanghaiDate, shanghaiInstant } from '../../lib/time';
import { optionsOf, scoreAssessment, visibleItems } from '../scales';
import { RETEST, scaleGuides, type ScaleGuide } from './report-guide';

/** At most this many answers are listed as having driven the result. */
export const HIGH_ITEMS_MAX = 12;

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The lowest and highest result the scale can give this respondent: each shown item answered
 * with the option that scores least (most), reverse scoring included, through the engine.
 */
export function extremes(def: ScaleDefinition, basicInfo: ScaleBasicInfo | undefined) {
  const shown = new Set(visibleItems(def, basicInfo));
  const pick = (best: (a: number, b: number) => boolean) =>
    def.items.map((item) => {
      if (!shown.has(item.number)) return null;
      const opts = optionsOf(def, item);
      const scored = (p: number) => (item.reverse ? opts[opts.length - p]! : opts[p - 1]!).value;
      let at = 1;
      for (let p = 2; p <= opts.length; p++) if (best(scored(p), scored(at))) at = p;
      return at;
    });
  return {
    low: scoreAssessment(
      def,
      pick((a, b) => a < b),
      basicInfo,
    ),
    high: scoreAssessment(
      def,
      pick((a, b) => a > b),
      basicInfo,
    ),
  };
}

/** The main score on its band scale, from the band table (or the guide's bands for SCL-90). */
function scoreScale(
  def: ScaleDefinition,
  result: ScaleScoreResult,
  ext: ReturnType<typeof extremes>,
  guide: ScaleGuide | undefined,
): ReportScoreScale | null {
  const valueOf = (r: ScaleScoreResult, key: string): number | null =>
    key === def.report.standard
      ? r.standardScore
      : key === def.report.raw
        ? r.rawScore
        : (r.indices[key] ?? null);
  let key: string;
  let name: string;
  let bands: ReportScoreScale['bands'];
  if (def.report.band) {
    key = def.report.band;
    const s = def.scores.find((x) => x.key === key);
    if (!s?.bands) return null;
    name = s.name;
    bands = s.bands.map((b) => ({ label: b.label, min: b.min ?? null, max: b.max ?? null }));
  } else if (guide?.scoreBands) {
    ({ score: key, name, bands } = guide.scoreBands);
  } else return null;
  const value = valueOf(result, key);
  const min = valueOf(ext.low, key);
  const max = valueOf(ext.high, key);
  if (value === null || min === null || max === null) return null;
  const label =
    result.band?.label ??
    bands.find((b) => (b.min === null || value >= b.min) && (b.max === null || value <= b.max))?.label ??
    null;
  return { name, value, min: Math.min(min, max), max: Math.max(min, max), bands, label };
}

function levelOf(guide: ScaleGuide | undefined, score: number): string {
  const levels = guide?.levels ?? [];
  let label = '';
  for (const [from, l] of levels) if (score >= from) label = l;
  return label;
}

/** Each dimension with its norm, whether it is positive, and what it means and asks. */
export function dimensions(result: ScaleScoreResult, guide: ScaleGuide | undefined): ReportDimension[] {
  return result.dimensions.map((d) => {
    const norm = guide?.norms?.[d.key] ?? null;
    const positive = guide?.positiveAt !== undefined && d.score >= guide.positiveAt;
    const text = guide?.dimensions?.[d.key];
    const base = { key: d.key, name: d.name, score: d.score, norm, positive };
    if (!text) {
      return {
        ...base,
        level: d.band?.label ?? '',
        interpretation: d.band?.interpretation ?? '',
        advice: d.band?.advice ?? '',
      };
    }
    const level = levelOf(guide, d.score);
    const compared = !norm
      ? ''
      : d.score > norm.mean + norm.sd
        ? `，高于中国常模均值（${norm.mean.toFixed(2)}）一个标准差以上`
        : d.score > norm.mean
          ? `，略高于中国常模均值（${norm.mean.toFixed(2)}）`
          : `，不高于中国常模均值（${norm.mean.toFixed(2)}）`;
    return {
      ...base,
      level,
      interpretation: `${text.about}你的因子分为 ${d.score.toFixed(2)}（${level}）${compared}。`,
      advice: positive ? text.advice : '该因子处于正常范围，继续保持良好的生活方式即可。',
    };
  });
}

/**
 * The answers that drove the result: items scored in the worse half of their own range and at
 * least two steps from the best answer (so 有一点困扰 of a three-option item is not among them).
 * On a scale where higher is better (WHO-5) the worse half is the lower one.
 */
export function highItems(
  def: ScaleDefinition,
  answers: (number | null)[],
  result: ScaleScoreResult,
  higherIsBetter = false,
): ReportItem[] {
  const out: ReportItem[] = [];
  def.items.forEach((item, k) => {
    const value = result.itemValues[k];
    const position = answers[k];
    if (value === null || value === undefined || !position) return;
    const values = [...new Set(optionsOf(def, item).map((o) => o.value))].sort((a, b) => a - b);
    const lo = values[0]!;
    const hi = values[values.length - 1]!;
    const step = Math.min(...values.slice(1).map((v, i) => v - values[i]!));
    const away = higherIsBetter ? hi - value : value - lo;
    if (hi === lo || away < (hi - lo) / 2 || away < 2 * step) return;
    out.push({
      number: item.number,
      text: item.text,
      answer: optionsOf(def, item)[position - 1]?.label ?? '',
      value,
      dimension: def.dimensions.find((d) => d.items.includes(item.number))?.name ?? null,
    });
  });
  const worse = (a: ReportItem, b: ReportItem) => (higherIsBetter ? a.value - b.value : b.value - a.value);
  return out.sort((a, b) => worse(a, b) || a.number - b.number).slice(0, HIGH_ITEMS_MAX);
}

/** The number a trend follows: the band scale's score, else the standard or raw score. */
function trendScore(def: ScaleDefinition, r: ScaleScoreResult, guide: ScaleGuide | undefined): number {
  const key = def.report.band ?? guide?.scoreBands?.score;
  if (key && key !== def.report.raw && key !== def.report.standard && r.indices[key] !== undefined)
    return r.indices[key];
  return key === def.report.raw ? r.rawScore : (r.standardScore ?? r.rawScore);
}

export function change(points: ReportTrendPoint[], higherIsBetter: boolean): ReportPart['change'] {
  if (points.length < 2) return null;
  const prev = points[points.length - 2]!;
  const cur = points[points.length - 1]!;
  const delta = round2(cur.score - prev.score);
  const when = `上次（${formatDate(prev.submittedAt)}）`;
  const bands =
    prev.label && cur.label && prev.label !== cur.label ? `，由“${prev.label}”变为“${cur.label}”` : '';
  if (delta === 0) return { previous: prev.score, delta, text: `与${when}持平${bands}。` };
  const better = higherIsBetter ? delta > 0 : delta < 0;
  return {
    previous: prev.score,
    delta,
    text: `比${when}${delta > 0 ? '高' : '低'} ${Math.abs(delta)} 分${bands}，${better ? '有所改善' : higherIsBetter ? '状态有所下降' : '困扰有所加重'}。`,
  };
}

/** Everything the full report shows about one scale. */
export function reportPart(input: {
  def: ScaleDefinition;
  answers: (number | null)[];
  result: ScaleScoreResult;
  basicInfo: ScaleBasicInfo | undefined;
  history: { assessmentId: number; submittedAt: Date; result: ScaleScoreResult }[];
  currentId: number;
}): ReportPart {
  const { def, result } = input;
  const guide = scaleGuides[def.code];
  const ext = extremes(def, input.basicInfo);
  const trend = input.history.map((h) => ({
    assessmentId: h.assessmentId,
    submittedAt: h.submittedAt.toISOString(),
    score: trendScore(def, h.result, guide),
    label:
      h.result.band?.label ??
      (guide?.scoreBands
        ? (guide.scoreBands.bands.find((b) => {
            const v = trendScore(def, h.result, guide);
            return (b.min === null || v >= b.min) && (b.max === null || v <= b.max);
          })?.label ?? null)
        : null),
    current: h.assessmentId === input.currentId,
  }));
  const standardDef = def.report.standard ? def.scores.find((s) => s.key === def.report.standard) : undefined;
  const dims = dimensions(result, guide);
  const dimMin = Math.min(...ext.low.dimensions.map((d) => d.score));
  const dimMax = Math.max(...ext.high.dimensions.map((d) => d.score));
  return {
    scaleCode: def.code,
    scaleName: def.name,
    shortName: def.shortName,
    scoreScale: scoreScale(def, result, ext, guide),
    standard:
      standardDef && result.standardScore !== null
        ? {
            name: standardDef.name,
            value: result.standardScore,
            note:
              guide?.standardNote ??
              `由${def.scores.find((s) => s.key === def.report.raw)?.name ?? '原始分'}换算`,
          }
        : null,
    summary: summary(def, result, dims, guide),
    dimensions: dims,
    dimensionRange: result.dimensions.length
      ? { min: dimMin, max: dimMax, positiveAt: guide?.positiveAt ?? null }
      : null,
    indexNorms: Object.fromEntries(
      Object.entries(guide?.norms ?? {}).filter(([k]) => k in result.indices || k === def.report.raw),
    ),
    normSource: guide?.normSource ?? null,
    trend,
    change: change(trend, guide?.higherIsBetter ?? false),
    highItems: highItems(def, input.answers, result, guide?.higherIsBetter ?? false),
  };
}

/** What a screen without a band table says: positive or not, and which dimensions made it so. */
function summary(
  def: ScaleDefinition,
  result: ScaleScoreResult,
  dims: ReportDimension[],
  guide: ScaleGuide | undefined,
): string | null {
  if (result.band || !def.positive) return null;
  if (!result.positive)
    return `筛查阴性：各项指标均未达到 ${def.shortName} 的阳性标准，目前没有明显的心理困扰。`;
  const pos = dims.filter((d) => d.positive).map((d) => d.name);
  const which =
    pos.length && guide?.positiveAt !== undefined
      ? `：${pos.join('、')}因子分达到或超过 ${guide.positiveAt} 分`
      : '';
  return `筛查阳性${which}。阳性提示近期存在需要关注的困扰，并不等于诊断；请结合下方各因子的解读，必要时寻求专业评估。`;
}

/** When to take it again: sooner when any part is positive or an alert fired. */
export function retest(submittedAt: Date, concern: boolean) {
  const days = concern ? RETEST.positiveDays : RETEST.negativeDays;
  return {
    retestOn: formatDate(new Date(submittedAt.getTime() + days * 86_400_000)),
    retestNote: concern ? RETEST.positiveNote : RETEST.negativeNote,
  };
}

/** Reviews are done by 18:00 of the next working day (Monday to Friday) after submission. */
export function reviewDueBy(submittedAt: Date): Date {
  let day = addDays(shanghaiDate(submittedAt), 1);
  while (isoWeekday(day) > 5) day = addDays(day, 1);
  return shanghaiInstant(day, '18:00');
}
