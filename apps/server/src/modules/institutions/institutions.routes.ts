import { institutionSummary } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

/** Public: anyone may browse institutions. An institution's experts: experts.routes.ts. */
export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { institutions } = app.deps.services;
  const doc = describe({ tags: ['institution'] });
  app.get('/api/department/list', doc('机构列表', { reply: z.array(institutionSummary) }), async () =>
    ok(await institutions.list()),
  );
};
