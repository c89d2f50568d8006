import { page, type AppRoute } from '../../lib/route-handle';

const chatPage = () => import('./pages/chat-page');

/**
 * routes.md: 在线咨询 and 专家咨询 are the same chat screen, for any signed-in account.
 */
export const chatRoutes: AppRoute[] = [
  page('/sys/userChat', '在线咨询', chatPage, { auth: 'user' }),
  page('/user/chart', '专家咨询', chatPage, { auth: 'user' }),
];
