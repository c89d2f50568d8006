import { page, type AppRoute } from '../../lib/route-handle';

/** Orders and the sandbox cashier that stands in for a payment provider. */
export const ordersRoutes: AppRoute[] = [
  page('/user/orderInfo', '订单详情', () => import('./pages/order-info-page'), { auth: 'user' }),
  page('/sandbox/cashier', '沙箱收银台', () => import('./pages/cashier-page'), { auth: 'user' }),
];
