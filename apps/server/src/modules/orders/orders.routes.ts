import { idParam, order, orderListQuery, page, payStart, sandboxConfirmBody } from '@psy/contracts';
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { audience, describe, type ZodApp } from '../../lib/routes';
import { currentUser, secured } from '../auth';

const idParams = z.object({ id: idParam({ label: '订单编号' }) });
const orderNoParams = z.object({ orderNo: z.string().regex(/^P\d{20}$/, '订单号不正确') });

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app.deps.services;
  const sandbox = app.deps.sandbox;
  const doc = describe({ tags: ['order'], security: secured });
  const pay = describe({ tags: ['pay'], security: secured });
  const gateway = describe({ tags: ['pay'] });

  // The payer's own orders, and the sandbox cashier where it is on.
  await audience(app, app.authenticate, (me) => {
    me.get('/api/order/list', doc('我的订单', { query: orderListQuery, reply: page(order) }), async (req) =>
      ok(await orders.list(currentUser(req), req.query)),
    );
    me.get(
      '/api/order/orderDetail/:id',
      doc('订单详情（仅本人）', { params: idParams, reply: order }),
      async (req) => ok(await orders.detail(currentUser(req), req.params.id)),
    );
    me.post(
      '/api/order/pay/:id',
      doc('去支付：返回收银台地址', { params: idParams, reply: payStart }),
      async (req) => ok(await orders.startPayment(currentUser(req), req.params.id)),
    );
    me.post('/api/order/cancel/:id', doc('取消待支付订单', { params: idParams, reply: order }), async (req) =>
      ok(await orders.cancel(currentUser(req), req.params.id), '订单已取消'),
    );

    // ---- the sandbox cashier: the payer confirms here, then the "gateway" notifies us ----
    // Only where the sandbox is on (PAYMENTS_SANDBOX, or outside production): elsewhere these paths do not exist.
    if (app.deps.config.paymentsSandbox) registerSandboxCashier(me);
  });

  function registerSandboxCashier(me: ZodApp) {
    me.get(
      '/api/pay/sandbox/:orderNo',
      pay('沙箱收银台：订单信息', { params: orderNoParams, reply: order }),
      async (req) => ok(await orders.byOrderNo(currentUser(req), req.params.orderNo)),
    );
    me.post(
      '/api/pay/sandbox/:orderNo/confirm',
      pay('沙箱收银台：确认支付或取消；确认后沙箱网关向商户发送签名通知', {
        params: orderNoParams,
        body: sandboxConfirmBody,
        reply: order,
      }),
      async (req) => {
        const actor = currentUser(req);
        const o = await orders.byOrderNo(actor, req.params.orderNo);
        if (req.body.action === 'cancel') {
          if (o.status !== 'unpaid') throw new AppError('CONFLICT', '订单当前不可取消');
          return ok(await orders.cancel(actor, o.id), '已取消支付');
        }
        if (o.status !== 'unpaid') throw new AppError('CONFLICT', '订单当前不可支付');
        if (new Date(o.expiresAt) <= app.deps.clock())
          throw new AppError('CONFLICT', '订单已超时，请重新下单');
        const n = sandbox.notification({
          orderNo: o.orderNo,
          amountFen: o.amountFen,
          txnId: `SB${crypto.randomBytes(10).toString('hex')}`,
          status: 'SUCCESS',
        });
        // The gateway calls the merchant's notify URL over HTTP, exactly as a real provider would.
        const res = await app.inject({
          method: 'POST',
          url: '/SysAdmin/api/pay/notify/sandbox',
          headers: n.headers,
          payload: n.rawBody,
        });
        if (res.statusCode !== 200) throw new AppError('CONFLICT', '支付未成功，请重试');
        return ok(await orders.byOrderNo(actor, o.orderNo), '支付成功');
      },
    );
  }

  // Providers' server-to-server notifications: the raw body is needed to check the signature.
  await app.register(async (plain) => {
    const notify = plain.withTypeProvider<ZodTypeProvider>();
    notify.removeAllContentTypeParsers();
    notify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    notify.post(
      '/api/pay/notify/:provider',
      gateway('支付平台异步通知（验签、校验金额、幂等）', {
        params: z.object({ provider: z.string().max(20) }),
      }),
      async (req, reply) => {
        const provider = app.deps.paymentProviders[req.params.provider];
        if (!provider) throw notFound('接口不存在');
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
        );
        const result = await orders.handleNotification(req.params.provider, String(req.body ?? ''), headers);
        if (!result.ok)
          req.log.warn(
            { provider: req.params.provider, reason: result.message },
            'payment notification rejected',
          );
        const ack = provider.ack(result.ok, result.message);
        return reply.code(ack.status).send(ack.body);
      },
    );
  });
};
