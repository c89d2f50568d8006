import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import { ChangePasswordModal } from '../../features/auth/components/change-password-modal';
import { useSiteConfig } from '../../lib/site-config';
import { RouteFallback } from '../route-fallback';
import { useRouteGuard } from '../route-guard';
import { handleValue } from '../../lib/route-handle';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const DEFAULT_NAME = '心理测评与咨询平台';

/** Names the tab after the page: `${title} - 心理测评与咨询平台`. */
export function usePageTitle(siteName: string) {
  const title = handleValue(useMatches(), 'title');
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
}

export function MainLayout() {
  const { data: site } = useSiteConfig();
  const siteName = site?.name ?? DEFAULT_NAME;
  usePageTitle(siteName);
  const blocked = useRouteGuard();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader siteName={siteName} />
      <Layout.Content style={{ display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<RouteFallback />}>
          <KeepAliveOutlet replacement={blocked} />
        </Suspense>
      </Layout.Content>
      <SiteFooter site={site} />
      <ChangePasswordModal />
    </Layout>
  );
}
