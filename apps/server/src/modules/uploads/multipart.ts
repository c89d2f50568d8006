import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { takeImageUpload } from './images';

/**
 * The one image of a multipart upload (field `file`), counted against the account's upload
 * rate first; 415 when not multipart, 400 without a file, 413 past `maxBytes`.
 */
export async function readUploadedImage(
  req: FastifyRequest,
  deps: { clock: Clock },
  userId: number,
  opts: { maxBytes: number; missing: string },
): Promise<Buffer> {
  takeImageUpload(deps, userId);
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA', '请以 multipart/form-data 上传图片');
  const file = await req.file({ limits: { fileSize: opts.maxBytes, files: 1 } });
  if (!file) throw new AppError('BAD_REQUEST', opts.missing);
  try {
    return await file.toBuffer();
  } catch {
    throw new AppError('TOO_LARGE', `图片不能超过 ${opts.maxBytes / 1024 / 1024} MB`);
  }
}
