import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { isSharedAnswer } from './catalogue-cache';

type Serialize = (payload: unknown) => string;

/**
 * The zod reply serializer (checks every answer against its route's response schema, then
 * stringifies it), made once per shared answer: an answer the catalogue cache hands to every
 * caller (`isSharedAnswer`) never changes, so its JSON for a route and message is kept beside it
 * (weakly: it goes when the cache lets the answer go). Every other answer is serialized as before.
 */
export const sharedAnswerSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const serialize = (serializerCompiler as FastifySerializerCompiler<unknown>)(route) as Serialize;
  const made = new WeakMap<object, Map<string, string>>();
  return (payload: unknown) => {
    const envelope = payload as { status?: unknown; message?: unknown; data?: unknown } | null;
    const data = envelope?.data;
    if (!isSharedAnswer(data) || Object.keys(envelope!).length !== 3) return serialize(payload);
    const key = `${String(envelope!.status)}\u0000${String(envelope!.message)}`;
    let byMessage = made.get(data);
    if (!byMessage) made.set(data, (byMessage = new Map()));
    let json = byMessage.get(key);
    if (json === undefined) {
      json = serialize(payload);
      byMessage.set(key, json);
    }
    remember(json);
    return json;
  };
};

/**
 * The JSON made for shared answers, newest last (a Map kept in insertion order): a shared
 * answer's JSON is the same string object every time it is sent, so its compressed bytes can be
 * made once too. Bounded: an answer let go by the cache ages out of here as new ones come.
 */
const sharedJson = new Map<string, { br?: Buffer; gzip?: Buffer }>();
const SHARED_JSON_MAX = 256;
let compressionsMade = 0;

/** How many shared answers have been compressed so far (tests read it). */
export const sharedCompressionsMade = (): number => compressionsMade;

function remember(json: string) {
  if (sharedJson.has(json)) return;
  sharedJson.set(json, {});
  if (sharedJson.size > SHARED_JSON_MAX) sharedJson.delete(sharedJson.keys().next().value!);
}

/** The encoding to send `accept` (an Accept-Encoding header) in: br, else gzip, else none. */
export function acceptedEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const q = new Map<string, number>();
  for (const part of accept.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name!, weight === undefined ? 1 : Number(weight));
  }
  const ok = (e: string) => (q.get(e) ?? q.get('*') ?? 0) > 0;
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : undefined;
}

/**
 * Sends a shared answer's JSON compressed from bytes made once (per encoding), instead of
 * compressing the same catalogue list again for every visitor: the whole list of institutions
 * at a million assessments is ~50 KB, and brotli made it the slowest part of answering it.
 * Registered before @fastify/compress, which leaves an answer that already has its encoding.
 */
export function compressSharedAnswers(
  app: FastifyInstance,
  opts: { threshold: number; brotliQuality: number; gzipLevel: number },
): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < opts.threshold) return payload;
    const made = sharedJson.get(payload);
    if (!made || reply.getHeader('content-encoding')) return payload;
    const encoding = acceptedEncoding(req.headers['accept-encoding']);
    if (!encoding) return payload;
    let bytes = made[encoding];
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(payload, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: opts.brotliQuality },
            })
          : zlib.gzipSync(payload, { level: opts.gzipLevel });
      made[encoding] = bytes;
      compressionsMade++;
    }
    const vary = reply.getHeader('vary');
    if (
      !String(vary ?? '')
        .toLowerCase()
        .includes('accept-encoding')
    )
      reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('content-encoding', encoding);
    reply.header('content-length', bytes.length);
    return bytes;
  });
}
