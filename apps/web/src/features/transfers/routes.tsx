import { redirect } from 'react-router';
import { guarded, page, type AppRoute } from '../../lib/route-handle';

const expert = guarded('expert');
const auditor = guarded('auditor');

/** 转介 (routes.md): the expert's transfers, the person's confirmation, the auditors' review. */
export const transfersRoutes: AppRoute[] = [
  expert('/expert/archives/transferList', '转介管理', () => import('./pages/expert-list-page')),
  expert('/expert/archives/transferDetail', '转介详情', () => import('./pages/expert-detail-page')),
  // A loader redirect, so nothing renders on the way.
  { path: '/user/confirm', loader: () => redirect('/user/userConfirm/list'), element: null },
  page('/user/userConfirm/list', '用户确认', () => import('./pages/user-list-page'), { auth: 'user' }),
  page('/user/userConfirm/detail', '转介详情', () => import('./pages/user-detail-page'), { auth: 'user' }),
  auditor('/audit/archives/list', '用户转介', () => import('./pages/audit-list-page')),
  auditor('/audit/archives/detail', '转介详情', () => import('./pages/audit-detail-page')),
];
