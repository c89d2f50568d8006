import type { LoginResult, UserInfo } from '@psy/contracts';
import { UPLOAD_PATH } from '@psy/contracts/constants';
import { create } from 'zustand';
import { getToken, readJson, removeKeys, TOKEN_KEY, USER_INFO_KEY, writeJson, writeString } from './storage';

/**
 * The signed-in session (spec sections 3 and 4). Local storage is the source of truth so a
 * reload keeps the user signed in; this store mirrors it so components re-render on change.
 * Logged in == a token is present.
 */
interface SessionState {
  token: string | null;
  userInfo: UserInfo | null;
  /**
   * True from logout() until a page without a guard (/login) has rendered, so the guard of
   * the page being left does not race logout's navigation with its own redirect to
   * /login?redirect=…. The router commits locations in a transition, after this store's
   * updates, so only the guard itself can tell when the new page is there.
   */
  leaving: boolean;
}

export const useSession = create<SessionState>(() => ({
  token: getToken(),
  userInfo: readJson<UserInfo>(USER_INFO_KEY),
  leaving: false,
}));

/** staff: experts, auditors and admins (the statistics pages). */
export type Guard = 'user' | 'expert' | 'auditor' | 'staff';

interface SessionHooks {
  /** Replace the current route (the router lives in the app layer). */
  navigate: (to: string) => Promise<void> | void;
  /** Forget everything cached for the previous account (TanStack Query). */
  onSignOut: () => void;
}
let hooks: SessionHooks = { navigate: () => {}, onSignOut: () => {} };

/** The app layer tells the session how to navigate and what to clear. */
export function configureSession(h: SessionHooks): void {
  hooks = h;
}

export function login(result: LoginResult): void {
  writeString(TOKEN_KEY, result.token);
  writeJson(USER_INFO_KEY, result.userinfo);
  useSession.setState({ token: result.token, userInfo: result.userinfo, leaving: false });
}

export function setUserInfo(userInfo: UserInfo): void {
  if (!useSession.getState().token) return; // a late answer after logging out
  writeJson(USER_INFO_KEY, userInfo);
  useSession.setState({ userInfo });
}

/**
 * Ends the session on this device and replaces the route with /login. `returnTo` is kept
 * as ?redirect= so an expired session can come back to where the user was.
 */
export function logout(returnTo?: string): void {
  removeKeys(TOKEN_KEY, USER_INFO_KEY);
  useSession.setState({ token: null, userInfo: null, leaving: true });
  hooks.onSignOut();
  const back = returnTo && isSafeRedirect(returnTo) && !returnTo.startsWith('/login') ? returnTo : null;
  void hooks.navigate(back ? `/login?redirect=${encodeURIComponent(back)}` : '/login');
}

/** Called by the route guard once an unguarded page shows after logout(). */
export function leftSession(): void {
  if (useSession.getState().leaving) useSession.setState({ leaving: false });
}

/** Only same-site paths: '/x' but never '//host' or '/\host', which browsers treat as another site. */
export function isSafeRedirect(target: string | null | undefined): target is string {
  return !!target && target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\');
}

export function isExpert(u: UserInfo | null): boolean {
  return u?.identityType === 1;
}

export function isAuditor(u: UserInfo | null): boolean {
  return u?.identityType === 2 || u?.identityType === 3;
}

export function allows(guard: Guard, u: UserInfo | null): boolean {
  if (guard === 'expert') return isExpert(u);
  if (guard === 'auditor') return isAuditor(u);
  if (guard === 'staff') return isExpert(u) || isAuditor(u);
  return true;
}

/** The header's workbench entry: experts and auditors have their own instead of 个人中心. */
export function workbenchOf(u: UserInfo | null): { label: string; path: string } {
  if (isExpert(u)) return { label: '专家工作台', path: '/expert/work' };
  if (isAuditor(u)) return { label: '管理员工作台', path: '/audit/work' };
  return { label: '个人中心', path: '/user/center' };
}

export function avatarUrl(u: UserInfo | null): string | null {
  if (!u) return null;
  if (u.wxImg) return u.wxImg;
  return u.expertInfo.avatar ? `${UPLOAD_PATH}${u.expertInfo.avatar}` : null;
}

/** 13800000001 -> 138****0001: the full number never needs to be on screen. */
export function maskPhone(phone: string): string {
  return phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
}

// Signing out (or in) in another tab applies here too, so no tab keeps using a dead token.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== TOKEN_KEY && e.key !== USER_INFO_KEY) return;
    const token = getToken();
    const previous = useSession.getState().token;
    useSession.setState({ token, userInfo: token ? readJson<UserInfo>(USER_INFO_KEY) : null });
    // Another account's cached answers must not show here.
    if (previous && previous !== token) hooks.onSignOut();
  });
}
