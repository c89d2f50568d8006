import { redirect } from 'react-router';
import { page, type AppRoute } from '../../lib/route-handle';

/**
 * The user's bookings and payment step, and the expert's booking management (routes.md). The
 * user's 预约详情 (/booking/detail) also holds their feedback, so it is composed in app/routes.
 */
export const bookingsRoutes: AppRoute[] = [
  // Redirects answer in the loader, before anything renders (as the router's own do).
  { path: '/user/booking', loader: () => redirect('/booking/list'), element: null },
  { path: '/expert/booking', loader: () => redirect('/expert/mybooking/list'), element: null },
  page('/experts/pay', '预约支付', () => import('./pages/pay-page'), { auth: 'user' }),
  page('/booking/list', '我的预约', () => import('./pages/booking-list-page'), { auth: 'user' }),
  page('/expert/mybooking/list', '预约列表', () => import('./pages/expert-booking-list-page'), {
    auth: 'expert',
  }),
  page('/expert/mybooking/detail', '预约详情', () => import('./pages/expert-booking-detail-page'), {
    auth: 'expert',
  }),
];
