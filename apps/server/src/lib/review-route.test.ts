import { reportDecisionBody } from '@psy/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe as suite, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '../modules/auth';
import { reviewDecisionRoute } from './review-route';
import { describe } from './routes';

const reviewer: SessionUser = { sessionId: 1, userId: 7, role: 'auditor', telephone: '13800000003' };
const params = z.object({ id: z.coerce.number().int() });

/** A bare app with the zod compilers and a signed-in reviewer, as an audience group would have. */
async function appWith(register: (scope: Parameters<typeof reviewDecisionRoute>[0]) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (req) => {
    req.user = reviewer;
  });
  register(app);
  await app.ready();
  return app;
}

suite('reviewDecisionRoute', () => {
  it('hands the reviewer, the id and the decision to decide, and says which way it went', async () => {
    const calls: unknown[] = [];
    const app = await appWith((scope) =>
      reviewDecisionRoute(scope, describe({ tags: ['t'] }), '/items/:id/review', {
        summary: '审核',
        params,
        decide: async (me, id, decision) => void calls.push([me.userId, id, decision]),
        approved: '已通过',
      }),
    );
    const yes = await app.inject({ method: 'POST', url: '/items/3/review', payload: { approve: true } });
    expect(yes.json()).toEqual({ status: 200, data: null, message: '已通过' });
    const no = await app.inject({
      method: 'POST',
      url: '/items/4/review',
      payload: { approve: false, reason: '不合适' },
    });
    expect(no.json()).toEqual({ status: 200, data: null, message: '已驳回' });
    expect(calls).toEqual([
      [7, 3, { approve: true }],
      [7, 4, { approve: false, reason: '不合适' }],
    ]);
    expect((await app.inject({ method: 'POST', url: '/items/4/review', payload: {} })).statusCode).toBe(400);
    await app.close();
  });

  it('takes an item’s own body and rejection message', async () => {
    const app = await appWith((scope) =>
      reviewDecisionRoute(scope, describe({ tags: ['t'] }), '/reports/:id', {
        summary: '审批',
        params,
        body: reportDecisionBody,
        decide: async (_me, _id, decision) => void decision.comment,
        approved: '报告已通过',
        rejected: '报告已退回',
      }),
    );
    const r = await app.inject({
      method: 'POST',
      url: '/reports/1',
      payload: { approve: false, comment: 'x' },
    });
    expect(r.json().message).toBe('报告已退回');
    await app.close();
  });
});
