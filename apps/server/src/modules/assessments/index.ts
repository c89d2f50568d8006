export type { AssessmentsService, ReportPort } from './assessments.service';
export type { AssessmentRow } from './assessments.repository';

/** Read-only, for the reports module's joins; changes go through the service. */
export { assessments, assessmentParts } from './assessments.table';
