import {
  departmentDetail,
  expertCard,
  expertDetail,
  expertListQuery,
  expertProfileBody,
  idParam,
  page,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });

export const expertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { experts } = app.deps.services;
  const tags = ['expert'];
  const pub = describe({ tags });
  const institutionDoc = describe({ tags: ['institution'] });
  const doc = describe({ tags, security: secured });

  app.get(
    '/api/expert/list',
    pub('专家列表（擅长、价格区间、咨询方式、机构筛选）', {
      query: expertListQuery,
      reply: page(expertCard),
    }),
    async (req) => ok(await experts.list(req.query)),
  );
  app.get(
    '/api/expert/specialties',
    pub('擅长领域标签（筛选用）', { reply: z.array(z.string()) }),
    async () => ok(await experts.specialties()),
  );
  app.get(
    '/api/expert/detail/:id',
    pub('专家详情（含未来14天可预约时段）', { params: idParams, reply: expertDetail }),
    async (req) => ok(await experts.detail(req.params.id)),
  );
  app.get(
    '/api/department/detail/:id',
    institutionDoc('机构详情与其专家', { params: idParams, reply: departmentDetail }),
    async (req) => ok(await experts.department(req.params.id)),
  );

  // The expert's own profile; their times: availability.routes.ts.
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/me/profile',
      doc('我的专家资料', { reply: expertProfileBody.nullable() }),
      async (req) => ok(await experts.myProfile(currentUser(req))),
    );
    expert.post(
      '/api/expert/me/profile',
      doc('保存我的专家资料', { body: expertProfileBody, reply: expertProfileBody.nullable() }),
      async (req) => {
        const actor = currentUser(req);
        await experts.saveProfile(actor, req.body);
        return ok(await experts.myProfile(actor), '资料已保存');
      },
    );
  });
};
