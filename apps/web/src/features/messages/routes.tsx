import type { AppRoute } from '../../lib/route-handle';

export const messagesRoutes: AppRoute[] = [
  {
    path: '/user/message',
    lazy: () => import('./pages/message-center-page'),
    handle: { title: '消息中心', auth: 'user' },
  },
];
