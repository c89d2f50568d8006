import type { AppRoute } from '../../lib/route-handle';

/** Orders and the sandbox cashier that stands in for a payment provider. */
export const ordersRoutes: AppRoute[] = [
  {
    path: '/user/orderInfo',
    lazy: () => import('./pages/order-info-page'),
    handle: { title: '订单详情', auth: 'user' },
  },
  {
    path: '/sandbox/cashier',
    lazy: () => import('./pages/cashier-page'),
    handle: { title: '沙箱收银台', auth: 'user' },
  },
];
