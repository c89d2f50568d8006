import { searchQuery, searchResult } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { describe } from '../../lib/routes';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = describe({ tags: ['search'] });
  app.get(
    '/api/search',
    doc('全站搜索：量表、方案、课程、专家、资讯、机构', { query: searchQuery, reply: searchResult }),
    async (req) => ok(await app.deps.services.search.search(req.query.code, req.query.pageSize)),
  );
};
