import { createReadStream } from 'node:fs';
import { courseMessages } from '@psy/contracts';
import type { Movie } from 'mp4box';
import { AppError } from '../../lib/errors';
import { onFirstUse } from '../../lib/on-first-use';

/** mp4box, loaded on the first video (a start need not pay for it). */
const loadMp4box = onFirstUse(async () => {
  const mp4box = await import('mp4box');
  // The parser's warnings about unknown boxes are not ours to print; errors end the probe anyway.
  mp4box.Log.setLogLevel(mp4box.Log.error);
  return mp4box;
});

/** What a lesson video's own bytes say about it. */
export interface VideoFacts {
  container: 'mp4' | 'mov';
  durationSec: number;
  width: number | null;
  height: number | null;
}

/** ISO base media files start with one of these boxes (after a 4-byte size). */
const FIRST_BOXES = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/**
 * Whether the first bytes look like an MP4/MOV file: cheap, read while the upload streams
 * in, so a renamed .exe is refused before it is stored.
 */
export function looksLikeIsoMedia(head: Buffer): boolean {
  if (head.length < 8) return false;
  return FIRST_BOXES.has(head.subarray(4, 8).toString('latin1'));
}

/**
 * Reads the container and duration from the file with mp4box (GPAC's ISO BMFF parser),
 * streaming it in chunks; mdat payloads are not kept. Anything that is not an MP4/MOV with a
 * video track and a duration is a 400 with a clear message.
 */
export async function probeVideo(path: string): Promise<VideoFacts> {
  const { createFile, MP4BoxBuffer } = await loadMp4box();
  const file = createFile(false);
  let movie: Movie | null = null;
  let parseError: string | null = null;
  file.onReady = (info) => {
    movie = info;
  };
  file.onError = (_module, message) => {
    parseError = message;
  };
  let offset = 0;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      const buf = chunk as Buffer;
      const ab = MP4BoxBuffer.fromArrayBuffer(
        buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength),
        offset,
      );
      offset += buf.byteLength;
      file.appendBuffer(ab);
      if (movie || parseError) break;
    }
    file.flush();
  } catch {
    throw new AppError('BAD_REQUEST', courseMessages.notAVideo);
  }
  const info = movie as Movie | null;
  if (!info || parseError) throw new AppError('BAD_REQUEST', courseMessages.notAVideo);
  const video = info.videoTracks[0];
  if (!video) throw new AppError('BAD_REQUEST', courseMessages.noVideoTrack);
  const durationSec = info.timescale > 0 ? info.duration / info.timescale : 0;
  if (!Number.isFinite(durationSec) || durationSec <= 0)
    throw new AppError('BAD_REQUEST', courseMessages.noDuration);
  const brands = info.brands.map((b) => b.trim());
  return {
    container: brands.includes('qt') ? 'mov' : 'mp4',
    durationSec: Math.round(durationSec * 1000) / 1000,
    width: video.video?.width ?? null,
    height: video.video?.height ?? null,
  };
}
