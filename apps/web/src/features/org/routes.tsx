import { guarded, type AppRoute } from '../../lib/route-handle';

const auditor = guarded('auditor');

/** 组织与名单: the audit workbench's units, rosters and unit staff. */
export const orgRoutes: AppRoute[] = [
  auditor('/audit/org/units', '组织与名单', () => import('./pages/units-page')),
];
