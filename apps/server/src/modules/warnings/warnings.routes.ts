import {
  idParam,
  page,
  warningDetail,
  warningItem,
  warningProgressBody,
  warningsQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });

/** Warnings, for the assigned experts and the auditors. */
export const warningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { warnings } = app.deps.services;
  const tags = ['warning'];
  const doc = describe({ tags, security: secured });
  app.addHook('onRequest', app.requireRole('expert', 'auditor', 'admin'));

  app.get(
    '/api/expert/warnings',
    doc('预警列表（分页，高等级在前）', { query: warningsQuery, reply: page(warningItem) }),
    async (req) => ok(await warnings.list(currentUser(req), req.query)),
  );
  app.get(
    '/api/expert/warnings/:id',
    doc('预警详情与进度', { params: idParams, reply: warningDetail }),
    async (req) => ok(await warnings.detail(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/expert/warnings/:id/progress',
    doc('记录预警处理进度', { params: idParams, body: warningProgressBody, reply: z.null() }),
    async (req) => done(warnings.addProgress(currentUser(req), req.params.id, req.body), '处理记录已保存'),
  );
};
