import {
  answerBody,
  assessmentListItem,
  assessmentResult,
  assessmentState,
  basicInfoBody,
  basicInfoPrefill,
  consentBody,
  envelope,
  expertAssessment,
  expertAssessmentPage,
  expertAssessmentsQuery,
  idParam,
  startAssessmentBody,
  submitPartBody,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser, secured } from '../auth';

/** A sub-plugin per audience, each behind its own role hook. */
type Audience = Parameters<FastifyPluginAsyncZod>[0];
const idParams = z.object({ id: idParam() });
const tags = ['assessment'];

/** Taking a test and its result (the person); the people they serve (experts, auditors). */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assessments } = app.deps.services;

  // ---- taking ----
  await app.register(async (user: Audience) => {
    user.addHook('onRequest', app.authenticate);
    user.post(
      '/api/assessment/start',
      {
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
    user.get(
      '/api/assessment/mine',
      {
        schema: {
          tags,
          security: secured,
          summary: '我的测评',
          response: { 200: envelope(z.array(assessmentListItem)) },
        },
      },
      async (req) => ok(await assessments.mine(currentUser(req))),
    );
    user.get(
      '/api/assessment/:id',
      {
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
    user.post(
      '/api/assessment/:id/consent',
      {
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
    user.get(
      '/api/assessment/:id/basic-info/prefill',
      {
        schema: {
          tags,
          security: secured,
          summary: '基本信息预填（上次填写与个人资料）',
          params: idParams,
          response: { 200: envelope(basicInfoPrefill) },
        },
      },
      async (req) => ok(await assessments.basicInfoPrefill(currentUser(req), req.params.id)),
    );
    user.post(
      '/api/assessment/:id/basic-info',
      {
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
    user.put(
      '/api/assessment/:id/answer',
      {
        schema: {
          tags,
          security: secured,
          summary: '保存一题的作答',
          params: idParams,
          body: answerBody,
          response: { 200: envelope(z.object({ saved: z.boolean() })) },
        },
      },
      async (req) => ok(await assessments.answer(currentUser(req), req.params.id, req.body), '已保存'),
    );
    user.post(
      '/api/assessment/:id/submit',
      {
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
    user.get(
      '/api/assessment/:id/result',
      {
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
  });

  // ---- experts and auditors ----
  await app.register(async (pro: Audience) => {
    pro.addHook('onRequest', app.requireRole('expert', 'auditor', 'admin'));
    pro.get(
      '/api/expert/assessments',
      {
        schema: {
          tags,
          security: secured,
          summary: '我服务的用户的测评（审核员：全部），分页',
          querystring: expertAssessmentsQuery,
          response: { 200: envelope(expertAssessmentPage) },
        },
      },
      async (req) => ok(await assessments.list(currentUser(req), req.query)),
    );
    pro.get(
      '/api/expert/assessments/:id',
      {
        schema: {
          tags,
          security: secured,
          summary: '测评详情：作答、得分、预警、报告',
          params: idParams,
          response: { 200: envelope(expertAssessment) },
        },
      },
      async (req) => ok(await assessments.detail(currentUser(req), req.params.id)),
    );
  });
};
