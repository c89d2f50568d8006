import { searchQuery, searchResult } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = describe({ tags: ['search'] });
  app.get(
    '/api/search',
    doc('全站搜索：量表、方案、活动、课程、专家、机构、资讯、专家动态；按相关度排序，分类计数与分页', {
      query: searchQuery,
      reply: searchResult,
    }),
    async (req) => ok(await app.deps.services.search.search(req.query)),
  );
};
