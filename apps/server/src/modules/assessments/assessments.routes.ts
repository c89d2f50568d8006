import {
  activityDetail,
  activitySummary,
  answerBody,
  assessmentListItem,
  assessmentResult,
  assessmentState,
  basicInfoBody,
  consentBody,
  envelope,
  idParam,
  order,
  planDetail,
  planSummary,
  startAssessmentBody,
  submitPartBody,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser, secured } from '../auth/auth.plugin';
import { renderReportPdf } from './report-pdf';

const idParams = z.object({ id: idParam() });

export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assessments, catalog, followup } = app.deps.services;
  const tags = ['assessment'];
  const auth = app.authenticate;
  const pro = app.requireRole('expert', 'auditor', 'admin');

  app.get(
    '/api/plan/list',
    { schema: { tags, summary: '测评方案列表', response: { 200: envelope(z.array(planSummary)) } } },
    async () => ok(await catalog.plans()),
  );
  app.get(
    '/api/plan/detail/:id',
    { schema: { tags, summary: '测评方案详情', params: idParams, response: { 200: envelope(planDetail) } } },
    async (req) => ok(await catalog.plan(req.params.id)),
  );
  app.get(
    '/api/activity/list',
    { schema: { tags, summary: '活动列表', response: { 200: envelope(z.array(activitySummary)) } } },
    async () => ok(await catalog.activities()),
  );
  app.get(
    '/api/activity/detail/:id',
    { schema: { tags, summary: '活动详情', params: idParams, response: { 200: envelope(activityDetail) } } },
    async (req) => ok(await catalog.activity(req.params.id)),
  );

  // ---- taking ----
  app.post(
    '/api/assessment/start',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '开始（或继续）测评',
        body: startAssessmentBody,
        response: { 200: envelope(assessmentState) },
      },
    },
    async (req) => ok(await assessments.start(currentUser(req), req.body)),
  );
  app.get(
    '/api/assessment/mine',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '我的测评',
        response: { 200: envelope(z.array(assessmentListItem)) },
      },
    },
    async (req) => ok(await assessments.mine(currentUser(req))),
  );
  app.get(
    '/api/assessment/:id',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '测评进度（续答用）',
        params: idParams,
        response: { 200: envelope(assessmentState) },
      },
    },
    async (req) => ok(await assessments.get(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/assessment/:id/consent',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '同意知情同意书',
        params: idParams,
        body: consentBody,
        response: { 200: envelope(assessmentState) },
      },
    },
    async (req) => ok(await assessments.consent(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/assessment/:id/basic-info',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '填写基本信息',
        params: idParams,
        body: basicInfoBody,
        response: { 200: envelope(assessmentState) },
      },
    },
    async (req) => ok(await assessments.basicInfo(currentUser(req), req.params.id, req.body)),
  );
  app.put(
    '/api/assessment/:id/answer',
    {
      onRequest: auth,
      schema: { tags, security: secured, summary: '保存一题的作答', params: idParams, body: answerBody },
    },
    async (req) => ok(await assessments.answer(currentUser(req), req.params.id, req.body), '已保存'),
  );
  app.post(
    '/api/assessment/:id/submit',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '提交一个量表（须全部作答）',
        params: idParams,
        body: submitPartBody,
        response: { 200: envelope(assessmentState) },
      },
    },
    async (req) => ok(await assessments.submitPart(currentUser(req), req.params.id, req.body), '已提交'),
  );
  app.get(
    '/api/assessment/:id/result',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '测评结果（免费摘要）',
        params: idParams,
        response: { 200: envelope(assessmentResult) },
      },
    },
    async (req) => ok(await assessments.result(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/assessment/:id/report/order',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '购买完整报告：生成订单',
        params: idParams,
        response: { 200: envelope(order) },
      },
    },
    async (req) => ok(await assessments.orderReport(currentUser(req), req.params.id)),
  );

  app.get(
    '/api/assessment/:id/report',
    {
      onRequest: auth,
      schema: {
        tags,
        security: secured,
        summary: '完整报告（已购买且已审核）',
        params: idParams,
        response: {
          200: envelope(z.object({ result: assessmentResult, basicInfo: basicInfoBody.nullable() })),
        },
      },
    },
    async (req) => ok(await assessments.fullReport(currentUser(req), req.params.id)),
  );
  app.get(
    '/api/assessment/:id/report.pdf',
    { onRequest: auth, schema: { tags, security: secured, summary: '下载完整报告 PDF', params: idParams } },
    async (req, reply) => {
      const { result, basicInfo } = await assessments.fullReport(currentUser(req), req.params.id);
      const pdf = await renderReportPdf({ result, basicInfo, siteName: app.deps.config.site.name });
      const name = encodeURIComponent(`${result.title}-测评报告.pdf`);
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="report-${req.params.id}.pdf"; filename*=UTF-8''${name}`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  // ---- experts and auditors ----
  app.get(
    '/api/expert/assessments',
    {
      onRequest: pro,
      schema: {
        tags,
        security: secured,
        summary: '我服务的用户的测评（审核员：全部）',
        response: { 200: envelope(z.array(assessmentListItem)) },
      },
    },
    async (req) => ok(await followup.list(currentUser(req))),
  );
  app.get(
    '/api/expert/assessments/:id',
    {
      onRequest: pro,
      schema: { tags, security: secured, summary: '测评详情：作答、得分、预警、报告', params: idParams },
    },
    async (req) => ok(await followup.detail(currentUser(req), req.params.id)),
  );
  app.get(
    '/api/expert/warnings',
    {
      onRequest: pro,
      schema: {
        tags,
        security: secured,
        summary: '预警列表',
        querystring: z.object({ status: z.enum(['pending', 'following', 'closed']).optional() }),
      },
    },
    async (req) => ok(await followup.warnings(currentUser(req), req.query.status)),
  );
  app.get(
    '/api/expert/warnings/:id',
    { onRequest: pro, schema: { tags, security: secured, summary: '预警详情与进度', params: idParams } },
    async (req) => ok(await followup.warning(currentUser(req), req.params.id)),
  );
  app.post(
    '/api/expert/warnings/:id/progress',
    {
      onRequest: pro,
      schema: {
        tags,
        security: secured,
        summary: '记录预警处理进度',
        params: idParams,
        body: z.object({
          status: z.enum(['following', 'closed'], { error: '请选择处理状态' }),
          note: z.string().trim().min(2, '请填写处理记录').max(1000),
        }),
      },
    },
    async (req) => {
      await followup.addProgress(currentUser(req), req.params.id, req.body);
      return ok(null, '处理记录已保存');
    },
  );
  app.get(
    '/api/expert/report-approvals',
    { onRequest: pro, schema: { tags, security: secured, summary: '待审批报告' } },
    async (req) => ok(await followup.approvals(currentUser(req))),
  );
  app.post(
    '/api/expert/report-approvals/:id',
    {
      onRequest: pro,
      schema: {
        tags,
        security: secured,
        summary: '审批报告：通过或退回',
        params: idParams,
        body: z.object({ approve: z.boolean(), comment: z.string().trim().max(500).optional() }),
      },
    },
    async (req) => {
      await followup.reviewReport(currentUser(req), req.params.id, req.body);
      return ok(null, req.body.approve ? '报告已通过' : '报告已退回');
    },
  );
};
