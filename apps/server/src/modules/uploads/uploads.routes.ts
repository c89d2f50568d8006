import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_UPLOAD_PATH, contentImage } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply';
import { audience, describe } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import { readUploadedImage } from './multipart';

const doc = describe({ tags: ['uploads'], security: secured });

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.deps.services;

  // Content images are written by staff: experts (tweets, courses), auditors and admins (news).
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (staff) => {
    staff.post(
      CONTENT_IMAGE_UPLOAD_PATH,
      doc.upload(
        `上传内容图片（multipart 字段 file；JPG/PNG/WebP/GIF，${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB 以内），重新编码为 WebP`,
        { reply: contentImage },
      ),
      async (req) => {
        const data = await readUploadedImage(req, app.deps, currentUser(req).userId, {
          maxBytes: CONTENT_IMAGE_MAX_BYTES,
          missing: '请选择要上传的图片',
        });
        return ok(await uploads.storeContentImage(data), '上传成功');
      },
    );
  });
};
