import type { AppRoute } from '../../lib/route-handle';

/** 个人推文 (experts) and 推文审核 (auditors), routes.md. */
export const tweetsRoutes: AppRoute[] = [
  {
    path: '/expert/tweet',
    lazy: () => import('./pages/my-tweets-page'),
    handle: { title: '推文列表', auth: 'expert' },
  },
  {
    path: '/expert/tweet/detail',
    lazy: () => import('./pages/editor-page'),
    handle: { title: '推文详情', auth: 'expert' },
  },
  {
    path: '/audit/tweet/list',
    lazy: () => import('./pages/review-list-page'),
    handle: { title: '推文审核', auth: 'auditor' },
  },
  {
    path: '/audit/tweet/detail',
    lazy: () => import('./pages/review-detail-page'),
    handle: { title: '推文审核详情', auth: 'auditor' },
  },
];
