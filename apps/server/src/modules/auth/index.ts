// The auth module as other modules see it: who the caller is, and how routes ask for it.
export type { Actor, SessionService, SessionUser } from './session.service';
export type { AuthService, RequestMeta } from './auth.service';
export { currentUser, requestMeta, secured } from './auth.plugin';
export type { SmsProvider } from './sms.provider';
