export type {
  ReviewService,
  ReviewWorkflow,
  ReviewWorkflowDefinition,
  Reviewer,
  ReviewDecision,
} from './review.service';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A review request was decided; the submitter is told. `kind`, `itemId` and `requestId`
     * are missing on events written before review_requests existed.
     */
    'review.decided': {
      kind?: string;
      itemId?: number;
      requestId?: number;
      userId: number;
      /** The item's own name (a scale's, an assessment's). */
      title?: string;
      /** How the notification names it, e.g. 量表“三题情绪速测”. */
      what: string;
      approved: boolean;
      reason: string | null;
      link: string;
    };
  }
}
