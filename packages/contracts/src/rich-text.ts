import { z } from 'zod';
import { API_PREFIX, UPLOAD_PATH } from './common';

/**
 * Rich text (news bodies, text lessons): HTML written in the web editor, sanitised on the
 * server with an allow-list before it is stored (`apps/server/src/lib/rich-text.ts`) and
 * rendered by `components/rich-text/rich-text-view.tsx`.
 */

/** Longest rich-text body accepted, in characters of HTML (about 30,000 Chinese characters of text). */
export const RICH_TEXT_MAX_CHARS = 100_000;

export const richTextMessages = {
  tooLong: `正文过长（最多 ${RICH_TEXT_MAX_CHARS.toLocaleString('en-US')} 个字符）`,
  empty: '正文不能为空',
} as const;

/** A rich-text body as a request field: a string within the limit (sanitised by the server). */
export const richTextHtml = z.string().max(RICH_TEXT_MAX_CHARS, richTextMessages.tooLong);

/** Content images (rich text, covers, tweets): stored at most this wide, re-encoded as WebP. */
export const CONTENT_IMAGE_MAX_WIDTH = 1600;
/** Largest content image file accepted, in bytes. */
export const CONTENT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** POST /api/uploads/image (multipart field `file`): a re-encoded public image. */
export const CONTENT_IMAGE_UPLOAD_PATH = '/api/uploads/image';
export const CONTENT_IMAGE_UPLOAD_URL = `${API_PREFIX}${CONTENT_IMAGE_UPLOAD_PATH}`;

export const contentImage = z.object({
  /** The stored file name, e.g. content-….webp; what other requests refer to. */
  name: z.string(),
  /** Where the browser loads it (under the public upload path). */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ContentImage = z.infer<typeof contentImage>;

/** Whether `src` points at one of our stored uploads (the only images rich text may show). */
export function isUploadUrl(src: string): boolean {
  if (!src.startsWith(UPLOAD_PATH)) return false;
  return /^[a-z0-9][a-z0-9.-]{0,120}$/.test(src.slice(UPLOAD_PATH.length));
}
