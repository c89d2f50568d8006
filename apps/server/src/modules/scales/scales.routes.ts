import {
  catalogQuery,
  idParam,
  myScale,
  page,
  previewScoreBody,
  reviewScale,
  reviewScalesQuery,
  savedScale,
  scaleAuthoringBody,
  scaleDetail,
  scaleDraft,
  scaleOnlineBody,
  scaleReviewBody,
  scaleScoreResult,
  scaleSummary,
  type ScaleDefinitionInput,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { reviewDecisionRoute } from '../../lib/review-route';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam({ label: '量表编号' }) });
const tags = ['scale'];
const pub = describe({ tags });
const doc = describe({ tags, security: secured });

/** Scales: the public catalogue, authoring (experts), review (auditors), going on/offline (admins). */
export const scalesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scales } = app.deps.services;

  // ---- everyone ----
  app.get(
    '/api/scale/list',
    pub('已发布量表（测评中心）', { query: catalogQuery, reply: page(scaleSummary) }),
    async (req) => ok(await scales.catalog(req.query)),
  );
  app.get('/api/scale/categories', pub('量表分类', { reply: z.array(z.string()) }), async () =>
    ok(await scales.categories()),
  );
  app.get('/api/scale/detail/:id', pub('量表详情', { params: idParams, reply: scaleDetail }), async (req) =>
    ok(await scales.detail(req.params.id)),
  );

  // ---- professionals: scoring preview and reading a draft ----
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (pro) => {
    pro.post(
      '/api/scale/preview-score',
      doc('计分预览：answers 为每题所选选项序号（1 为第一个选项），未显示的题为 null', {
        body: previewScoreBody,
        reply: scaleScoreResult,
      }),
      async (req) => ok(await scales.preview(currentUser(req), req.body)),
    );
    pro.get(
      '/api/expert/scales/:id',
      doc('量表草稿（作者或审核员）', { params: idParams, reply: scaleDraft }),
      async (req) => ok(await scales.draftOf(currentUser(req), req.params.id)),
    );
  });

  // ---- authoring (experts) ----
  await audience(app, app.requireRole('expert'), (expert) => {
    const input = (body: z.infer<typeof scaleAuthoringBody>) => ({
      ...body,
      definition: body.definition as unknown as ScaleDefinitionInput,
    });
    expert.get('/api/expert/scales', doc('我的量表', { reply: z.array(myScale) }), async (req) =>
      ok(await scales.mine(currentUser(req))),
    );
    expert.get(
      '/api/expert/scales/others',
      doc('他人已发布的量表与内置量表', { reply: z.array(scaleSummary) }),
      async (req) => ok(await scales.others(currentUser(req))),
    );
    expert.post(
      '/api/expert/scales',
      doc('新建量表（草稿）', { body: scaleAuthoringBody, reply: savedScale }),
      async (req) => ok(await scales.create(currentUser(req), input(req.body)), '量表已保存为草稿'),
    );
    expert.put(
      '/api/expert/scales/:id',
      doc('修改量表草稿', { params: idParams, body: scaleAuthoringBody, reply: savedScale }),
      async (req) => ok(await scales.update(currentUser(req), req.params.id, input(req.body)), '草稿已保存'),
    );
    expert.post(
      '/api/expert/scales/:id/submit',
      doc('提交审核', { params: idParams, reply: z.null() }),
      async (req) => done(scales.submit(currentUser(req), req.params.id), '已提交审核'),
    );
  });

  // ---- review (auditors and admins) ----
  await audience(app, app.requireRole('auditor', 'admin'), (reviewer) => {
    reviewer.get(
      '/api/audit/scales',
      doc('量表审核列表（分页）', { query: reviewScalesQuery, reply: page(reviewScale) }),
      async (req) => ok(await scales.reviewQueue(req.query)),
    );
    reviewDecisionRoute(reviewer, doc, '/api/audit/scales/:id/review', {
      summary: '审核量表：通过或驳回（须填原因）',
      params: idParams,
      body: scaleReviewBody,
      decide: (me, id, decision) => scales.review(me, id, decision),
      approved: '已通过并发布',
    });
  });

  // ---- admins ----
  await audience(app, app.requireRole('admin'), (admin) => {
    admin.post(
      '/api/audit/scales/:id/online',
      doc('上线或下线量表（含内置量表）', { params: idParams, body: scaleOnlineBody, reply: z.null() }),
      async (req) =>
        done(
          scales.setOnline(currentUser(req), req.params.id, req.body.online),
          req.body.online ? '已上线' : '已下线',
        ),
    );
  });
};
