import { lazy, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { allows, leftSession, useSession } from '../lib/session';
import { RouteFallback } from './route-fallback';
import { handleValue } from '../lib/route-handle';

/** Rare, and antd's Result carries its pictures: loaded when shown (the layout's Suspense waits). */
const ForbiddenPage = lazy(() => import('./forbidden-page').then((m) => ({ default: m.ForbiddenPage })));

/**
 * Role guard from the route's `handle.auth`. Answers null when the page may show, or what
 * to show instead: visitors go to /login and come back afterwards; a signed-in account
 * with the wrong role sees 403 at the same URL.
 */
export function useRouteGuard(): ReactNode | null {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const token = useSession((s) => s.token);
  const user = useSession((s) => s.userInfo);
  const leaving = useSession((s) => s.leaving);
  const guard = handleValue(matches, 'auth');
  useEffect(() => {
    if (leaving && !guard) leftSession();
  }, [leaving, guard]);
  if (!guard) return null;
  if (!token) {
    // Signing out is already on its way to /login; no second redirect back to this page.
    if (leaving) return <RouteFallback />;
    return <Navigate to={`/login?redirect=${encodeURIComponent(pathname + search)}`} replace />;
  }
  // A token without a stored profile (cleared storage): wait for /userinfo/info to say who this is.
  if (guard !== 'user' && !user) return <RouteFallback />;
  return allows(guard, user) ? null : <ForbiddenPage />;
}
