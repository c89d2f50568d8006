// The feedback module (反馈) as other modules see it.
import type { FeedbackKind } from '@psy/contracts';

export type { FeedbackService, FeedbackSubjectOf } from './feedback.service';
export type { SubjectFacts } from './feedback.policy';
/** Read-only pieces for the experts module: the public rating is the mean of booking feedback. */
export { feedbackQueries } from './feedback.repository';

declare module '../../lib/events' {
  interface DomainEvents {
    /** A person left feedback; the expert it is addressed to is told. */
    'feedback.created': {
      feedbackId: number;
      kind: FeedbackKind;
      expertId: number;
      userName: string;
      subjectTitle: string;
      rating: number;
    };
    /** The expert handled it, with a reply or without; the person is told. */
    'feedback.handled': {
      feedbackId: number;
      kind: FeedbackKind;
      userId: number;
      expertName: string;
      subjectTitle: string;
      replied: boolean;
    };
  }
}
