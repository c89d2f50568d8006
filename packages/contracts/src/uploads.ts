import { z } from 'zod';

/**
 * Limits of image uploads (avatars and chat images). The byte limits live next to their
 * endpoints (`AVATAR_MAX_BYTES`, `CHAT_IMAGE_MAX_BYTES`); these bound the work an image costs.
 */

/**
 * Largest avatar, in pixels (width x height), checked from the image header before any
 * decoding. Avatars are stored at 256 x 256; 13 million still admits a 12-megapixel phone
 * photo (4032 x 3024).
 */
export const AVATAR_MAX_PIXELS = 13_000_000;

/**
 * Largest chat image, in pixels (width x height), checked from the image header before any
 * decoding. Chat images are stored at 2048 px on the longer side at most.
 */
export const CHAT_IMAGE_MAX_PIXELS = 16_000_000;

/** Image uploads (avatars and chat images together) one account may start per minute. */
export const IMAGE_UPLOADS_PER_MINUTE = 20;

export const imageMessages = {
  /** Every image-processing slot and the bounded queue behind them are taken (503). */
  busy: '服务器繁忙，请稍后再试',
  /** 400, e.g. 图片尺寸过大（最多 1600 万像素）. */
  tooManyPixels: (maxPixels: number) => `图片尺寸过大（最多 ${Math.floor(maxPixels / 10_000)} 万像素）`,
  /** 429, e.g. 上传过于频繁，请在 25 秒后再试. */
  tooManyUploads: (seconds: number) => `上传过于频繁，请在 ${seconds} 秒后再试`,
} as const;

/**
 * A stored public image named by a client (a cover, a tweet's picture, a banner): a file
 * name the content-image upload answered. The service checks that the file exists.
 */
export const storedImageName = z
  .string({ error: '图片不正确，请重新上传' })
  .regex(/^[a-z][a-z0-9-]{0,100}\.webp$/, '图片不正确，请重新上传');
