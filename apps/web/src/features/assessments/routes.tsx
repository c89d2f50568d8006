import { redirect } from 'react-router';
import type { AppRoute } from '../../lib/route-handle';

const resultPage = () => import('./pages/result-page');

/** The assessment pages (routes.md): titles, guards and keep-alive as listed there. */
export const assessmentsRoutes: AppRoute[] = [
  {
    path: '/app/website',
    lazy: () => import('./pages/center-page'),
    handle: { title: '测评中心', keepAlive: true },
  },
  {
    path: '/test/list',
    lazy: () => import('./pages/scale-list-page'),
    handle: { title: '量表测评', keepAlive: true },
  },
  {
    path: '/combit/list',
    lazy: () => import('./pages/plan-list-page'),
    handle: { title: '测评方案', keepAlive: true },
  },
  {
    path: '/activity/list',
    lazy: () => import('./pages/activity-list-page'),
    handle: { title: '活动量表', keepAlive: true },
  },
  {
    path: '/activity/detail',
    lazy: () => import('./pages/activity-detail-page'),
    handle: { title: '活动详情' },
  },
  {
    path: '/activity/form',
    lazy: () => import('./pages/activity-form-page'),
    handle: { title: '活动报名', auth: 'user' },
  },
  { path: '/test/detail', lazy: () => import('./pages/scale-detail-page'), handle: { title: '量表详情' } },
  {
    path: '/combit/guading',
    lazy: () => import('./pages/guidance-page'),
    handle: { title: '指导语', auth: 'user' },
  },
  {
    path: '/combit/consent',
    lazy: () => import('./pages/consent-page'),
    handle: { title: '知情同意书', auth: 'user' },
  },
  {
    path: '/combit/userForm',
    lazy: () => import('./pages/user-form-page'),
    handle: { title: '基本信息', auth: 'user' },
  },
  {
    path: '/test/steps',
    lazy: () => import('./pages/steps-page'),
    handle: { title: '量表说明', auth: 'user' },
  },
  {
    path: '/test/question',
    lazy: () => import('./pages/question-page'),
    handle: { title: '答题', auth: 'user' },
  },
  { path: '/test/pay', lazy: resultPage, handle: { title: '测评结果', auth: 'user' } },
  {
    path: '/test/resultPay',
    lazy: () => import('./pages/result-pay-page'),
    handle: { title: '测评支付', auth: 'user' },
  },
  {
    path: '/reportView',
    lazy: () => import('./pages/report-view-page'),
    handle: { title: '查看报告', auth: 'user' },
  },
  // A loader redirect, so nothing renders on the way (as the router's own redirects do).
  { path: '/user/paper', loader: () => redirect('/user/paper/list'), element: null },
  {
    path: '/user/paper/list',
    lazy: () => import('./pages/my-list-page'),
    handle: { title: '我的测评', auth: 'user' },
  },
  { path: '/user/paper/detail', lazy: resultPage, handle: { title: '测评结果', auth: 'user' } },
];
