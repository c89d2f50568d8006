import sharp from 'sharp';
import { AppError } from '../../lib/errors';

/** Formats accepted on upload, recognised by their content, not by name or MIME type. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif']);
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
}

/**
 * Decodes an uploaded image and encodes a new one: the original bytes (and any EXIF,
 * GPS or payload hidden in them) never reach storage. Orientation is applied first.
 */
export async function reencodeImage(
  input: Buffer,
  opts: { maxWidth: number; maxHeight: number; fit: 'cover' | 'inside'; quality?: number },
): Promise<ProcessedImage> {
  let format: string | undefined;
  try {
    // Reading the header decodes no pixels, so the size check comes before any decoding.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new AppError('TOO_LARGE', '图片像素过大，请上传 4000 万像素以内的图片');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', '无法识别的图片，请上传 JPG、PNG、WebP 或 GIF 格式');
  }
  if (!format || !ACCEPTED.has(format)) {
    throw new AppError('BAD_REQUEST', '不支持的图片格式，请上传 JPG、PNG、WebP 或 GIF 格式');
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(opts.maxWidth, opts.maxHeight, { fit: opts.fit, withoutEnlargement: opts.fit === 'inside' })
      .webp({ quality: opts.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, format: 'webp' };
  } catch {
    throw new AppError('BAD_REQUEST', '图片已损坏，无法处理，请换一张图片');
  }
}
