import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { onFirstUse } from '../lib/on-first-use';

/** Response headers the relay does not copy: the app's own framing and compression set them. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI description and Swagger UI at `${prefix}/docs`, made on the first request for
 * them rather than at every start. Registering @fastify/swagger and @fastify/swagger-ui in the
 * app itself cost each start 0.25 to 0.45 s (their modules, the YAML library among them, and
 * their routes), on a production server too, for a page few requests ever open.
 *
 * The app records each route as it is added (method, address, schema); the first request under
 * `${prefix}/docs` builds a separate Fastify instance with both plugins and those routes (their
 * handlers never run: it only describes them) and every docs request is answered by it through
 * `inject`, so the answers are the plugins' own.
 */
export function registerApiDocs(
  app: FastifyInstance,
  opts: { prefix: string; swagger: FastifyDynamicSwaggerOptions },
): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD twins of GET routes are not documented (as @fastify/swagger leaves them out).
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (methods.length && !route.url.startsWith(`${opts.prefix}/docs`))
      routes.push({ ...route, method: methods });
  });

  const docsApp = onFirstUse(async () => {
    const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('fastify'),
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    const docs = Fastify({ logger: false, exposeHeadRoutes: false });
    // Only described, never called: no validation or serialisation is compiled.
    docs.setValidatorCompiler(() => () => true);
    docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await docs.register(swagger, opts.swagger);
    await docs.register(swaggerUi, { routePrefix: `${opts.prefix}/docs` });
    const describeOnly = () => {
      throw new Error('described only');
    };
    for (const r of routes)
      docs.route({
        method: r.method,
        url: r.url,
        ...(r.schema ? { schema: r.schema } : {}),
        ...(r.constraints ? { constraints: r.constraints } : {}),
        handler: describeOnly,
      });
    await docs.ready();
    return docs;
  });

  const relay = async (req: FastifyRequest, reply: FastifyReply) => {
    const docs = await docsApp();
    const res = await docs.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: { ...(req.headers['if-none-match'] ? { 'if-none-match': req.headers['if-none-match'] } : {}) },
    });
    // Nothing there: the app's own 404 (its Chinese message), not the docs instance's.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers))
      if (!HOP_HEADERS.has(name) && value !== undefined) void reply.header(name, value);
    return reply.code(res.statusCode).send(res.rawPayload);
  };
  const hidden = { schema: { hide: true } };
  app.get(`${opts.prefix}/docs`, hidden, relay);
  app.get(`${opts.prefix}/docs/*`, hidden, relay);
}
