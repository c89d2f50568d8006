import { activityDetail, activitySummary, idParam, planDetail, planSummary } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

const idParams = z.object({ id: idParam() });

/** The public catalogue of plans and activities. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  const { plans } = app.deps.services;
  const tags = ['assessment'];
  const doc = describe({ tags });
  app.get('/api/plan/list', doc('测评方案列表', { reply: z.array(planSummary) }), async () =>
    ok(await plans.plans()),
  );
  app.get('/api/plan/detail/:id', doc('测评方案详情', { params: idParams, reply: planDetail }), async (req) =>
    ok(await plans.plan(req.params.id)),
  );
  app.get('/api/activity/list', doc('活动列表', { reply: z.array(activitySummary) }), async () =>
    ok(await plans.activities()),
  );
  app.get(
    '/api/activity/detail/:id',
    doc('活动详情', { params: idParams, reply: activityDetail }),
    async (req) => ok(await plans.activity(req.params.id)),
  );
};
