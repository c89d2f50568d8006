import type { AppRoute } from '../../lib/route-handle';

/** The test data centre and the workbenches' statistics entry (expert and audit; inside the main layout). */
export const statisticsRoutes: AppRoute[] = [
  {
    path: '/expertEchart',
    lazy: () => import('./pages/data-center-page'),
    handle: { title: '测试数据中心', auth: 'staff' },
  },
  {
    path: '/expert/echartMap',
    lazy: () => import('./pages/chart-entry-page'),
    handle: { title: '统计图表', auth: 'expert' },
  },
  {
    path: '/audit/echartMap',
    lazy: () => import('./pages/chart-entry-page'),
    handle: { title: '统计图表', auth: 'auditor' },
  },
];

/** The early-warning big screen: full screen, its own window (app/layouts/screen-layout). */
export const statisticsScreenRoutes: AppRoute[] = [
  {
    path: '/echartMap',
    lazy: () => import('./pages/screen-page'),
    handle: { title: '心理预警大屏', auth: 'staff' },
  },
];
