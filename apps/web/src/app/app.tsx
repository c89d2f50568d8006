import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setToastApi } from '../lib/toast';
import { queryClient } from './query-client';
import { router } from './router';
import { theme } from './theme';

dayjs.locale('zh-cn');

/** Hands antd's context-aware notification instance to code outside React (the API client). */
function ToastBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => setToastApi(notification), [notification]);
  return null;
}

export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp notification={{ placement: 'topRight', duration: 3 }}>
        <ToastBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
