import type { AppRoute } from '../../lib/route-handle';

/** Expert list, institution and the expert's own availability (routes.md); the detail page is composed in app/routes. */
export const expertsRoutes: AppRoute[] = [
  {
    path: '/app/expert',
    lazy: () => import('./pages/expert-list-page'),
    handle: { title: '心理咨询', keepAlive: true },
  },
  {
    path: '/department/detail',
    lazy: () => import('./pages/department-detail-page'),
    handle: { title: '机构详情' },
  },
  {
    path: '/expert/management',
    lazy: () => import('./pages/management-page'),
    handle: { title: '预约时间', auth: 'expert' },
  },
];
