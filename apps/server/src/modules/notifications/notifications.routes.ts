import { notificationIdParams, notificationPage, notificationQuery, unreadSummary } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications, chat } = app.deps.services;
  const tags = ['notification'];
  const doc = describe({ tags, security: secured });

  // Every route here is about the caller's own notifications.
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/userNotification',
      doc('我的通知（分页；status=all|read|unread；haveNotRead 为未读数）', {
        query: notificationQuery,
        reply: notificationPage,
      }),
      async (req) => ok(await notifications.list(currentUser(req).userId, req.query)),
    );

    me.get(
      '/api/userNotification/summary',
      doc('未读汇总：未读通知数 + 有未读消息的会话数（页头角标）', { reply: unreadSummary }),
      async (req) => {
        const { userId } = currentUser(req);
        const [n, c] = await Promise.all([notifications.unreadCount(userId), chat.unreadChats(userId)]);
        return ok({ notifications: n, chats: c, total: n + c });
      },
    );

    me.put(
      '/api/userNotification/read/:id',
      doc('标记一条通知为已读', { params: notificationIdParams, reply: z.null() }),
      async (req) => done(notifications.markRead(currentUser(req), req.params.id)),
    );

    me.put(
      '/api/userNotification/readAll',
      doc('全部标记为已读', { reply: z.object({ updated: z.number().int() }) }),
      async (req) => ok({ updated: await notifications.markAllRead(currentUser(req).userId) }),
    );
  });
};
