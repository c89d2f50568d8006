import { redirect } from 'react-router';
import type { AppRoute } from '../../lib/route-handle';

/** The user's bookings and payment step, and the expert's booking management (routes.md). */
export const bookingsRoutes: AppRoute[] = [
  // Redirects answer in the loader, before anything renders (as the router's own do).
  { path: '/user/booking', loader: () => redirect('/booking/list'), element: null },
  { path: '/expert/booking', loader: () => redirect('/expert/mybooking/list'), element: null },
  {
    path: '/experts/pay',
    lazy: () => import('./pages/pay-page'),
    handle: { title: '预约支付', auth: 'user' },
  },
  {
    path: '/booking/list',
    lazy: () => import('./pages/booking-list-page'),
    handle: { title: '我的预约', auth: 'user' },
  },
  {
    path: '/booking/detail',
    lazy: () => import('./pages/booking-detail-page'),
    handle: { title: '预约详情', auth: 'user' },
  },
  {
    path: '/expert/mybooking/list',
    lazy: () => import('./pages/expert-booking-list-page'),
    handle: { title: '预约列表', auth: 'expert' },
  },
  {
    path: '/expert/mybooking/detail',
    lazy: () => import('./pages/expert-booking-detail-page'),
    handle: { title: '预约详情', auth: 'expert' },
  },
];
