import { CHAT_IMAGE_MAX_PIXELS, IMAGE_UPLOADS_PER_MINUTE, imageMessages } from '@psy/contracts';
import type { Metadata } from 'sharp';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { loadSharp } from '../../lib/sharp';
import { createRateLimiter, createSemaphore, QueueFullError, type RateLimiter } from './limits';

/** Formats accepted on upload, recognised by their content, not by name or MIME type. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Decoding is the expensive part (a 16-megapixel PNG is about 64 MB of pixels and a few
 * hundred ms of CPU), so at most `slots` images are decoded at once in this process, up to
 * `queue` more wait their turn, and beyond that an upload answers 503 服务器繁忙，请稍后再试.
 */
export const IMAGE_DECODE = { slots: 2, queue: 10 } as const;
export const imageDecodes = createSemaphore(IMAGE_DECODE);

const uploadLimiters = new WeakMap<object, RateLimiter>();

/**
 * Counts one image upload (avatar or chat image) for the account, before its body is read;
 * 429 上传过于频繁，请在 N 秒后再试 past `IMAGE_UPLOADS_PER_MINUTE` in a sliding minute.
 * Counted in this process's memory, one counter per app (`deps`): with several instances
 * an account may upload that many per minute to each.
 */
export function takeImageUpload(deps: { clock: Clock }, userId: number): void {
  let limiter = uploadLimiters.get(deps);
  if (!limiter) {
    limiter = createRateLimiter({
      limit: IMAGE_UPLOADS_PER_MINUTE,
      windowMs: 60_000,
      now: () => deps.clock().getTime(),
    });
    uploadLimiters.set(deps, limiter);
  }
  const taken = limiter.take(userId);
  if (!taken.ok) {
    const seconds = Math.ceil(taken.retryAfterMs / 1000);
    throw new AppError('RATE_LIMITED', imageMessages.tooManyUploads(seconds), {
      'Retry-After': String(seconds),
    });
  }
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
}

/**
 * Decodes an uploaded image and encodes a new one: the original bytes (and any EXIF,
 * GPS or payload hidden in them) never reach storage. Orientation is applied first.
 * Format and size (width x height against `maxPixels`) are read from the header before
 * any pixel is decoded.
 */
export async function reencodeImage(
  input: Buffer,
  opts: {
    /** Largest width x height accepted; default the chat-image limit, the larger one. */
    maxPixels?: number;
    maxWidth: number;
    maxHeight: number;
    fit: 'cover' | 'inside';
    quality?: number;
  },
): Promise<ProcessedImage> {
  const maxPixels = opts.maxPixels ?? CHAT_IMAGE_MAX_PIXELS;
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('BAD_REQUEST', '无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 格式');
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) {
    throw new AppError('BAD_REQUEST', '不支持的图片格式，请上传 JPG、PNG、WebP 或 GIF 格式');
  }
  if (!meta.width || !meta.height) {
    throw new AppError('BAD_REQUEST', '无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 格式');
  }
  if (meta.width * meta.height > maxPixels) {
    throw new AppError('BAD_REQUEST', imageMessages.tooManyPixels(maxPixels));
  }
  try {
    return await imageDecodes.run(async () => {
      const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
        .rotate()
        .resize(opts.maxWidth, opts.maxHeight, { fit: opts.fit, withoutEnlargement: opts.fit === 'inside' })
        .webp({ quality: opts.quality ?? 82 })
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, format: 'webp' as const };
    });
  } catch (err) {
    if (err instanceof QueueFullError) {
      throw new AppError('UNAVAILABLE', imageMessages.busy, { 'Retry-After': '5' });
    }
    throw new AppError('BAD_REQUEST', '图片已损坏，无法处理，请换一张图片');
  }
}
