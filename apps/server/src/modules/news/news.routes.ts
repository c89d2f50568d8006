import {
  newsAdminPage,
  newsAdminQuery,
  newsBody,
  newsDetail,
  newsEditable,
  newsIdParams,
  newsListQuery,
  newsPinBody,
  newsPublishBody,
  newsSummary,
  page,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const tags = ['news'];
const open = describe({ tags });
const doc = describe({ tags, security: secured });

export const newsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { news } = app.deps.services;

  // ---- everyone ----
  app.get(
    '/api/news/list',
    open('资讯列表（已发布，置顶在前，按分类）', { query: newsListQuery, reply: page(newsSummary) }),
    async (req) => ok(await news.list(req.query)),
  );
  app.get(
    '/api/news/detail/:id',
    open('资讯详情（计一次阅读），含上一篇、下一篇与相关资讯', { params: newsIdParams, reply: newsDetail }),
    async (req) => ok(await news.detail(req.params.id)),
  );

  // ---- auditors and admins ----
  await audience(app, app.requireRole('auditor', 'admin'), (staff) => {
    staff.get(
      '/api/audit/news',
      doc('资讯管理列表（含草稿、定时、下线），附各状态数量', {
        query: newsAdminQuery,
        reply: newsAdminPage,
      }),
      async (req) => ok(await news.adminList(currentUser(req), req.query)),
    );
    staff.get(
      '/api/audit/news/:id',
      doc('编辑用的资讯内容', { params: newsIdParams, reply: newsEditable }),
      async (req) => ok(await news.editable(currentUser(req), req.params.id)),
    );
    staff.post(
      '/api/audit/news',
      doc('新建资讯（草稿）；正文按白名单清洗', { body: newsBody, reply: newsEditable }),
      async (req) => ok(await news.create(currentUser(req), req.body), '资讯已保存为草稿'),
    );
    staff.put(
      '/api/audit/news/:id',
      doc('修改资讯；正文按白名单清洗', { params: newsIdParams, body: newsBody, reply: newsEditable }),
      async (req) => ok(await news.update(currentUser(req), req.params.id, req.body), '资讯已保存'),
    );
    staff.post(
      '/api/audit/news/:id/publish',
      doc('发布资讯：立即发布，或指定 publishAt 定时发布', {
        params: newsIdParams,
        body: newsPublishBody,
        reply: newsEditable,
      }),
      async (req) => {
        const a = await news.publish(currentUser(req), req.params.id, req.body.publishAt);
        return ok(a, a.status === 'scheduled' ? '已设置定时发布' : '资讯已发布');
      },
    );
    staff.post(
      '/api/audit/news/:id/offline',
      doc('下线资讯', { params: newsIdParams, reply: newsEditable }),
      async (req) => ok(await news.takeOffline(currentUser(req), req.params.id), '资讯已下线'),
    );
    staff.post(
      '/api/audit/news/:id/pin',
      doc('置顶或取消置顶', { params: newsIdParams, body: newsPinBody, reply: newsEditable }),
      async (req) =>
        ok(
          await news.pin(currentUser(req), req.params.id, req.body.pinned),
          req.body.pinned ? '已置顶' : '已取消置顶',
        ),
    );
  });
};
