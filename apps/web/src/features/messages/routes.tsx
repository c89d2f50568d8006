import { page, type AppRoute } from '../../lib/route-handle';

export const messagesRoutes: AppRoute[] = [
  page('/user/message', '消息中心', () => import('./pages/message-center-page'), { auth: 'user' }),
];
