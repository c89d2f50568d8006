import { IconProvider } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, notification } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useUserInfo } from '../features/auth/api/user-info';
import { setUnauthorizedHandler } from '../lib/api';
import { configureSession, logout } from '../lib/session';
import { setToastApi } from '../lib/toast';
import { queryClient } from '../lib/query-client';
import { useReducedMotion } from '../lib/reduced-motion';
import { router } from './router';
import { theme } from './theme';

dayjs.locale('zh-cn');

// The app layer wires the session to the router and the query cache (lib knows neither).
configureSession({
  navigate: (to) => router.navigate(to, { replace: true }),
  onSignOut: () => queryClient.clear(),
});
// A 401 (expired or revoked token) signs out and offers to come back here after signing in.
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  logout(pathname + search);
});

/** The header's height (theme Layout.headerHeight) and a little air. */
const TOAST_TOP = 64 + 12;

/**
 * Hands a context-aware notification instance (theme, locale) to code outside React (the API
 * client). Toasts start below the 64 px sticky header, never over the avatar or the search box.
 * antd's <App> would give one too, but it brings its modal and message hooks, and with them
 * antd's form and dialog code, to the first visit of every page (docs/performance.md).
 */
function ToastBridge() {
  const [api, holder] = notification.useNotification({ placement: 'topRight', duration: 3, top: TOAST_TOP });
  useEffect(() => setToastApi(api), [api]);
  return holder;
}

/**
 * Icons without their own style check. Every mounted icon looks for its `<style>` among the
 * head's children (and reads it back) in an effect of its own; antd's ConfigProvider already
 * injects the same icon rules once (its theme's `genIconStyle`), which is what icons' zero-runtime
 * flag expects. The prefix is antd's default, as ConfigProvider passes it.
 */
const ICONS = { prefixCls: 'anticon', zeroRuntime: true } as const;

/** With a stored token, fetch the profile once at start so role and name are current. */
function SessionRefresh() {
  useUserInfo();
  return null;
}

export function App() {
  // People who turn animations off in their system (vestibular disorders, or simply calm)
  // get menus, dialogs and toasts that appear at once.
  const reducedMotion = useReducedMotion();
  const appTheme = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={zhCN} theme={appTheme}>
      {/* The theme's text colour, size, line height and font, as antd's <App> gave them. */}
      <IconProvider value={ICONS}>
        <div className="app-root">
          <ToastBridge />
          <QueryClientProvider client={queryClient}>
            <SessionRefresh />
            <RouterProvider router={router} />
          </QueryClientProvider>
        </div>
      </IconProvider>
    </ConfigProvider>
  );
}
