import { guarded, page, type AppRoute } from '../../lib/route-handle';

const expert = guarded('expert');
const auditor = guarded('auditor');

/**
 * 心理档案与协作: the person's record, cooperations between experts (routes.md), and the
 * person's own list of who opened their record (added to routes.md's user centre).
 */
export const recordsRoutes: AppRoute[] = [
  expert('/expert/archives/record', '心理档案', () => import('./pages/record-page')),
  auditor('/audit/archives/record', '心理档案', () => import('./pages/audit-record-page')),
  expert('/expert/archives/cooperationList', '协作管理', () => import('./pages/cooperation-list-page')),
  expert('/expert/archives/cooperationDetail', '协作详情', () => import('./pages/cooperation-detail-page')),
  page('/user/recordViews', '档案查阅记录', () => import('./pages/record-views-page'), { auth: 'user' }),
];
