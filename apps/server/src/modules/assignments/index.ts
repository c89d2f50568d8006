// The assignments module (负责专家: who follows a person up) as other modules see it.
export type { AssignmentsService } from './assignments.service';

/** Read-only pieces for assessments and transfers; the row changes through the service. */
export { assignedExpertOf, assignedTo, hasAssignment, peopleAssignedTo } from './assignments.repository';
export { careAssignments } from './assignments.table';
