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
    return json;
  };
};
