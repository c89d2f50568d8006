import {
  envelope,
  idParam,
  page,
  warningDetail,
  warningItem,
  warningProgressBody,
  warningsQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });

/** Warnings, for the assigned experts and the auditors. */
export const warningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { warnings } = app.deps.services;
  const tags = ['warning'];
  app.addHook('onRequest', app.requireRole('expert', 'auditor', 'admin'));

  app.get(
    '/api/expert/warnings',
    {
      schema: {
        tags,
        security: secured,
        summary: '预警列表（分页，高等级在前）',
        querystring: warningsQuery,
        response: { 200: envelope(page(warningItem)) },
      },
    },
    async (req) => ok(await warnings.list(currentUser(req), req.query)),
  );
  app.get(
    '/api/expert/warnings/:id',
    {
      schema: {
        tags,
        security: secured,
        summary: '预警详情与进度',
        params: idParams,
        response: { 200: envelope(warningDetail) },
      },
    },
    async (req) => ok(await warnings.detail(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/expert/warnings/:id/progress',
    {
      schema: {
        tags,
        security: secured,
        summary: '记录预警处理进度',
        params: idParams,
        body: warningProgressBody,
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await warnings.addProgress(currentUser(req), req.params.id, req.body);
      return ok(null, '处理记录已保存');
    },
  );
};
