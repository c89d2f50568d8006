import { expertAgenda } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['agenda'], security: secured });

/** 今日待办: what waits for the signed-in expert, one section per domain. */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { agenda } = app.deps.services;
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/today',
      doc('今日待办：待处理预警（高级别、最早的在前）、今日预约、待审批报告、转介、未读会话等', {
        reply: expertAgenda,
      }),
      async (req) => ok(await agenda.today(currentUser(req))),
    );
  });
};
