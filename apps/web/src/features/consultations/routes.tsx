import { page, type AppRoute } from '../../lib/route-handle';

/** routes.md: 专家咨询, a personal-centre page of the signed-in person's experts. */
export const consultationsRoutes: AppRoute[] = [
  page('/user/chart', '专家咨询', () => import('./pages/consultations-page'), { auth: 'user' }),
];
