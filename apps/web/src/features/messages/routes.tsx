import type { AppRoute } from '../../app/feature-routes';

export const messagesRoutes: AppRoute[] = [
  {
    path: '/user/message',
    lazy: () => import('./pages/message-center-page'),
    handle: { title: '消息中心', auth: 'user' },
  },
];
