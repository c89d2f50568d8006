import {
  booking,
  bookingListQuery,
  cancelBookingBody,
  createBookingBody,
  expertCancelBody,
  idParam,
  page,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam({ label: '预约编号' }) });

export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bookings } = app.deps.services;
  const tags = ['booking'];
  const doc = describe({ tags, security: secured });

  // Any signed-in account books, and sees and cancels its own bookings.
  await audience(app, app.authenticate, (me) => {
    me.post(
      '/api/booking/create',
      doc('预约时段（锁定15分钟待支付）', { body: createBookingBody, reply: booking }),
      async (req) =>
        ok(await bookings.create(currentUser(req), req.body), '预约已提交，请在15分钟内完成支付'),
    );
    me.get(
      '/api/booking/list',
      doc('我的预约', { query: bookingListQuery, reply: page(booking) }),
      async (req) => ok(await bookings.listForUser(currentUser(req), req.query)),
    );
    me.get(
      '/api/booking/detail/:id',
      doc('预约详情（预约人或该专家）', { params: idParams, reply: booking }),
      async (req) => ok(await bookings.detail(currentUser(req), req.params.id)),
    );
    me.post(
      '/api/booking/cancel/:id',
      doc('用户取消预约（开始前24小时及以上全额退款，之后不退款）', {
        params: idParams,
        body: cancelBookingBody,
        reply: booking,
      }),
      async (req) =>
        ok(await bookings.cancelByUser(currentUser(req), req.params.id, req.body.reason), '预约已取消'),
    );
  });

  // The expert's side of their bookings.
  await audience(app, app.requireRole('expert'), (expert) => {
    expert.get(
      '/api/booking/expert/list',
      doc('专家的预约', { query: bookingListQuery, reply: page(booking) }),
      async (req) => ok(await bookings.listForExpert(currentUser(req), req.query)),
    );
    expert.post(
      '/api/booking/expert/cancel/:id',
      doc('专家取消预约（全额退款，须填原因）', { params: idParams, body: expertCancelBody, reply: booking }),
      async (req) =>
        ok(
          await bookings.cancelByExpert(currentUser(req), req.params.id, req.body.reason),
          '预约已取消，费用将全额退还',
        ),
    );
    for (const [path, outcome, label] of [
      ['complete', 'completed', '已完成'],
      ['no-show', 'no_show', '未到场'],
    ] as const) {
      expert.post(
        `/api/booking/expert/${path}/:id`,
        doc(`标记${label}`, { params: idParams, reply: booking }),
        async (req) =>
          ok(await bookings.finish(currentUser(req), req.params.id, outcome), `已标记为${label}`),
      );
    }
  });
};
