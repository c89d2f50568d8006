import {
  myTweet,
  myTweetsPage,
  myTweetsQuery,
  page,
  reviewTweet,
  reviewTweetsPage,
  reviewTweetsQuery,
  tweetBody,
  tweetCard,
  tweetFeedQuery,
  tweetIdParams,
  tweetLikedQuery,
  tweetLikeResult,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { reviewDecisionRoute } from '../../lib/review-route';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const tags = ['tweet'];
const open = describe({ tags });
const doc = describe({ tags, security: secured });

export const tweetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tweets } = app.deps.services;

  // ---- everyone: the public feed (tweets for signed-in users through /api/tweet/feed) ----
  app.get(
    '/api/tweet/list',
    open('专家动态（公开），可按专家筛选，最新在前', { query: tweetFeedQuery, reply: page(tweetCard) }),
    async (req) => ok(await tweets.feed(null, req.query)),
  );

  // One tweet by its number (a search hit): signed-in callers also get those meant for them.
  await audience(app, app.identify, (pub) => {
    pub.get(
      '/api/tweet/detail/:id',
      open('一条已发布的动态（登录后含仅登录用户可见的）', { params: tweetIdParams, reply: tweetCard }),
      async (req) => ok(await tweets.one(req.user, req.params.id)),
    );
  });

  // ---- any signed-in account ----
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/tweet/feed',
      doc('专家动态（含仅登录用户可见的）', { query: tweetFeedQuery, reply: page(tweetCard) }),
      async (req) => ok(await tweets.feed(currentUser(req), req.query)),
    );
    me.get(
      '/api/tweet/liked',
      doc('这些动态中我点过赞的（ids 以逗号分隔，最多100个）', {
        query: tweetLikedQuery,
        reply: z.array(z.number().int()),
      }),
      async (req) => ok(await tweets.liked(currentUser(req), req.query.ids)),
    );
    me.post(
      '/api/tweet/:id/like',
      doc('点赞（每人一次，重复点赞不重复计数）', { params: tweetIdParams, reply: tweetLikeResult }),
      async (req) => ok(await tweets.like(currentUser(req), req.params.id), '已点赞'),
    );
    me.delete(
      '/api/tweet/:id/like',
      doc('取消点赞', { params: tweetIdParams, reply: tweetLikeResult }),
      async (req) => ok(await tweets.unlike(currentUser(req), req.params.id), '已取消点赞'),
    );
  });

  // ---- the expert's own tweets ----
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/tweets',
      doc('我的动态（按状态），附各状态数量与获赞总数', { query: myTweetsQuery, reply: myTweetsPage }),
      async (req) => ok(await tweets.mine(currentUser(req), req.query)),
    );
    expert.get(
      '/api/expert/tweets/:id',
      doc('我的一条动态', { params: tweetIdParams, reply: myTweet }),
      async (req) => ok(await tweets.get(currentUser(req), req.params.id)),
    );
    expert.post(
      '/api/expert/tweets',
      doc('新建动态（草稿）：文字与最多9张图片', { body: tweetBody, reply: myTweet }),
      async (req) => ok(await tweets.create(currentUser(req), req.body), '动态已保存为草稿'),
    );
    expert.put(
      '/api/expert/tweets/:id',
      doc('修改草稿或被驳回的动态', { params: tweetIdParams, body: tweetBody, reply: myTweet }),
      async (req) => ok(await tweets.update(currentUser(req), req.params.id, req.body), '动态已保存'),
    );
    expert.post(
      '/api/expert/tweets/:id/submit',
      doc('提交审核', { params: tweetIdParams, reply: myTweet }),
      async (req) => ok(await tweets.submit(currentUser(req), req.params.id), '已提交审核'),
    );
    expert.post(
      '/api/expert/tweets/:id/withdraw',
      doc('撤回已发布的动态（回到草稿）', { params: tweetIdParams, reply: myTweet }),
      async (req) => ok(await tweets.withdraw(currentUser(req), req.params.id), '动态已撤回'),
    );
    expert.delete(
      '/api/expert/tweets/:id',
      doc('删除动态', { params: tweetIdParams, reply: z.null() }),
      async (req) => done(tweets.remove(currentUser(req), req.params.id), '动态已删除'),
    );
  });

  // ---- auditors and admins ----
  await audience(app, app.requireRole('auditor', 'admin'), (staff) => {
    staff.get(
      '/api/audit/tweets',
      doc('动态审核列表（待审核 / 已发布 / 已驳回），附数量', {
        query: reviewTweetsQuery,
        reply: reviewTweetsPage,
      }),
      async (req) => ok(await tweets.reviewList(currentUser(req), req.query)),
    );
    staff.get(
      '/api/audit/tweets/:id',
      doc('待审核动态详情', { params: tweetIdParams, reply: reviewTweet }),
      async (req) => ok(await tweets.reviewDetail(currentUser(req), req.params.id)),
    );
    reviewDecisionRoute(staff, doc, '/api/audit/tweets/:id/review', {
      summary: '审核动态：通过即发布，驳回须填写原因；结果通知专家',
      params: tweetIdParams,
      decide: (me, id, decision) => tweets.decide(me, id, decision),
      approved: '已通过，动态已发布',
    });
  });
};
