import { page, type AppRoute } from '../../lib/route-handle';

/**
 * Expert list, institution and the expert's own availability (routes.md). The detail page
 * (/experts/detail) also lists the expert's courses and tweets, so it is composed in app/routes.
 */
export const expertsRoutes: AppRoute[] = [
  page('/app/expert', '心理咨询', () => import('./pages/expert-list-page'), { keepAlive: true }),
  page('/department/detail', '机构详情', () => import('./pages/department-detail-page')),
  page('/expert/management', '预约时间', () => import('./pages/management-page'), { auth: 'expert' }),
];
