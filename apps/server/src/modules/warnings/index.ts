export type { WarningsService, RaisedAlert } from './warnings.service';

/** Read-only, for the statistics module's counts; changes go through the service. */
export { warnings, warningProgress } from './warnings.table';

declare module '../../lib/events' {
  interface DomainEvents {
    /** An alert rule fired on a submitted assessment. */
    'warning.raised': {
      warningId: number;
      userId: number;
      userName: string;
      expertId: number | null;
      level: number;
      reason: string;
      scaleName: string;
      /** High level only: the other experts of the person's institution, told at once. */
      colleagueIds: number[];
      /** High level with nobody assigned: the auditors, told at once instead of after escalation. */
      auditorIds: number[];
    };
    /** A warning nobody picked up in time, for each auditor. */
    'warning.escalated': {
      warningId: number;
      auditorId: number;
      level: number;
      reason: string;
      scaleName: string;
    };
  }
}
