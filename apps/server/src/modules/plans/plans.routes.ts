import { activityDetail, activitySummary, envelope, idParam, planDetail, planSummary } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';

const idParams = z.object({ id: idParam() });

/** The public catalogue of plans and activities. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans } = app.deps.services;
  const tags = ['assessment'];
  app.get(
    '/api/plan/list',
    { schema: { tags, summary: '测评方案列表', response: { 200: envelope(z.array(planSummary)) } } },
    async () => ok(await plans.plans()),
  );
  app.get(
    '/api/plan/detail/:id',
    { schema: { tags, summary: '测评方案详情', params: idParams, response: { 200: envelope(planDetail) } } },
    async (req) => ok(await plans.plan(req.params.id)),
  );
  app.get(
    '/api/activity/list',
    { schema: { tags, summary: '活动列表', response: { 200: envelope(z.array(activitySummary)) } } },
    async () => ok(await plans.activities()),
  );
  app.get(
    '/api/activity/detail/:id',
    { schema: { tags, summary: '活动详情', params: idParams, response: { 200: envelope(activityDetail) } } },
    async (req) => ok(await plans.activity(req.params.id)),
  );
};
