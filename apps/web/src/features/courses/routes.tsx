import type { ComponentType } from 'react';
import { redirect } from 'react-router';
import type { AppRoute, RouteHandle } from '../../lib/route-handle';

const page = (
  path: string,
  handle: RouteHandle,
  lazy: () => Promise<{ Component: ComponentType }>,
): AppRoute => ({ path, lazy, handle });

/**
 * Courses (routes.md): the catalogue (kept alive), a course, buying it, my courses with the
 * player, and the expert's course management. The auditors' pages sit in the audit
 * workbench (app/routes/audit-course-*); 课程详情 (/course/detail), which holds a learner's feedback,
 * is composed in app/routes/course-detail-page.tsx.
 */
export const coursesRoutes: AppRoute[] = [
  page('/app/course', { title: '课程学习', keepAlive: true }, () => import('./pages/catalogue-page')),
  page('/course/pay', { title: '购买课程', auth: 'user' }, () => import('./pages/pay-page')),
  page('/user/course', { title: '我的课程', auth: 'user' }, () => import('./pages/learn-page')),
  { path: '/expert/course', loader: () => redirect('/expert/course/list'), element: null },
  page(
    '/expert/course/list',
    { title: '课程列表', auth: 'expert' },
    () => import('./pages/expert-list-page'),
  ),
  page(
    '/expert/course/detail',
    { title: '课程详情', auth: 'expert' },
    () => import('./pages/expert-editor-page'),
  ),
  page(
    '/expert/course/buyList',
    { title: '购买记录', auth: 'expert' },
    () => import('./pages/buy-list-page'),
  ),
];
