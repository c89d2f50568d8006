import { guarded, type AppRoute } from '../../lib/route-handle';

const auditor = guarded('auditor');
const signedIn = guarded('user');

/** 组织、名单与筛查活动: the audit workbench's units, rosters, staff and campaigns; unit staff's own view. */
export const orgRoutes: AppRoute[] = [
  auditor('/audit/org/units', '组织与名单', () => import('./pages/units-page')),
  auditor('/audit/campaign/list', '筛查活动', () => import('./pages/campaign-list-page')),
  auditor('/audit/campaign/detail', '筛查活动详情', () => import('./pages/campaign-detail-page')),
  signedIn('/org/campaign/list', '我负责的筛查', () => import('./pages/staff-campaign-list-page')),
  signedIn('/org/campaign/detail', '筛查进度', () => import('./pages/staff-campaign-detail-page')),
  signedIn('/org/warning/list', '需要联系的成员', () => import('./pages/staff-warning-list-page')),
];
