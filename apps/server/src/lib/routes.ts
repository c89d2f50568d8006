import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';

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
