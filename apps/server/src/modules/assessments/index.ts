export type { AssessmentsService, ReportPort } from './assessments.service';
export type { AssessmentRow } from './assessments.repository';
