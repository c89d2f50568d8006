import {
  expertTransfersPage,
  expertTransfersQuery,
  transferBody,
  transferDeclineBody,
  transferDetail,
  transferIdParams,
  transferPeopleQuery,
  transferPerson,
  transferReceiver,
  userTransfersPage,
  userTransfersQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { reviewDecisionRoute } from '../../lib/review-route';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['transfer'], security: secured });

/** 转介: experts propose and follow their transfers, the person answers, auditors decide. */
export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { transfers } = app.deps.services;

  // ---- experts ----
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/transfers',
      doc('我发起的（outgoing）或转给我的（incoming）转介，按状态分页，附数量', {
        query: expertTransfersQuery,
        reply: expertTransfersPage,
      }),
      async (req) => ok(await transfers.expertList(currentUser(req), req.query)),
    );
    expert.get(
      '/api/expert/transfers/people',
      doc('我的服务对象（发起转介时选择）', { query: transferPeopleQuery, reply: z.array(transferPerson) }),
      async (req) => ok(await transfers.people(currentUser(req), req.query.keyword)),
    );
    expert.get(
      '/api/expert/transfers/receivers',
      doc('可接收转介的专家（按姓名、机构、职称搜索）', {
        query: transferPeopleQuery,
        reply: z.array(transferReceiver),
      }),
      async (req) => ok(await transfers.receivers(currentUser(req), req.query.keyword)),
    );
    expert.get(
      '/api/expert/transfers/:id',
      doc('转介详情', { params: transferIdParams, reply: transferDetail }),
      async (req) => ok(await transfers.expertDetail(currentUser(req), req.params.id)),
    );
    expert.post(
      '/api/expert/transfers',
      doc('发起转介：等待用户确认', { body: transferBody, reply: transferDetail }),
      async (req) => ok(await transfers.propose(currentUser(req), req.body), '已发起转介，等待用户确认'),
    );
    expert.post(
      '/api/expert/transfers/:id/withdraw',
      doc('撤回转介（审核结束前）', { params: transferIdParams, reply: transferDetail }),
      async (req) => ok(await transfers.withdraw(currentUser(req), req.params.id), '转介已撤回'),
    );
  });

  // ---- the person ----
  await audience(app, app.authenticate, (me) => {
    me.get(
      '/api/user/transfers',
      doc('我的转介（用户确认），分页，附待确认数量', {
        query: userTransfersQuery,
        reply: userTransfersPage,
      }),
      async (req) => ok(await transfers.mine(currentUser(req), req.query)),
    );
    me.get(
      '/api/user/transfers/:id',
      doc('转介详情（用户）', { params: transferIdParams, reply: transferDetail }),
      async (req) => ok(await transfers.personDetail(currentUser(req), req.params.id)),
    );
    me.post(
      '/api/user/transfers/:id/confirm',
      doc('同意转介：提交平台审核', { params: transferIdParams, reply: transferDetail }),
      async (req) =>
        ok(await transfers.confirm(currentUser(req), req.params.id), '您已同意转介，等待平台审核'),
    );
    me.post(
      '/api/user/transfers/:id/decline',
      doc('拒绝转介（可填写原因）', {
        params: transferIdParams,
        body: transferDeclineBody.nullish(),
        reply: transferDetail,
      }),
      async (req) =>
        ok(await transfers.decline(currentUser(req), req.params.id, req.body ?? {}), '您已拒绝转介'),
    );
  });

  // ---- auditors and admins (the list is the review inbox, kind=transfer) ----
  await audience(app, app.requireRole('auditor', 'admin'), (staff) => {
    staff.get(
      '/api/audit/transfers/:id',
      doc('转介审核详情', { params: transferIdParams, reply: transferDetail }),
      async (req) => ok(await transfers.auditDetail(currentUser(req), req.params.id)),
    );
    reviewDecisionRoute(staff, doc, '/api/audit/transfers/:id/review', {
      summary: '审核转介：通过即生效（负责专家与未结束的预警转给接收专家），驳回须填写原因',
      params: transferIdParams,
      decide: (me, id, decision) => transfers.decide(me, id, decision),
      approved: '已通过，转介已生效',
    });
  });
};
