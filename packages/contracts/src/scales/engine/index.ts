/**
 * The scoring engine: pure functions over a parsed definition, no I/O. The server scores
 * assessments with it; the scale editor scores the unsaved draft with it in the browser.
 */
export { ScaleAnswerError, isVisible, optionsOf, visibleItems } from './answers';
export { scoreAssessment, bandFor } from './score-assessment';
export { roundTo, reported } from './rounding';
export { checkScaleDefinition, scoreDraft, type CheckedDefinition, type DraftScore } from './draft';
