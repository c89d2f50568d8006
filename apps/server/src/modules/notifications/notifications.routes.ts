import {
  envelope,
  notificationIdParams,
  notificationPage,
  notificationQuery,
  unreadSummary,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience } from '../../lib/routes';
import { currentUser, secured } from '../auth';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications, chat } = app.deps.services;
  const tags = ['notification'];

  // Every route here is about the caller's own notifications.
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/userNotification',
      {
        schema: {
          tags,
          summary: '我的通知（分页；status=all|read|unread；haveNotRead 为未读数）',
          security: secured,
          querystring: notificationQuery,
          response: { 200: envelope(notificationPage) },
        },
      },
      async (req) => ok(await notifications.list(currentUser(req).userId, req.query)),
    );

    me.get(
      '/api/userNotification/summary',
      {
        schema: {
          tags,
          summary: '未读汇总：未读通知数 + 有未读消息的会话数（页头角标）',
          security: secured,
          response: { 200: envelope(unreadSummary) },
        },
      },
      async (req) => {
        const { userId } = currentUser(req);
        const [n, c] = await Promise.all([notifications.unreadCount(userId), chat.unreadChats(userId)]);
        return ok({ notifications: n, chats: c, total: n + c });
      },
    );

    me.put(
      '/api/userNotification/read/:id',
      {
        schema: {
          tags,
          summary: '标记一条通知为已读',
          security: secured,
          params: notificationIdParams,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await notifications.markRead(currentUser(req), req.params.id);
        return ok(null);
      },
    );

    me.put(
      '/api/userNotification/readAll',
      {
        schema: {
          tags,
          summary: '全部标记为已读',
          security: secured,
          response: { 200: envelope(z.object({ updated: z.number().int() })) },
        },
      },
      async (req) => ok({ updated: await notifications.markAllRead(currentUser(req).userId) }),
    );
  });
};
