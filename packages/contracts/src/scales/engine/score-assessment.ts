import { checkAnswers } from './answers';
import { Evaluation } from './evaluate';
import { reported } from './rounding';
import type {
  ScaleAlertResult,
  ScaleBandRange,
  ScaleBandResult,
  ScaleBasicInfo,
  ScaleDimensionResult,
  ScaleDefinition,
  ScaleScoreResult,
} from './types';

/** The range a full-precision value falls in (both ends inclusive, missing end open), or null. */
export function bandFor(bands: readonly ScaleBandRange[] | undefined, value: number): ScaleBandResult | null {
  const range = bands?.find(
    (r) => (r.min === undefined || value >= r.min) && (r.max === undefined || value <= r.max),
  );
  return range ? { label: range.label, interpretation: range.interpretation, advice: range.advice } : null;
}

/**
 * Scores one completed scale. `answers` holds the chosen option's position (1 = first option)
 * per item in item order, null for an item not shown to this respondent (see visibleItems).
 * Bands, alerts, notes and the positive screen use full precision; reported figures are
 * rounded as each score or dimension says. Throws ScaleAnswerError for answers that do not fit.
 */
export function scoreAssessment(
  def: ScaleDefinition,
  answers: readonly (number | null)[],
  basicInfo?: ScaleBasicInfo,
): ScaleScoreResult {
  const { positions, values } = checkAnswers(def, answers, basicInfo);
  const run = new Evaluation(def, values, positions);
  const scoreDef = (key: string) => {
    const found = def.scores.find((s) => s.key === key);
    if (!found) throw new Error(`unknown score ${key}: the definition was not parsed`);
    return found;
  };
  const figure = (key: string) => reported(run.score(key), scoreDef(key).decimals);

  const dimensions: ScaleDimensionResult[] = def.dimensions.map((d) => {
    const value = run.dimension(d.key);
    return { key: d.key, name: d.name, score: reported(value, d.decimals), band: bandFor(d.bands, value) };
  });

  // Object.fromEntries defines own properties, so even an odd key could not reach a prototype.
  const indices: Record<string, number> = Object.fromEntries(
    def.report.indices.map((key) => [key, figure(key)]),
  );
  const scoreBands: Record<string, ScaleBandResult | null> = Object.fromEntries(
    def.scores.filter((s) => s.bands).map((s) => [s.key, bandFor(s.bands, run.score(s.key))]),
  );

  const alerts: ScaleAlertResult[] = [];
  for (const rule of def.alerts) {
    const { holds, dimensions: hits } = run.test(rule.when);
    if (!holds) continue;
    // An alert on any dimension names the dimensions that raised it, for the expert.
    const reason = hits.length > 0 ? `${rule.reason}（${hits.map((d) => d.name).join('、')}）` : rule.reason;
    alerts.push({ level: rule.level, reason, crisis: rule.crisis });
  }

  const mainBand = def.report.band;
  return {
    rawScore: figure(def.report.raw),
    standardScore: def.report.standard === undefined ? null : figure(def.report.standard),
    band: mainBand === undefined ? null : bandFor(scoreDef(mainBand).bands, run.score(mainBand)),
    dimensions,
    indices,
    scoreBands,
    positive: def.positive?.anyOf.some((c) => run.test(c).holds) ?? false,
    alerts,
    notes: def.notes.filter((n) => run.test(n.when).holds).map((n) => n.text),
    itemValues: values,
  };
}
