import { envelope, reviewInbox, reviewInboxQuery } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { secured } from '../auth';

/** The auditors' review inbox: every kind of request in one paged list. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.deps.services;
  app.addHook('onRequest', app.requireRole('auditor', 'admin'));
  app.get(
    '/api/audit/inbox',
    {
      schema: {
        tags: ['review'],
        security: secured,
        summary: '审核收件箱：按类型与状态分页，附各类型数量',
        querystring: reviewInboxQuery,
        response: { 200: envelope(reviewInbox) },
      },
    },
    async (req) => ok(await review.inbox(req.query)),
  );
};
