import {
  answerBody,
  myAssessmentsPage,
  myAssessmentsQuery,
  assessmentResult,
  assessmentState,
  basicInfoBody,
  basicInfoPrefill,
  consentBody,
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
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });
const tags = ['assessment'];
const doc = describe({ tags, security: secured });

/** Taking a test and its result (the person); the people they serve (experts, auditors). */
export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { assessments } = app.deps.services;

  // ---- taking ----
  await audience(app, app.authenticate, (user) => {
    user.post(
      '/api/assessment/start',
      doc('开始（或继续）测评', { body: startAssessmentBody, reply: assessmentState }),
      async (req) => ok(await assessments.start(currentUser(req), req.body)),
    );
    user.get(
      '/api/assessment/mine',
      doc('我的测评（分页，最新的在前；status=in_progress|submitted 只看一种；counts 为各状态的数量）', {
        query: myAssessmentsQuery,
        reply: myAssessmentsPage,
      }),
      async (req) => ok(await assessments.mine(currentUser(req), req.query)),
    );
    user.get(
      '/api/assessment/:id',
      doc('测评进度（续答用）', { params: idParams, reply: assessmentState }),
      async (req) => ok(await assessments.get(currentUser(req), req.params.id)),
    );
    user.post(
      '/api/assessment/:id/consent',
      doc('同意知情同意书', { params: idParams, body: consentBody, reply: assessmentState }),
      async (req) => ok(await assessments.consent(currentUser(req), req.params.id)),
    );
    user.get(
      '/api/assessment/:id/basic-info/prefill',
      doc('基本信息预填（上次填写与个人资料）', { params: idParams, reply: basicInfoPrefill }),
      async (req) => ok(await assessments.basicInfoPrefill(currentUser(req), req.params.id)),
    );
    user.post(
      '/api/assessment/:id/basic-info',
      doc('填写基本信息', { params: idParams, body: basicInfoBody, reply: assessmentState }),
      async (req) => ok(await assessments.basicInfo(currentUser(req), req.params.id, req.body)),
    );
    user.put(
      '/api/assessment/:id/answer',
      doc('保存一题的作答', { params: idParams, body: answerBody, reply: z.object({ saved: z.boolean() }) }),
      async (req) => ok(await assessments.answer(currentUser(req), req.params.id, req.body), '已保存'),
    );
    user.post(
      '/api/assessment/:id/submit',
      doc('提交一个量表（须全部作答）', { params: idParams, body: submitPartBody, reply: assessmentState }),
      async (req) => ok(await assessments.submitPart(currentUser(req), req.params.id, req.body), '已提交'),
    );
    user.get(
      '/api/assessment/:id/result',
      doc('测评结果（免费摘要）', { params: idParams, reply: assessmentResult }),
      async (req) => ok(await assessments.result(currentUser(req), req.params.id)),
    );
  });

  // ---- experts and auditors ----
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (pro) => {
    pro.get(
      '/api/expert/assessments',
      doc('我服务的用户的测评（审核员：全部），分页', {
        query: expertAssessmentsQuery,
        reply: expertAssessmentPage,
      }),
      async (req) => ok(await assessments.list(currentUser(req), req.query)),
    );
    pro.get(
      '/api/expert/assessments/:id',
      doc('测评详情：作答、得分、预警、报告', { params: idParams, reply: expertAssessment }),
      async (req) => ok(await assessments.detail(currentUser(req), req.params.id, { ip: req.ip })),
    );
  });
};
