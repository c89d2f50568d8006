export type { PlansService } from './plans.service';
