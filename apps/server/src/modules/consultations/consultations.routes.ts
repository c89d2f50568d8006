import { consultationPage, consultationsQuery, envelope } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience } from '../../lib/routes';
import { currentUser, secured } from '../auth';

export const consultationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { consultations } = app.deps.services;

  // Only ever the caller's own experts.
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/consultations',
      {
        schema: {
          tags: ['consultation'],
          summary: '专家咨询：聊过天或预约过的专家（分页，最近联系在前），含下次预约与未读消息',
          security: secured,
          querystring: consultationsQuery,
          response: { 200: envelope(consultationPage) },
        },
      },
      async (req) => ok(await consultations.mine(currentUser(req), req.query)),
    );
  });
};
