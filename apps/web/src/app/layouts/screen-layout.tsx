import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSiteConfig } from '../../lib/site-config';
import { RouteFallback } from '../route-fallback';
import { useRouteGuard } from '../route-guard';
import { usePageTitle } from './main-layout';

/**
 * Full-screen pages (the early-warning big screen, opened in its own window): the route's
 * role guard and tab title as in the main layout, but no header, footer or keep-alive.
 */
export function ScreenLayout() {
  const { data: site } = useSiteConfig();
  usePageTitle(site?.name ?? '心理测评与咨询平台');
  const blocked = useRouteGuard();
  return <Suspense fallback={<RouteFallback />}>{blocked ?? <Outlet />}</Suspense>;
}
