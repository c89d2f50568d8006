import { redirect } from 'react-router';
import { guarded, type AppRoute } from '../../lib/route-handle';

const expert = guarded('expert');

/** The expert workbench: scales, people's assessments, warnings and report approval (routes.md). */
export const workbenchRoutes: AppRoute[] = [
  expert('/expert/work', '专家工作台', () => import('./pages/work-page')),
  expert('/expert/paper/list', '量表列表', () => import('./pages/paper-list-page')),
  expert('/expert/paper/detail', '量表详情', () => import('./pages/paper-detail-page')),
  expert('/expert/other', '他人测评', () => import('./pages/other-page')),
  expert('/expert/test/list', '用户测评', () => import('./pages/test-list-page')),
  expert('/expert/test/transfer', '测评详情', () => import('./pages/test-transfer-page')),
  expert('/expert/test/detail', '报告详情', () => import('./pages/test-detail-page')),
  { path: '/expert/warning', loader: () => redirect('/expert/warning/list'), element: null },
  expert('/expert/warning/list', '预警列表', () => import('./pages/warning-list-page')),
  expert('/expert/warning/detail', '预警详情', () => import('./pages/warning-detail-page')),
  expert('/expert/warning/status', '进度处理', () => import('./pages/warning-status-page')),
  expert('/expert/archives/approvalList', '报告审批', () => import('./pages/approval-list-page')),
  expert('/expert/archives/approvalDetail', '审批详情', () => import('./pages/approval-detail-page')),
];
