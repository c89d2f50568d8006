import { envelope, healthData } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { APP_VERSION } from '../../version';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: '健康检查：服务与数据库是否可用',
        response: { 200: envelope(healthData) },
      },
    },
    async () => {
      const { db, kind } = app.deps.database;
      await db.execute(sql`select 1`);
      return ok({
        ok: true,
        database: kind,
        version: APP_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
};
