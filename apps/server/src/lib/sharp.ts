import type sharpType from 'sharp';
import { onFirstUse } from './on-first-use';

/**
 * sharp (libvips), loaded on the first image: loading it costs a start about 0.1 to 0.15 s.
 * Each image gets one libvips thread: the upload semaphore decides how many run at once, so
 * image work takes at most two cores. Uploads never repeat, so libvips' operation cache would
 * only hold memory.
 */
export const loadSharp = onFirstUse(async (): Promise<typeof sharpType> => {
  const { default: sharp } = await import('sharp');
  sharp.concurrency(1);
  sharp.cache(false);
  return sharp;
});
