import { guarded, page, type AppRoute } from '../../lib/route-handle';

const expert = guarded('expert');
const auditor = guarded('auditor');

/**
 * 反馈 (routes.md): the expert handles feedback, the person reads theirs with the replies, the
 * auditors read all. Leaving feedback happens on the booking, report and course pages, which the
 * app layer composes with this feature's panel (app/routes).
 */
export const feedbackRoutes: AppRoute[] = [
  expert('/expert/feedback/feedbackIndex', '反馈处理', () => import('./pages/expert-list-page')),
  expert('/expert/feedback/feedbackDetail', '反馈详情', () => import('./pages/expert-detail-page')),
  page('/user/feedback', '我的反馈', () => import('./pages/user-list-page'), { auth: 'user' }),
  auditor('/audit/feedback/list', '反馈记录', () => import('./pages/audit-list-page')),
];
