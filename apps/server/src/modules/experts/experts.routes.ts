import {
  availabilityTemplate,
  departmentDetail,
  envelope,
  expertCard,
  expertDetail,
  expertListQuery,
  expertProfileBody,
  expertSlot,
  idParam,
  institutionSummary,
  page,
  rangeQuery,
  slot,
  slotBody,
  templateBody,
} from '@psy/contracts';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { currentUser, secured } from '../auth/auth.plugin';
import { institutions } from '../institutions/institutions.table';

const idParams = z.object({ id: idParam() });

export const expertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { experts } = app.deps.services;
  const tags = ['expert'];
  const expertOnly = app.requireRole('expert');

  app.get(
    '/api/expert/list',
    {
      schema: {
        tags,
        summary: '专家列表（擅长、价格区间、咨询方式、机构筛选）',
        querystring: expertListQuery,
        response: { 200: envelope(page(expertCard)) },
      },
    },
    async (req) => ok(await experts.list(req.query)),
  );
  app.get(
    '/api/expert/specialties',
    { schema: { tags, summary: '擅长领域标签（筛选用）', response: { 200: envelope(z.array(z.string())) } } },
    async () => ok(await experts.specialties()),
  );
  app.get(
    '/api/expert/detail/:id',
    {
      schema: {
        tags,
        summary: '专家详情（含未来14天可预约时段）',
        params: idParams,
        response: { 200: envelope(expertDetail) },
      },
    },
    async (req) => ok(await experts.detail(req.params.id)),
  );
  app.get(
    '/api/expert/slots/:id',
    {
      schema: {
        tags,
        summary: '专家在某时间范围内的空闲时段',
        params: idParams,
        querystring: rangeQuery,
        response: { 200: envelope(z.array(slot)) },
      },
    },
    async (req) =>
      ok(await experts.freeSlots(req.params.id, new Date(req.query.from), new Date(req.query.to))),
  );

  app.get(
    '/api/department/list',
    {
      schema: {
        tags: ['institution'],
        summary: '机构列表',
        response: { 200: envelope(z.array(institutionSummary)) },
      },
    },
    async () =>
      ok(
        await app.deps.database.db
          .select({
            id: institutions.id,
            name: institutions.name,
            city: institutions.city,
            logo: institutions.logo,
            intro: institutions.intro,
          })
          .from(institutions)
          .orderBy(asc(institutions.id)),
      ),
  );
  app.get(
    '/api/department/detail/:id',
    {
      schema: {
        tags: ['institution'],
        summary: '机构详情与其专家',
        params: idParams,
        response: { 200: envelope(departmentDetail) },
      },
    },
    async (req) => ok(await experts.department(req.params.id)),
  );

  // ---- the expert's own profile and availability ----
  app.get(
    '/api/expert/me/profile',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '我的专家资料',
        response: { 200: envelope(expertProfileBody.nullable()) },
      },
    },
    async (req) => ok(await experts.myProfile(currentUser(req).userId)),
  );
  app.post(
    '/api/expert/me/profile',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '保存我的专家资料',
        body: expertProfileBody,
        response: { 200: envelope(expertProfileBody.nullable()) },
      },
    },
    async (req) => {
      const { userId } = currentUser(req);
      await experts.saveProfile(userId, req.body);
      return ok(await experts.myProfile(userId), '资料已保存');
    },
  );
  app.get(
    '/api/expert/me/templates',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '每周固定时段',
        response: { 200: envelope(z.array(availabilityTemplate)) },
      },
    },
    async (req) => ok(await experts.templates(currentUser(req).userId)),
  );
  app.post(
    '/api/expert/me/templates',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '新增每周固定时段（自动发布未来4周的时段）',
        body: templateBody,
        response: { 200: envelope(z.object({ created: z.number().int() })) },
      },
    },
    async (req) => {
      const r = await experts.addTemplate(currentUser(req).userId, req.body);
      return ok(r, `已发布 ${r.created} 个时段`);
    },
  );
  app.delete(
    '/api/expert/me/templates/:id',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '删除每周固定时段（关闭其未被预约的未来时段）',
        params: idParams,
        response: { 200: envelope(z.object({ closed: z.number().int() })) },
      },
    },
    async (req) => ok(await experts.removeTemplate(currentUser(req).userId, req.params.id)),
  );
  app.get(
    '/api/expert/me/slots',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '我的时段（含预约情况）',
        querystring: rangeQuery,
        response: { 200: envelope(z.array(expertSlot)) },
      },
    },
    async (req) =>
      ok(await experts.mySlots(currentUser(req).userId, new Date(req.query.from), new Date(req.query.to))),
  );
  app.post(
    '/api/expert/me/slots',
    {
      onRequest: expertOnly,
      schema: {
        tags,
        security: secured,
        summary: '发布单次时段',
        body: slotBody,
        response: { 200: envelope(slot) },
      },
    },
    async (req) => ok(await experts.addSlot(currentUser(req).userId, req.body), '时段已发布'),
  );
  for (const [action, status, label] of [
    ['close', 'closed', '关闭'],
    ['open', 'open', '重新开放'],
  ] as const) {
    app.post(
      `/api/expert/me/slots/:id/${action}`,
      {
        onRequest: expertOnly,
        schema: {
          tags,
          security: secured,
          summary: `${label}时段`,
          params: idParams,
          response: { 200: envelope(z.null()) },
        },
      },
      async (req) => {
        await experts.setSlotStatus(currentUser(req).userId, req.params.id, status);
        return ok(null, `时段已${label}`);
      },
    );
  }
};
