import { personalRecord, recordParams, recordViewsPage, recordViewsQuery } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, requestMeta, secured } from '../auth';

const doc = describe({ tags: ['record'], security: secured });

/**
 * 心理档案. Any signed-in account reaches the record's handler, so the policy (not a role hook)
 * answers: 404 to everyone but the person's expert, a cooperating expert and the auditors.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { records } = app.deps.services;

  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/expert/records/:userId',
      doc('用户的心理档案（负责专家、协作专家、审核员；每次查阅都记入审计日志）', {
        params: recordParams,
        reply: personalRecord,
      }),
      async (req) => ok(await records.open(currentUser(req), req.params.userId, requestMeta(req))),
    );
    me.get(
      '/api/user/record-views',
      doc('谁查阅了我的心理档案（分页），以及参与我个案协作的专家', {
        query: recordViewsQuery,
        reply: recordViewsPage,
      }),
      async (req) => ok(await records.viewsOfMine(currentUser(req), req.query)),
    );
  });
};
