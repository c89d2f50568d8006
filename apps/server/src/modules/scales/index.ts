export type { ScalesService } from './scales.service';
export { parseDefinition } from './scales.service';
export { optionsOf, scoreAssessment, visibleItems } from './engine';

/** Read-only, for other modules' joins (a plan's scales, an assessment's version); changes go through the service. */
export { scales, scaleVersions } from './scales.table';
export { builtinScaleByCode } from './builtins';
