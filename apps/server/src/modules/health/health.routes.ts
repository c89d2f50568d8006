import { envelope, healthData } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { APP_VERSION } from '../../version';
import { canSeeServerDetails } from './health.policy';
import { healthRepository } from './health.repository';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: '健康检查：服务与数据库是否可用（数据库类型与版本仅对管理员显示）',
        response: { 200: envelope(healthData), 503: envelope(healthData) },
      },
    },
    async (req, reply) => {
      const { db, kind } = app.deps.database;
      try {
        await healthRepository.ping(db);
      } catch (err) {
        req.log.error({ err }, 'health check: database unavailable');
        return reply.code(503).send({ status: 503, data: { ok: false }, message: '服务暂不可用' });
      }
      const header = req.headers.servicetoken;
      const token = Array.isArray(header) ? header[0] : header;
      const caller = token ? await app.deps.services.sessions.resolve(token) : null;
      if (!canSeeServerDetails(caller)) return ok({ ok: true });
      return ok({
        ok: true,
        database: kind,
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
