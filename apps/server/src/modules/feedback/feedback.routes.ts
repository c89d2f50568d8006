import {
  feedbackBody,
  feedbackDetail,
  feedbackEditBody,
  feedbackHandleBody,
  feedbackIdParams,
  feedbackListQuery,
  feedbackOn,
  feedbackOnQuery,
  feedbackPage,
  idParam,
  myFeedbackPage,
  myFeedbackQuery,
  publicFeedbackPage,
  publicFeedbackQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['feedback'], security: secured });
const pub = describe({ tags: ['feedback'] });

/** 反馈: people leave it, the expert addressed handles it, auditors read all, everyone reads an expert's. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { feedback } = app.deps.services;

  app.get(
    '/api/expert/detail/:id/feedback',
    pub('专家的咨询评价（匿名的显示为匿名用户，其他显示为张**），最新在前', {
      params: z.object({ id: idParam({ label: '专家编号' }) }),
      query: publicFeedbackQuery,
      reply: publicFeedbackPage,
    }),
    async (req) => ok(await feedback.publicOf(req.params.id, req.query)),
  );

  // ---- the person ----
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/user/feedback',
      doc('我的反馈（含专家回复），最新在前', { query: myFeedbackQuery, reply: myFeedbackPage }),
      async (req) => ok(await feedback.mine(currentUser(req), req.query)),
    );
    me.get(
      '/api/user/feedback/on',
      doc('我对某个预约、报告或课程的反馈，以及能否反馈', { query: feedbackOnQuery, reply: feedbackOn }),
      async (req) => ok(await feedback.on(currentUser(req), req.query.kind, req.query.objectId)),
    );
    me.get(
      '/api/user/feedback/:id',
      doc('反馈详情（本人）', { params: feedbackIdParams, reply: feedbackDetail }),
      async (req) => ok(await feedback.userDetail(currentUser(req), req.params.id)),
    );
    me.post(
      '/api/user/feedback',
      doc('反馈已完成的预约、已购买或解锁的报告、已购买的课程（每项一次）', {
        body: feedbackBody,
        reply: feedbackDetail,
      }),
      async (req) => ok(await feedback.leave(currentUser(req), req.body), '感谢您的反馈，专家会尽快处理'),
    );
    me.put(
      '/api/user/feedback/:id',
      doc('修改反馈（专家处理前）', {
        params: feedbackIdParams,
        body: feedbackEditBody,
        reply: feedbackDetail,
      }),
      async (req) => ok(await feedback.edit(currentUser(req), req.params.id, req.body), '反馈已修改'),
    );
  });

  // ---- the expert addressed ----
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/feedback',
      doc('给我的反馈，按状态分页，附数量', { query: feedbackListQuery, reply: feedbackPage }),
      async (req) => ok(await feedback.expertList(currentUser(req), req.query)),
    );
    expert.get(
      '/api/expert/feedback/:id',
      doc('反馈详情（专家）', { params: feedbackIdParams, reply: feedbackDetail }),
      async (req) => ok(await feedback.expertDetail(currentUser(req), req.params.id)),
    );
    expert.post(
      '/api/expert/feedback/:id/handle',
      doc('标记为已处理（可附回复，回复会通知用户）', {
        params: feedbackIdParams,
        body: feedbackHandleBody.nullish(),
        reply: feedbackDetail,
      }),
      async (req) => {
        const body = req.body ?? {};
        const done = await feedback.handle(currentUser(req), req.params.id, body);
        return ok(done, done.reply ? '已回复并标记为已处理' : '已标记为已处理');
      },
    );
  });

  // ---- auditors and admins: read only ----
  await audience(app, app.requireRole('auditor', 'admin'), (staff) => {
    staff.get(
      '/api/audit/feedback',
      doc('全部反馈（只读），按状态与类型分页', { query: feedbackListQuery, reply: feedbackPage }),
      async (req) => ok(await feedback.auditList(req.query)),
    );
    staff.get(
      '/api/audit/feedback/:id',
      doc('反馈详情（审核，只读）', { params: feedbackIdParams, reply: feedbackDetail }),
      async (req) => ok(await feedback.auditDetail(currentUser(req), req.params.id)),
    );
  });
};
