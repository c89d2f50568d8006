/**
 * The change-password form takes a phone and a reset code sent to it: it must be the
 * caller's own phone, so a code for somebody else's number cannot change this account.
 */
export const isOwnPhone = (actor: { telephone: string }, telephone: string): boolean =>
  actor.telephone === telephone;
