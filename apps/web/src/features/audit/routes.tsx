import type { ComponentType } from 'react';
import type { AppRoute } from '../../app/feature-routes';

const auditor = (
  path: string,
  title: string,
  page: () => Promise<{ Component: ComponentType }>,
): AppRoute => ({
  path,
  lazy: page,
  handle: { title, auth: 'auditor' },
});

/** The audit workbench: scale review and report approval (routes.md). */
export const auditRoutes: AppRoute[] = [
  auditor('/audit/work', '管理员工作台', () => import('./pages/work-page')),
  auditor('/audit/test/list', '量表审核', () => import('./pages/scale-list-page')),
  auditor('/audit/test/detail', '量表审核详情', () => import('./pages/scale-detail-page')),
  auditor('/audit/warning/list', '报告审批', () => import('./pages/approval-list-page')),
  auditor('/audit/warning/detail', '审批详情', () => import('./pages/approval-detail-page')),
];
