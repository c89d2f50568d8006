// The transfers module (转介) as other modules see it.
import type { TransferStatus } from '@psy/contracts';

export type { TransfersService } from './transfers.service';

declare module '../../lib/events' {
  interface DomainEvents {
    /**
     * A transfer moved to `status` (requested, user_confirmed, approved, rejected,
     * declined_by_user, withdrawn); notification-rules.ts tells each party who did not act.
     */
    'transfer.changed': {
      transferId: number;
      status: TransferStatus;
      userId: number;
      userName: string;
      fromExpertId: number;
      fromExpertName: string;
      toExpertId: number;
      toExpertName: string;
      toInstitution: string | null;
      /** The person's reason for declining, or the auditor's for rejecting. */
      reason: string | null;
      /** The receiver has been told of it (the person had agreed), so hears how it ends. */
      receiverKnows: boolean;
      /** When the person agreed: the auditors, told that a transfer waits for them. */
      auditorIds: number[];
    };
  }
}
