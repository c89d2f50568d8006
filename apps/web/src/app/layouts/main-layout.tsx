import { Layout } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useMatches } from 'react-router';
import { useChangePasswordState } from '../../features/auth/components/change-password-state';
import { useSiteConfig } from '../../lib/site-config';
import { RouteFallback } from '../route-fallback';
import { useRouteGuard } from '../route-guard';
import { DEFAULT_DESCRIPTION, useNamedPage } from '../../lib/page-title';
import { handleValue } from '../../lib/route-handle';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

const DEFAULT_NAME = '心理测评与咨询平台';

/** Loaded the first time someone asks for it: most visits never change a password. */
const ChangePasswordModal = lazy(() =>
  import('../../features/auth/components/change-password-modal').then((m) => ({
    default: m.ChangePasswordModal,
  })),
);

/**
 * Names the tab `${title} - 心理测评与咨询平台`: the title a page gave itself (an article's,
 * usePageMeta), else its route's. One effect over all three inputs, so the order in which the
 * page's object and the site name arrive does not matter.
 */
export function usePageTitle(siteName: string) {
  const routeTitle = handleValue(useMatches(), 'title');
  const named = useNamedPage();
  const title = named?.title ?? routeTitle;
  const description = named?.description || DEFAULT_DESCRIPTION;
  useEffect(() => {
    document.title = title ? `${title} - ${siteName}` : siteName;
  }, [title, siteName]);
  useEffect(() => {
    const meta =
      document.querySelector<HTMLMetaElement>('meta[name="description"]') ??
      Object.assign(document.head.appendChild(document.createElement('meta')), { name: 'description' });
    meta.content = description;
  }, [description]);
}

export function MainLayout() {
  const { data: site } = useSiteConfig();
  const siteName = site?.name ?? DEFAULT_NAME;
  usePageTitle(siteName);
  const blocked = useRouteGuard();
  const passwordAsked = useChangePasswordState((s) => s.used);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SiteHeader siteName={siteName} />
      <Layout.Content style={{ display: 'flex', flexDirection: 'column' }}>
        <Suspense fallback={<RouteFallback />}>
          <KeepAliveOutlet replacement={blocked} />
        </Suspense>
      </Layout.Content>
      <SiteFooter site={site} />
      {passwordAsked && (
        <Suspense fallback={null}>
          <ChangePasswordModal />
        </Suspense>
      )}
    </Layout>
  );
}
