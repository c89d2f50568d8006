import { banner, bannerBody, bannerIdParams } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const tags = ['banner'];
const open = describe({ tags });
const doc = describe({ tags, security: secured });

export const bannersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { banners } = app.deps.services;

  app.get('/api/banner/list', open('首页轮播图（已启用，按排序）', { reply: z.array(banner) }), async () =>
    ok(await banners.shown()),
  );

  await audience(app, app.requireRole('auditor', 'admin'), (staff) => {
    staff.get('/api/audit/banners', doc('全部轮播图', { reply: z.array(banner) }), async (req) =>
      ok(await banners.all(currentUser(req))),
    );
    staff.post(
      '/api/audit/banners',
      doc('新增轮播图（最多10张）', { body: bannerBody, reply: banner }),
      async (req) => ok(await banners.create(currentUser(req), req.body), '轮播图已添加'),
    );
    staff.put(
      '/api/audit/banners/:id',
      doc('修改轮播图', { params: bannerIdParams, body: bannerBody, reply: banner }),
      async (req) => ok(await banners.update(currentUser(req), req.params.id, req.body), '轮播图已保存'),
    );
    staff.delete(
      '/api/audit/banners/:id',
      doc('删除轮播图', { params: bannerIdParams, reply: z.null() }),
      async (req) => done(banners.remove(currentUser(req), req.params.id), '轮播图已删除'),
    );
  });
};
