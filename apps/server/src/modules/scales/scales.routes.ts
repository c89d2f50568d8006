import {
  catalogQuery,
  contentStatuses,
  envelope,
  idParam,
  page,
  previewScoreBody,
  scaleDetail,
  scaleScoreResult,
  scaleSummary,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser, secured } from '../auth/auth.plugin';

const idParams = z.object({ id: idParam({ label: '量表编号' }) });
const authoringBody = z.object({
  name: z.string().trim().min(2, '请输入量表名称').max(100),
  shortName: z.string().trim().min(1, '请输入量表简称').max(30),
  intro: z.string().trim().min(10, '量表简介至少10个字').max(1000),
  category: z.string().trim().min(2, '请选择分类').max(20),
  priceFen: z.number().int().min(0, '价格不能为负').max(100_000, '报告价格不能超过1000元'),
  /** Checked in full by the scale schema; the answer names what is wrong. */
  definition: z.record(z.string(), z.unknown()),
});

export const scalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scales } = app.deps.services;
  const tags = ['scale'];
  const expertOnly = app.requireRole('expert');
  const reviewer = app.requireRole('auditor', 'admin');

  app.get(
    '/api/scale/list',
    {
      schema: {
        tags,
        summary: '已发布量表（测评中心）',
        querystring: catalogQuery,
        response: { 200: envelope(page(scaleSummary)) },
      },
    },
    async (req) => ok(await scales.catalog(req.query)),
  );
  app.get(
    '/api/scale/categories',
    { schema: { tags, summary: '量表分类', response: { 200: envelope(z.array(z.string())) } } },
    async () => ok(await scales.categories()),
  );
  app.get(
    '/api/scale/detail/:id',
    { schema: { tags, summary: '量表详情', params: idParams, response: { 200: envelope(scaleDetail) } } },
    async (req) => ok(await scales.detail(req.params.id)),
  );
  app.post(
    '/api/scale/preview-score',
    {
      onRequest: app.requireRole('expert', 'auditor', 'admin'),
      schema: {
        tags,
        security: secured,
        summary: '计分预览：answers 为每题所选选项序号（1 为第一个选项），未显示的题为 null',
        body: previewScoreBody,
        response: { 200: envelope(scaleScoreResult) },
      },
    },
    async (req) => ok(await scales.preview(currentUser(req), req.body)),
  );

  // ---- authoring ----
  app.get(
    '/api/expert/scales',
    { onRequest: expertOnly, schema: { tags, security: secured, summary: '我的量表' } },
    async (req) => ok(await scales.mine(currentUser(req).userId)),
  );
  app.get(
    '/api/expert/scales/others',
    { onRequest: expertOnly, schema: { tags, security: secured, summary: '他人已发布的量表与内置量表' } },
    async (req) => ok(await scales.others(currentUser(req).userId)),
  );
  app.get(
    '/api/expert/scales/:id',
    {
      onRequest: app.requireRole('expert', 'auditor', 'admin'),
      schema: { tags, security: secured, summary: '量表草稿（作者或审核员）', params: idParams },
    },
    async (req) => {
      const s = await scales.draftOf(currentUser(req), req.params.id);
      return ok({
        id: s.id,
        code: s.code,
        name: s.name,
        shortName: s.shortName,
        intro: s.intro,
        category: s.category,
        priceFen: s.priceFen,
        status: s.status,
        rejectReason: s.rejectReason,
        published: s.publishedVersionId !== null,
        definition: s.draft,
      });
    },
  );
  app.post(
    '/api/expert/scales',
    {
      onRequest: expertOnly,
      schema: { tags, security: secured, summary: '新建量表（草稿）', body: authoringBody },
    },
    async (req) => {
      const s = await scales.create(currentUser(req).userId, {
        ...req.body,
        definition: req.body.definition as never,
      });
      return ok({ id: s.id }, '量表已保存为草稿');
    },
  );
  app.put(
    '/api/expert/scales/:id',
    {
      onRequest: expertOnly,
      schema: { tags, security: secured, summary: '修改量表草稿', params: idParams, body: authoringBody },
    },
    async (req) => {
      await scales.update(currentUser(req).userId, req.params.id, {
        ...req.body,
        definition: req.body.definition as never,
      });
      return ok({ id: req.params.id }, '草稿已保存');
    },
  );
  app.post(
    '/api/expert/scales/:id/submit',
    { onRequest: expertOnly, schema: { tags, security: secured, summary: '提交审核', params: idParams } },
    async (req) => {
      await scales.submit(currentUser(req).userId, req.params.id);
      return ok(null, '已提交审核');
    },
  );

  // ---- review ----
  app.get(
    '/api/audit/scales',
    {
      onRequest: reviewer,
      schema: {
        tags,
        security: secured,
        summary: '量表审核列表',
        querystring: z.object({ status: z.enum(contentStatuses).optional() }),
      },
    },
    async (req) => ok(await scales.reviewQueue(req.query.status)),
  );
  app.post(
    '/api/audit/scales/:id/review',
    {
      onRequest: reviewer,
      schema: {
        tags,
        security: secured,
        summary: '审核量表：通过或驳回（须填原因）',
        params: idParams,
        body: z.object({ approve: z.boolean(), reason: z.string().trim().max(300).optional() }),
      },
    },
    async (req) => {
      await scales.review(currentUser(req).userId, req.params.id, req.body);
      return ok(null, req.body.approve ? '已通过并发布' : '已驳回');
    },
  );
  app.post(
    '/api/audit/scales/:id/online',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        security: secured,
        summary: '上线或下线量表（含内置量表）',
        params: idParams,
        body: z.object({ online: z.boolean() }),
      },
    },
    async (req) => {
      await scales.setOnline(req.params.id, req.body.online);
      return ok(null, req.body.online ? '已上线' : '已下线');
    },
  );
};
