// The institutions module as other modules see it.
export type { InstitutionsService } from './institutions.service';
export { institutionSearch } from './institutions.search';
/**
 * The table, for reading only (joins in other modules' repositories, and the assessments
 * module until it is reshaped). Institutions change only through this module.
 */
export { institutions } from './institutions.table';
