import {
  cooperationBody,
  cooperationClosingBody,
  cooperationDetail,
  cooperationIdParams,
  cooperationInvitee,
  cooperationMessage,
  cooperationMessageBody,
  cooperationPerson,
  cooperationSearchQuery,
  expertCooperationsPage,
  expertCooperationsQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const doc = describe({ tags: ['cooperation'], security: secured });

/** 协作: experts invite each other onto a person's case, answer, end, and discuss it. */
export const cooperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cooperations } = app.deps.services;

  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/cooperations',
      doc('我发起的（sent）或邀请我的（received）协作，按状态分页，附数量', {
        query: expertCooperationsQuery,
        reply: expertCooperationsPage,
      }),
      async (req) => ok(await cooperations.expertList(currentUser(req), req.query)),
    );
    expert.get(
      '/api/expert/cooperations/people',
      doc('我的服务对象（发起协作时选择）', {
        query: cooperationSearchQuery,
        reply: z.array(cooperationPerson),
      }),
      async (req) => ok(await cooperations.people(currentUser(req), req.query.keyword)),
    );
    expert.get(
      '/api/expert/cooperations/invitees',
      doc('可邀请协作的专家（按姓名、机构、职称搜索）', {
        query: cooperationSearchQuery,
        reply: z.array(cooperationInvitee),
      }),
      async (req) => ok(await cooperations.invitees(currentUser(req), req.query.keyword)),
    );
    expert.get(
      '/api/expert/cooperations/:id',
      doc('协作详情', { params: cooperationIdParams, reply: cooperationDetail }),
      async (req) => ok(await cooperations.detail(currentUser(req), req.params.id)),
    );
    expert.post(
      '/api/expert/cooperations',
      doc('发起协作：邀请另一位专家参与用户的个案', { body: cooperationBody, reply: cooperationDetail }),
      async (req) => ok(await cooperations.invite(currentUser(req), req.body), '已发出协作邀请'),
    );
    expert.post(
      '/api/expert/cooperations/:id/accept',
      doc('接受协作邀请', { params: cooperationIdParams, reply: cooperationDetail }),
      async (req) => ok(await cooperations.accept(currentUser(req), req.params.id), '已接受协作邀请'),
    );
    expert.post(
      '/api/expert/cooperations/:id/decline',
      doc('拒绝协作邀请（可填写原因）', {
        params: cooperationIdParams,
        body: cooperationClosingBody.nullish(),
        reply: cooperationDetail,
      }),
      async (req) =>
        ok(
          await cooperations.decline(currentUser(req), req.params.id, req.body ?? undefined),
          '已拒绝协作邀请',
        ),
    );
    expert.post(
      '/api/expert/cooperations/:id/withdraw',
      doc('撤回协作邀请（对方处理前）', { params: cooperationIdParams, reply: cooperationDetail }),
      async (req) => ok(await cooperations.withdraw(currentUser(req), req.params.id), '协作邀请已撤回'),
    );
    expert.post(
      '/api/expert/cooperations/:id/end',
      doc('结束协作（任一方，可填写原因）', {
        params: cooperationIdParams,
        body: cooperationClosingBody.nullish(),
        reply: cooperationDetail,
      }),
      async (req) =>
        ok(await cooperations.end(currentUser(req), req.params.id, req.body ?? undefined), '协作已结束'),
    );
    expert.get(
      '/api/expert/cooperations/:id/messages',
      doc('协作讨论（最近200条，按时间先后）', {
        params: cooperationIdParams,
        reply: z.array(cooperationMessage),
      }),
      async (req) => ok(await cooperations.messages(currentUser(req), req.params.id)),
    );
    expert.post(
      '/api/expert/cooperations/:id/messages',
      doc('在协作讨论中发言', {
        params: cooperationIdParams,
        body: cooperationMessageBody,
        reply: z.array(cooperationMessage),
      }),
      async (req) => ok(await cooperations.post(currentUser(req), req.params.id, req.body), '已发送'),
    );
  });
};
