import { envelope, searchQuery, searchResult } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/search',
    {
      schema: {
        tags: ['search'],
        summary: '全站搜索：量表、方案、活动、课程、专家、机构、资讯、专家动态；按相关度排序，分类计数与分页',
        querystring: searchQuery,
        response: { 200: envelope(searchResult) },
      },
    },
    async (req) => ok(await app.deps.services.search.search(req.query)),
  );
};
