import { guarded, type AppRoute } from '../../lib/route-handle';

export const auditor = guarded('auditor');

/**
 * The audit workbench (routes.md). Its pages that show the workbench's scales and report
 * approvals are composed in the app layer (app/routes/audit-*), listed in app/feature-routes.ts.
 */
export const auditRoutes: AppRoute[] = [
  auditor('/audit/test/list', '量表审核', () => import('./pages/scale-list-page')),
];
