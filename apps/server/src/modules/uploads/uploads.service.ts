import { CONTENT_IMAGE_MAX_WIDTH, UPLOAD_PATH, type ContentImage } from '@psy/contracts';
import crypto from 'node:crypto';
import { reencodeImage } from './images';
import type { Storage } from './storage';

/** Public images other domains show (rich-text images, covers, tweet pictures). */
export function createUploadsService({ storage }: { storage: Storage }) {
  return {
    /**
     * Re-encodes an uploaded image (at most `CONTENT_IMAGE_MAX_WIDTH` wide, WebP) and stores
     * it as a public file; the caller keeps the answered name.
     */
    async storeContentImage(data: Buffer, kind: 'content' | 'cover' = 'content'): Promise<ContentImage> {
      const image = await reencodeImage(data, {
        maxWidth: CONTENT_IMAGE_MAX_WIDTH,
        maxHeight: CONTENT_IMAGE_MAX_WIDTH * 4,
        fit: 'inside',
        quality: 82,
      });
      const name = `${kind}-${crypto.randomUUID()}.webp`;
      await storage.put(name, image.data);
      return { name, url: `${UPLOAD_PATH}${name}`, width: image.width, height: image.height };
    },

    /** Whether a name given by a client is a stored public file. */
    exists: (name: string) => storage.exists(name),
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
