import { envelope, siteConfig } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site/config',
    {
      schema: {
        tags: ['system'],
        summary: '站点配置：名称、版权与备案号',
        response: { 200: envelope(siteConfig) },
      },
    },
    async () => ok(app.deps.config.site),
  );
};
