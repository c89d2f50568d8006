import { envelope, homeOverview } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';

export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/home/overview',
    {
      schema: {
        tags: ['home'],
        summary: '首页：平台数据与各栏目内容',
        response: { 200: envelope(homeOverview) },
      },
    },
    async () => ok(await app.deps.services.home.overview()),
  );
};
