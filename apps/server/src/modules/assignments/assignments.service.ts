import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { assignmentsRepository as repo } from './assignments.repository';

/**
 * Who follows a person up. The row changes only here: an approved transfer moves the person
 * (in the approval's transaction), the demo seed writes its rows directly.
 */
export function createAssignmentsService({ clock }: { clock: Clock }) {
  return {
    /** The person's expert from now on; in the caller's transaction. */
    async assign(tx: DbOrTx, userId: number, expertId: number): Promise<void> {
      await repo.upsert(tx, { userId, expertId, since: clock() });
    },
  };
}
export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
