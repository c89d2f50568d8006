import type { AppRoute } from '../../lib/route-handle';

const chatPage = () => import('./pages/chat-page');

/**
 * routes.md: 在线咨询 and 专家咨询 are the same chat screen, for any signed-in account.
 */
export const chatRoutes: AppRoute[] = [
  { path: '/sys/userChat', lazy: chatPage, handle: { title: '在线咨询', auth: 'user' } },
  { path: '/user/chart', lazy: chatPage, handle: { title: '专家咨询', auth: 'user' } },
];
