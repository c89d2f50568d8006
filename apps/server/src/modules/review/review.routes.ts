import { reviewInbox, reviewInboxQuery } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';
import { secured } from '../auth';

/** The auditors' review inbox: every kind of request in one paged list. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { review } = app.deps.services;
  const doc = describe({ tags: ['review'], security: secured });
  app.addHook('onRequest', app.requireRole('auditor', 'admin'));
  app.get(
    '/api/audit/inbox',
    doc('审核收件箱：按类型与状态分页，附各类型数量', { query: reviewInboxQuery, reply: reviewInbox }),
    async (req) => ok(await review.inbox(req.query)),
  );
};
