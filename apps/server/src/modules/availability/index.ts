// The availability module as other modules see it: weekly templates and the slots they publish.
export type { AvailabilityService } from './availability.service';
export type { SlotRow } from './availability.repository';
export { nextFreeSlotAt } from './availability.repository';
