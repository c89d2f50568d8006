// The records module (心理档案) as other modules see it. It owns no table: the timeline is read
// through each domain's service, openings are written to audit_logs through the audit service.
export type { RecordsService } from './records.service';
/** The extension point: another domain adds its part of the timeline (see records.timeline.ts). */
export type { RecordContext, RecordSource } from './records.timeline';
