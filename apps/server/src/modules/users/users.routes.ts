import {
  AVATAR_MAX_BYTES,
  avatarUploadResult,
  department,
  editProfileBody,
  loginHistoryItem,
  page,
  UPLOAD_PATH,
  userInfo,
  userListItem,
  userListQuery,
} from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import { readUploadedImage } from '../uploads';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.deps.services;
  const doc = describe({ tags: ['user'], security: secured });

  // The caller's own account.
  await audience(app, app.authenticate, (me) => {
    me.get('/api/userinfo/info', doc('当前账号信息', { reply: userInfo }), async (req) =>
      ok(await users.info(currentUser(req).userId)),
    );

    me.post(
      '/api/userinfo/edit',
      doc('修改本人资料（姓名、性别、出生日期、头像）', { body: editProfileBody, reply: userInfo }),
      async (req) => ok(await users.edit(currentUser(req), req.body, req.ip), '资料已保存'),
    );

    me.post(
      '/api/userinfo/avatar',
      doc.upload('上传头像（multipart 字段 file；JPG/PNG/WebP/GIF，5 MB 以内），返回文件名', {
        reply: avatarUploadResult,
      }),
      async (req) => {
        const data = await readUploadedImage(req, app.deps, currentUser(req).userId, {
          maxBytes: AVATAR_MAX_BYTES,
          missing: '请选择要上传的图片',
        });
        const { avatar } = await users.uploadAvatar(data);
        return ok({ avatar, url: `${UPLOAD_PATH}${avatar}` }, '上传成功');
      },
    );

    me.get(
      '/api/userinfo/department',
      doc('当前账号所属机构', { reply: department.nullable() }),
      async (req) => ok(await users.department(currentUser(req))),
    );

    me.get(
      '/api/userinfo/login-history',
      doc('本人最近的登录与安全记录', { reply: z.array(loginHistoryItem) }),
      async (req) => ok(await users.loginHistory(currentUser(req))),
    );
  });

  // Staff: experts see their institution's users, auditors and admins everyone (users.policy.ts).
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (staff) => {
    staff.get(
      '/api/userinfo/get-list',
      doc('可查看的其他用户（专家：本机构普通用户；审核员/管理员：全部）', {
        query: userListQuery,
        reply: page(userListItem),
      }),
      async (req) => ok(await users.list(currentUser(req), req.query)),
    );
  });
};
