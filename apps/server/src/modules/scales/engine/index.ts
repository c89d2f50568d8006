export { AnswerError, optionsOf, visibleItems } from './answers';
export { scoreAssessment, bandFor } from './score-assessment';
export { roundTo } from './rounding';
