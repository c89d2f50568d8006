export type { PlansService } from './plans.service';

/** Read-only, for the statistics module's filters and joins; changes go through the service. */
export { plans, activities } from './plans.table';
