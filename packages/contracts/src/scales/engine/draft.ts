import { ScaleAnswerError } from './answers';
import { scoreAssessment } from './score-assessment';
import { scaleDefinition, type ScaleBasicInfo, type ScaleDefinition, type ScaleScoreResult } from './types';

/** A definition checked by the schema, or the Chinese message of its first problem. */
export type CheckedDefinition = { ok: true; def: ScaleDefinition } | { ok: false; message: string };

/** Checks a definition (saved or still being typed); the message names where the first problem is. */
export function checkScaleDefinition(input: unknown): CheckedDefinition {
  const r = scaleDefinition.safeParse(input);
  if (r.success) return { ok: true, def: r.data };
  const issue = r.error.issues[0]!;
  const where = issue.path.length ? `（${issue.path.join('.')}）` : '';
  return { ok: false, message: `量表规则有误${where}：${issue.message}` };
}

export type DraftScore =
  { ok: true; result: ScaleScoreResult } | { ok: false; message: string; item: number | null };

/**
 * Scores a definition as it stands, saved or not: the editor's live preview runs this in the
 * browser on every keystroke, with the same engine that scores assessments on the server.
 * Never throws for a definition or answers that do not fit: it answers the message instead.
 */
export function scoreDraft(
  input: unknown,
  answers: readonly (number | null)[],
  basicInfo?: ScaleBasicInfo,
): DraftScore {
  const checked = checkScaleDefinition(input);
  if (!checked.ok) return { ok: false, message: checked.message, item: null };
  try {
    return { ok: true, result: scoreAssessment(checked.def, answers, basicInfo) };
  } catch (e) {
    if (e instanceof ScaleAnswerError) return { ok: false, message: e.message, item: e.item };
    throw e;
  }
}
