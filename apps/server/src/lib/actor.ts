/** The signed-in account as policies see it. */
export interface Actor {
  userId: number;
  role: string;
}

/** Auditors and admins review content and see every person's follow-up. */
export const isAuditor = (actor: Actor): boolean => actor.role === 'auditor' || actor.role === 'admin';
