export type { ReportsService } from './reports.service';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * Written before report approvals moved to the review workflow (which emits
     * review.decided, kind 'report'); still delivered for events left in the outbox.
     */
    'report.reviewed': { assessmentId: number; userId: number; title: string; approved: boolean };
  }
}
