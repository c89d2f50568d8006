import { page, type AppRoute } from '../../lib/route-handle';

/** Expert list, detail, institution and the expert's own availability (routes.md). */
export const expertsRoutes: AppRoute[] = [
  page('/app/expert', '心理咨询', () => import('./pages/expert-list-page'), { keepAlive: true }),
  page('/experts/detail', '专家详情', () => import('./pages/expert-detail-page')),
  page('/department/detail', '机构详情', () => import('./pages/department-detail-page')),
  page('/expert/management', '预约时间', () => import('./pages/management-page'), { auth: 'expert' }),
];
