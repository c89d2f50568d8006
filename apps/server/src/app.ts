import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@psy/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { siteRoutes } from './modules/site/site.routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerWeb } from './plugins/web';
import { createServices, type Services } from './services';
import { APP_VERSION } from './version';

export interface AppDeps {
  config: Config;
  database: Database;
  services: Services;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Overrides the logger built from config (tests pass false or a capturing stream). */
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole platform as one Fastify instance; the caller owns the database. */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    // Client-supplied request ids would let callers forge log lines.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', { config, database, services: createServices({ config, database }) });
  registerErrorHandler(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: `${config.site.name} API`,
        version: APP_VERSION,
        description: '所有接口均位于 /SysAdmin 之下，返回 { status, data, message }。',
      },
      components: {
        securitySchemes: { serviceToken: { type: 'apiKey', in: 'header', name: 'serviceToken' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs` });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(homeRoutes);
      await api.register(siteRoutes);
    },
    { prefix: API_PREFIX },
  );

  await registerWeb(app, config.webDist);
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    return payload;
  });
  return app;
}
