export type { ScalesService } from './scales.service';
export { parseDefinition } from './scales.service';
export { optionsOf, scoreAssessment, visibleItems } from './engine';
