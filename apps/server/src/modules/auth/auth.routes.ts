import {
  authMessages,
  loginBody,
  loginResult,
  resetPasswordBody,
  sendCodeBody,
  sendCodeResult,
  smsLoginBody,
  smsNoticeItem,
  smsOutboxItem,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { done, ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, requestMeta, secured } from './auth.plugin';
import { SMS_RULES } from './sms.service';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.deps.services;
  const pub = describe({ tags: ['auth'] });
  const dev = describe({ tags: ['dev'] });
  const doc = describe({ tags: ['auth'], security: secured });

  app.post('/api/login/login', pub('密码登录', { body: loginBody, reply: loginResult }), async (req) =>
    ok(await auth.loginWithPassword(req.body.telephone, req.body.password, requestMeta(req)), '登录成功'),
  );

  // Credentials never travel in URLs: the old GET form is refused outright.
  app.get('/api/login/login', { schema: { hide: true } }, async () => {
    throw new AppError('METHOD_NOT_ALLOWED', authMessages.getNotAllowed);
  });

  app.post(
    '/api/login/send',
    pub('发送短信验证码（type: login 登录 / reset 重置或修改密码）', {
      body: sendCodeBody,
      reply: sendCodeResult,
    }),
    async (req) => {
      await auth.sendCode(req.body.telephone, req.body.type, requestMeta(req));
      return ok(
        { resendAfter: SMS_RULES.resendMs / 1000, expiresIn: SMS_RULES.ttlMs / 1000 },
        authMessages.codeSent,
      );
    },
  );

  app.post(
    '/api/login/sms',
    pub('短信验证码登录（首次登录自动注册）', { body: smsLoginBody, reply: loginResult }),
    async (req) =>
      ok(await auth.loginWithSms(req.body.telephone, req.body.code, requestMeta(req)), '登录成功'),
  );

  app.post(
    '/api/login/reset',
    pub('通过短信验证码重置密码', { body: resetPasswordBody, reply: z.null() }),
    async (req) =>
      done(
        auth.resetPassword(req.body.telephone, req.body.code, req.body.password, requestMeta(req)),
        '密码已重置，请使用新密码登录',
      ),
  );

  // Tests and the demo read SMS codes here; a production server has no such route.
  if (app.deps.config.env !== 'production') {
    const outbox = app.deps.smsOutbox;
    app.get(
      '/api/dev/sms-outbox',
      dev('开发用短信发件箱（生产环境不存在）', {
        query: z.object({ telephone: z.string().optional() }),
        reply: z.array(smsOutboxItem),
      }),
      async (req) => ok(outbox ? outbox.outbox(req.query.telephone) : []),
    );
    app.get(
      '/api/dev/sms-notices',
      dev('开发用通知短信发件箱（筛查活动通知、提醒；生产环境不存在）', {
        query: z.object({ telephone: z.string().optional() }),
        reply: z.array(smsNoticeItem),
      }),
      async (req) => ok(outbox ? outbox.notices(req.query.telephone) : []),
    );
  }

  // Signed in: end the session, change the password.
  await audience(app, app.authenticate, (me) => {
    me.post('/api/login/logout', doc('退出登录', { reply: z.null() }), async (req) =>
      done(auth.logout(currentUser(req), requestMeta(req)), '已退出登录'),
    );

    me.post(
      '/api/userinfo/password',
      doc('修改密码（本人手机号 + reset 验证码 + 新密码），成功后所有登录失效', {
        body: resetPasswordBody,
        reply: z.null(),
      }),
      async (req) =>
        done(auth.changePassword(currentUser(req), req.body, requestMeta(req)), '密码已修改，请重新登录'),
    );
  });
};
