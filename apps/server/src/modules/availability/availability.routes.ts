import {
  availabilityTemplate,
  expertSlot,
  idParam,
  rangeQuery,
  slot,
  slotBody,
  templateBody,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam() });

/** Weekly templates and slots: anyone sees an expert's free slots; the expert manages their own. */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { availability } = app.deps.services;
  const tags = ['expert'];
  const pub = describe({ tags });
  const doc = describe({ tags, security: secured });

  app.get(
    '/api/expert/slots/:id',
    pub('专家在某时间范围内的空闲时段', { params: idParams, query: rangeQuery, reply: z.array(slot) }),
    async (req) =>
      ok(await availability.freeSlots(req.params.id, new Date(req.query.from), new Date(req.query.to))),
  );

  // The expert's own weekly templates and slots.
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/expert/me/templates',
      doc('每周固定时段', { reply: z.array(availabilityTemplate) }),
      async (req) => ok(await availability.templates(currentUser(req))),
    );
    expert.post(
      '/api/expert/me/templates',
      doc('新增每周固定时段（自动发布未来4周的时段）', {
        body: templateBody,
        reply: z.object({ created: z.number().int() }),
      }),
      async (req) => {
        const r = await availability.addTemplate(currentUser(req), req.body);
        return ok(r, `已发布 ${r.created} 个时段`);
      },
    );
    expert.delete(
      '/api/expert/me/templates/:id',
      doc('删除每周固定时段（关闭其未被预约的未来时段）', {
        params: idParams,
        reply: z.object({ closed: z.number().int() }),
      }),
      async (req) => ok(await availability.removeTemplate(currentUser(req), req.params.id)),
    );
    expert.get(
      '/api/expert/me/slots',
      doc('我的时段（含预约情况）', { query: rangeQuery, reply: z.array(expertSlot) }),
      async (req) =>
        ok(await availability.mySlots(currentUser(req), new Date(req.query.from), new Date(req.query.to))),
    );
    expert.post('/api/expert/me/slots', doc('发布单次时段', { body: slotBody, reply: slot }), async (req) =>
      ok(await availability.addSlot(currentUser(req), req.body), '时段已发布'),
    );
    for (const [action, status, label] of [
      ['close', 'closed', '关闭'],
      ['open', 'open', '重新开放'],
    ] as const) {
      expert.post(
        `/api/expert/me/slots/:id/${action}`,
        doc(`${label}时段`, { params: idParams, reply: z.null() }),
        async (req) =>
          done(availability.setSlotStatus(currentUser(req), req.params.id, status), `时段已${label}`),
      );
    }
  });
};
