import type { AppRoute } from '../../lib/route-handle';

/** routes.md: 专家咨询, a personal-centre page of the signed-in person's experts. */
export const consultationsRoutes: AppRoute[] = [
  {
    path: '/user/chart',
    lazy: () => import('./pages/consultations-page'),
    handle: { title: '专家咨询', auth: 'user' },
  },
];
