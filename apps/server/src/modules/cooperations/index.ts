// The cooperations module (协作) as other modules see it.
import type { CooperationScope, CooperationStatus } from '@psy/contracts';

export type { CooperationsService } from './cooperations.service';

/**
 * Read piece for the records and warnings modules: what an expert holds on a person's case
 * through an accepted cooperation they were invited to (its id and scope), or null.
 */
export { cooperationGrantOf } from './cooperations.repository';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A cooperation moved to `status` (invited, accepted, declined, withdrawn, ended) by
     * `actorId`; notification-rules.ts tells the other expert, and the person once an expert
     * accepted (another expert is consulted on their case).
     */
    'cooperation.changed': {
      cooperationId: number;
      status: CooperationStatus;
      scope: CooperationScope;
      userId: number;
      userName: string;
      inviterId: number;
      inviterName: string;
      inviteeId: number;
      inviteeName: string;
      inviteeInstitution: string | null;
      actorId: number;
      /** Why it was declined or ended, when a reason was given. */
      reason: string | null;
    };
  }
}
