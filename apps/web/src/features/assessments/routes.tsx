import { redirect } from 'react-router';
import { page, type AppRoute } from '../../lib/route-handle';

const resultPage = () => import('./pages/result-page');

/** The assessment pages (routes.md): titles, guards and keep-alive as listed there. */
export const assessmentsRoutes: AppRoute[] = [
  page('/app/website', '测评中心', () => import('./pages/center-page'), { keepAlive: true }),
  page('/test/list', '量表测评', () => import('./pages/scale-list-page'), { keepAlive: true }),
  page('/combit/list', '测评方案', () => import('./pages/plan-list-page'), { keepAlive: true }),
  page('/activity/list', '活动量表', () => import('./pages/activity-list-page'), { keepAlive: true }),
  page('/activity/detail', '活动详情', () => import('./pages/activity-detail-page')),
  page('/activity/form', '活动报名', () => import('./pages/activity-form-page'), { auth: 'user' }),
  page('/test/detail', '量表详情', () => import('./pages/scale-detail-page')),
  page('/combit/guading', '指导语', () => import('./pages/guidance-page'), { auth: 'user' }),
  page('/combit/consent', '知情同意书', () => import('./pages/consent-page'), { auth: 'user' }),
  page('/combit/userForm', '基本信息', () => import('./pages/user-form-page'), { auth: 'user' }),
  page('/test/steps', '量表说明', () => import('./pages/steps-page'), { auth: 'user' }),
  page('/test/question', '答题', () => import('./pages/question-page'), { auth: 'user' }),
  page('/test/pay', '测评结果', resultPage, { auth: 'user' }),
  page('/test/resultPay', '测评支付', () => import('./pages/result-pay-page'), { auth: 'user' }),
  // A loader redirect, so nothing renders on the way (as the router's own redirects do).
  { path: '/user/paper', loader: () => redirect('/user/paper/list'), element: null },
  page('/user/paper/list', '我的测评', () => import('./pages/my-list-page'), { auth: 'user' }),
  page('/user/paper/detail', '测评结果', resultPage, { auth: 'user' }),
];
