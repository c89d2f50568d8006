import { envelope, institutionSummary } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';

/** Public: anyone may browse institutions. An institution's experts: experts.routes.ts. */
export const institutionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { institutions } = app.deps.services;
  app.get(
    '/api/department/list',
    {
      schema: {
        tags: ['institution'],
        summary: '机构列表',
        response: { 200: envelope(z.array(institutionSummary)) },
      },
    },
    async () => ok(await institutions.list()),
  );
};
