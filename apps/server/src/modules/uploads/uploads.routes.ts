import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_UPLOAD_PATH, contentImage, envelope } from '@psy/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/reply';
import { audience } from '../../lib/routes';
import { currentUser, secured } from '../auth';
import { takeImageUpload } from './images';

export const uploadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { uploads } = app.deps.services;

  // Content images are written by staff: experts (tweets, courses), auditors and admins (news).
  await audience(app, app.requireRole('expert', 'auditor', 'admin'), (staff) => {
    staff.post(
      CONTENT_IMAGE_UPLOAD_PATH,
      {
        schema: {
          tags: ['uploads'],
          summary: `上传内容图片（multipart 字段 file；JPG/PNG/WebP/GIF，${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB 以内），重新编码为 WebP`,
          security: secured,
          consumes: ['multipart/form-data'],
          response: { 200: envelope(contentImage) },
        },
      },
      async (req) => {
        takeImageUpload(app.deps, currentUser(req).userId);
        if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', '请以 multipart/form-data 上传图片');
        const file = await req.file({ limits: { fileSize: CONTENT_IMAGE_MAX_BYTES, files: 1 } });
        if (!file) throw new AppError('BAD_REQUEST', '请选择要上传的图片');
        let data: Buffer;
        try {
          data = await file.toBuffer();
        } catch {
          throw new AppError('TOO_LARGE', `图片不能超过 ${CONTENT_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        }
        return ok(await uploads.storeContentImage(data), '上传成功');
      },
    );
  });
};
