import { AppError } from '../../../lib/errors';
import {
  ScaleAnswerError,
  scoreAssessment as scoreWithEngine,
  type ScaleBasicInfo,
  type ScaleDefinition,
  type ScaleScoreResult,
} from './contracts';

/** The engine lives in the contracts package, shared with the editor's in-browser preview. */
export { bandFor, optionsOf, roundTo, visibleItems } from './contracts';

/** Answers that cannot be scored. A BAD_REQUEST AppError, so the API answers 400 with the message. */
export class AnswerError extends AppError {
  constructor(
    message: string,
    /** The item the message names, or null when it is about the answers as a whole. */
    readonly item: number | null = null,
  ) {
    super('BAD_REQUEST', message);
    this.name = 'AnswerError';
  }
}

/** The engine's scoring, with answers that do not fit answered as a 400 naming the item. */
export function scoreAssessment(
  def: ScaleDefinition,
  answers: readonly (number | null)[],
  basicInfo?: ScaleBasicInfo,
): ScaleScoreResult {
  try {
    return scoreWithEngine(def, answers, basicInfo);
  } catch (e) {
    if (e instanceof ScaleAnswerError) throw new AnswerError(e.message, e.item);
    throw e;
  }
}
