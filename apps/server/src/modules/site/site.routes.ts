import { siteConfig } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareAnswer } from '../../lib/catalogue-cache';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = describe({ tags: ['system'] });
  // The configuration never changes while the server runs: checked and made JSON once.
  shareAnswer(app.deps.config.site);
  app.get('/api/site/config', doc('站点配置：名称、版权与备案号', { reply: siteConfig }), async () =>
    ok(app.deps.config.site),
  );
};
