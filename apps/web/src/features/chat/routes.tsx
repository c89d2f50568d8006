import { page, type AppRoute } from '../../lib/route-handle';

const chatPage = () => import('./pages/chat-page');

/** routes.md: 在线咨询, for any signed-in account (专家咨询 is the consultations feature's page). */
export const chatRoutes: AppRoute[] = [page('/sys/userChat', '在线咨询', chatPage, { auth: 'user' })];
