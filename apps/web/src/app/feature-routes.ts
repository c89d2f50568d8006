import type { AppRoute } from '../lib/route-handle';
import { chatRoutes } from '../features/chat/routes';
import { consultationsRoutes } from '../features/consultations/routes';
import { messagesRoutes } from '../features/messages/routes';
import { assessmentsRoutes } from '../features/assessments/routes';
import { bookingsRoutes } from '../features/bookings/routes';
import { coursesRoutes } from '../features/courses/routes';
import { expertsRoutes } from '../features/experts/routes';
import { ordersRoutes } from '../features/orders/routes';
import { workbenchRoutes } from '../features/workbench/routes';
import { auditor, auditRoutes } from '../features/audit/routes';
import { newsRoutes } from '../features/news/routes';
import { tweetsRoutes } from '../features/tweets/routes';
import { homeRoutes } from '../features/home/routes';
import { statisticsRoutes } from '../features/statistics/routes';
import { transfersRoutes } from '../features/transfers/routes';
import { recordsRoutes } from '../features/records/routes';
import { feedbackRoutes } from '../features/feedback/routes';
import { orgRoutes } from '../features/org/routes';
import { page } from '../lib/route-handle';

/**
 * Each feature's pages, declared in features/<domain>/routes.tsx and listed here, so the
 * router stays one short file. Add one import and one spread per feature.
 */
export const featureRoutes: AppRoute[] = [
  ...chatRoutes,
  ...consultationsRoutes,
  ...messagesRoutes,
  ...assessmentsRoutes,
  ...expertsRoutes,
  ...bookingsRoutes,
  ...coursesRoutes,
  ...ordersRoutes,
  ...workbenchRoutes,
  ...auditRoutes,
  ...newsRoutes,
  ...tweetsRoutes,
  ...homeRoutes,
  ...transfersRoutes,
  ...recordsRoutes,
  ...feedbackRoutes,
  ...orgRoutes,
  // The expert's page with their feedback, courses and tweets (app/routes).
  {
    path: '/experts/detail',
    lazy: () => import('./routes/expert-detail-page'),
    handle: { title: '专家详情' },
  },
  // A booking, a report and a course with the person's feedback on it (app/routes).
  page('/booking/detail', '预约详情', () => import('./routes/booking-detail-page'), { auth: 'user' }),
  page('/reportView', '查看报告', () => import('./routes/report-view-page'), { auth: 'user' }),
  page('/course/detail', '课程详情', () => import('./routes/course-detail-page')),
  ...statisticsRoutes,
  // Audit pages made of the workbench's scale and report-approval views (app/routes).
  auditor('/audit/test/detail', '量表审核详情', () => import('./routes/audit-scale-detail-page')),
  auditor('/audit/warning/list', '报告审批', () => import('./routes/audit-approval-list-page')),
  auditor('/audit/warning/detail', '审批详情', () => import('./routes/audit-approval-detail-page')),
  // Course review: the audit workbench around the courses feature's review views.
  auditor('/audit/course/list', '课程审核', () => import('./routes/audit-course-list-page')),
  auditor('/audit/course/detail', '课程审核详情', () => import('./routes/audit-course-detail-page')),
];
