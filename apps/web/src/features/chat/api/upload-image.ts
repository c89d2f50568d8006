import type { ChatImage } from '@psy/contracts';
import { CHAT_IMAGE_MAX_BYTES } from '@psy/contracts/constants';
import { IMAGE_TYPES, uploadFile } from '../../../lib/upload';

export const CHAT_IMAGE_TYPES: readonly string[] = IMAGE_TYPES;

/** Checked before uploading so a wrong file fails at once, with the server's own wording. */
export function chatImageProblem(file: File): string | null {
  if (!CHAT_IMAGE_TYPES.includes(file.type)) return '仅支持 JPG、PNG、WebP、GIF 格式的图片';
  if (file.size > CHAT_IMAGE_MAX_BYTES) return `图片不能超过 ${CHAT_IMAGE_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/** POST /api/chat/image (multipart field `file`) with upload progress. */
export function uploadChatImage(file: File, onProgress: (percent: number) => void): Promise<ChatImage> {
  return uploadFile<ChatImage>('/api/chat/image', file, { onProgress });
}
