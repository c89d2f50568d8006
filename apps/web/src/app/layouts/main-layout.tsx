import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useSiteConfig } from '../../features/site/api';
import { RouteFallback } from '../route-fallback';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Scroll to the top on each navigation and name the tab after the page. */
function usePageChrome(siteName: string) {
  const { pathname } = useLocation();
  const matches = useMatches();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  const title = [...matches].reverse().find((m) => (m.handle as { title?: string } | undefined)?.title)
    ?.handle as { title: string } | undefined;
  useEffect(() => {
    document.title = title ? `${title.title} - ${siteName}` : siteName;
  }, [title, siteName]);
}

export function MainLayout() {
  const { data: site } = useSiteConfig();
  usePageChrome(site?.name ?? '心理测评与咨询平台');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader siteName={site?.name ?? '心理测评与咨询平台'} />
      <Layout.Content style={{ display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <SiteFooter site={site} />
    </Layout>
  );
}
