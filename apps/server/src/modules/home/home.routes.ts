import { homeOverview } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = describe({ tags: ['home'] });
  app.get('/api/home/overview', doc('首页：平台数据与各栏目内容', { reply: homeOverview }), async () =>
    ok(await app.deps.services.home.overview()),
  );
};
