import { Navigate, useLocation, useParams } from 'react-router';

/**
 * /redirect/<path>: a blank hop to /<path> that keeps the query and hash. Navigating to the
 * page you are already on does not remount it; going through here does.
 */
export function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
