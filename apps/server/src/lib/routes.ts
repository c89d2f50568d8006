import { envelope } from '@psy/contracts';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A Fastify instance whose routes take zod schemas. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * One audience's routes (signed-in users, experts, staff…) in their own encapsulated scope
 * behind one onRequest hook, as fastify/demo's autohooks do: the role check is written once
 * for the group and cannot be forgotten on a route added to it later.
 */
export function audience(
  app: FastifyInstance,
  hook: onRequestAsyncHookHandler,
  routes: (scope: ZodApp) => void | Promise<void>,
) {
  return app.register(async (scope) => {
    scope.addHook('onRequest', hook);
    await routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}

type Schema = z.ZodType;

/** What a route declares: its path parameters, query string, body, and the `data` of its 200 envelope. */
export interface RouteParts {
  params?: Schema;
  query?: Schema;
  body?: Schema;
  reply?: Schema;
}

type Part<P, K extends string> = P extends { [k in K]: infer S extends Schema } ? S : undefined;

/** The Fastify route options `describe(...)` builds: exactly the `schema` a route would write by hand. */
export interface RouteDoc<P extends RouteParts> {
  schema: {
    tags: string[];
    summary: string;
    security?: Security;
    params: Part<P, 'params'>;
    querystring: Part<P, 'query'>;
    body: Part<P, 'body'>;
    response: P extends { reply: infer R extends Schema }
      ? { 200: ReturnType<typeof envelope<R>> }
      : undefined;
  };
}

type Security = { [scheme: string]: string[] }[];

/** What an upload route declares: its query string, the `data` of its 200 envelope, and a request size cap. */
export interface UploadParts {
  query?: Schema;
  reply: Schema;
  /** Only where the file may be larger than Fastify's default request size. */
  bodyLimit?: number;
}

/** What a download route declares: its path parameters and query string, the file's types and what it is. */
export interface DownloadParts {
  params?: Schema;
  query?: Schema;
  types: string[];
  /** The 200 answer's description, e.g. `PDF 文件（application/pdf）`. */
  file: string;
}

/**
 * One group's route documentation in one line a route: `describe({ tags, security })` answers
 * `doc(summary, { params, query, body, reply })`, the route options with the zod schemas that
 * validate the request, type the handler and fill the OpenAPI document (`reply` is wrapped in
 * the `{ status, data, message }` envelope). Parts left out are left out of the schema.
 *
 * Two kinds of route carry what zod does not describe, and get their own form:
 * `doc.upload(summary, { query, reply, bodyLimit })` takes a multipart file in the field `file`
 * that the handler reads itself; `doc.download(summary, { params, query, types, file })` answers
 * 200 with a file instead of an envelope.
 */
export function describe(base: { tags: string[]; security?: Security }) {
  /** The schema's common head: tags, summary and, for a secured group, its security. */
  const head = (summary: string) => {
    const schema: Record<string, unknown> = { tags: base.tags, summary };
    if (base.security) schema.security = base.security;
    return schema;
  };
  const doc = <P extends RouteParts = object>(summary: string, parts: P = {} as P): RouteDoc<P> => {
    const schema = head(summary);
    if (parts.params) schema.params = parts.params;
    if (parts.query) schema.querystring = parts.query;
    if (parts.body) schema.body = parts.body;
    if (parts.reply) schema.response = { 200: envelope(parts.reply) };
    return { schema } as unknown as RouteDoc<P>;
  };
  const upload = <P extends UploadParts>(summary: string, parts: P) => {
    const schema = head(summary);
    schema.consumes = ['multipart/form-data'];
    if (parts.query) schema.querystring = parts.query;
    schema.response = { 200: envelope(parts.reply) };
    return (parts.bodyLimit === undefined
      ? { schema }
      : { schema, bodyLimit: parts.bodyLimit }) as unknown as {
      schema: { querystring: Part<P, 'query'>; response: { 200: ReturnType<typeof envelope<P['reply']>> } };
      bodyLimit?: number;
    };
  };
  const download = <P extends DownloadParts>(summary: string, parts: P) => {
    const schema = head(summary);
    if (parts.params) schema.params = parts.params;
    if (parts.query) schema.querystring = parts.query;
    schema.produces = parts.types;
    schema.response = { 200: z.any().describe(parts.file) };
    return { schema } as unknown as { schema: { params: Part<P, 'params'>; querystring: Part<P, 'query'> } };
  };
  return Object.assign(doc, { upload, download });
}
