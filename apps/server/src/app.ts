import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, STOMP_MAX_FRAME_BYTES, STOMP_PATH, UPLOAD_PATH } from '@psy/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { compressSharedAnswers, sharedAnswerSerializerCompiler } from './lib/shared-serializer';
import { createEventBus, type EventBus } from './lib/events';
import { loggerOptions } from './lib/logger';
import { registerApiDocs } from './plugins/api-docs';
import { authPlugin } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { hmacHex } from './lib/crypto';
import { assessmentsRoutes } from './modules/assessments/assessments.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { warningsRoutes } from './modules/warnings/warnings.routes';
import { statisticsRoutes } from './modules/statistics/statistics.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { coursesRoutes } from './modules/courses/courses.routes';
import { scalesRoutes } from './modules/scales/scales.routes';
import { createImageSigner, type ImageSigner } from './modules/chat/chat.presenter';
import { availabilityRoutes } from './modules/availability/availability.routes';
import { expertsRoutes } from './modules/experts/experts.routes';
import { institutionsRoutes } from './modules/institutions/institutions.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import type { PaymentProvider } from './modules/orders/payment-provider';
import { createSandboxProvider, type SandboxProvider } from './modules/orders/sandbox-provider';
import { startSweeper } from './sweeper';
import { chatRoutes } from './modules/chat/chat.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { createConsoleSmsProvider, type ConsoleSmsProvider } from './modules/auth/sms.provider';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { consultationsRoutes } from './modules/consultations/consultations.routes';
import { searchRoutes } from './modules/search/search.routes';
import { newsRoutes } from './modules/news/news.routes';
import { tweetsRoutes } from './modules/tweets/tweets.routes';
import { transfersRoutes } from './modules/transfers/transfers.routes';
import { agendaRoutes } from './modules/agenda/agenda.routes';
import { cooperationsRoutes } from './modules/cooperations/cooperations.routes';
import { sessionNotesRoutes } from './modules/session-notes/session-notes.routes';
import { recordsRoutes } from './modules/records/records.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { orgRoutes } from './modules/org/org.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { bannersRoutes } from './modules/banners/banners.routes';
import { loadAppSecret } from './modules/settings/settings.service';
import { siteRoutes } from './modules/site/site.routes';
import { createLocalStorage, type Storage } from './modules/uploads/storage';
import { createMemoryBroker, createRedisBroker } from './realtime/broker';
import { createHub, type Hub } from './realtime/hub';
import { attachStompServer, type StompServer } from './realtime/stomp-server';
import { usersRoutes } from './modules/users/users.routes';
import { demoMockRoutes } from './modules/demo-mock/demo-mock.routes';
import { refuseNulCharacters, registerErrorHandler } from './plugins/error-handler';
import { registerWeb } from './plugins/web';
import fastifyCompress from '@fastify/compress';
import zlib from 'node:zlib';
import { createServices, type Services } from './services';
import { APP_VERSION } from './version';

export interface AppDeps {
  config: Config;
  database: Database;
  services: Services;
  events: EventBus;
  clock: Clock;
  /** The console SMS provider's outbox (dev and tests only). */
  smsOutbox: ConsoleSmsProvider | null;
  hub: Hub;
  imageSigner: ImageSigner;
  /** Public files (avatars, covers) under /SysAdmin/file/upload/. */
  storage: Storage;
  privateStorage: Storage;
  sandbox: SandboxProvider;
  paymentProviders: Record<string, PaymentProvider>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The real-time socket server: `stomp.stats()` tells what it holds (tests, diagnostics). */
    stomp: StompServer;
  }
}

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Trusts the nearest `hops` proxies: hop 0 is the socket's peer, then X-Forwarded-For right to left. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Overrides the logger built from config (tests pass false or a capturing stream). */
  logger?: FastifyServerOptions['logger'];
  /** Tests move time with their own clock. */
  clock?: Clock;
}

/** Fastify's schema compiler factories (typed for Ajv-style compilers). */
type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Builds the whole platform as one Fastify instance; the caller owns the database. */
export async function buildApp({
  config,
  database,
  logger,
  clock = systemClock,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? loggerOptions(config.logLevel),
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Client-supplied request ids would let callers forge log lines.
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Every route validates and serialises with zod (these factories are the only compilers:
    // no `setValidatorCompiler` is needed on top), so Fastify's default compilers (Ajv,
    // fast-json-stringify) are never loaded: about 80 ms less at every start (issue 18).
    // (Fastify's types describe these factories for Ajv-style compilers; ours take zod schemas.)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
        buildSerializer: (() =>
          sharedAnswerSerializerCompiler) as unknown as CompilersFactory['buildSerializer'],
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  const events = createEventBus({
    db: database.db,
    clock,
    onError: (err, what) => app.log.error({ err }, `${what} failed`),
  });
  const secret = await loadAppSecret(database.db, config.appSecret);
  const sms = createConsoleSmsProvider({ print: config.env === 'development', now: clock });
  const storage = createLocalStorage(config.uploadDir);
  const privateStorage = createLocalStorage(config.privateDir);
  const broker = config.redisUrl
    ? await createRedisBroker(config.redisUrl, config.redisPrefix, (err) =>
        app.log.error({ err }, 'redis broker error'),
      )
    : createMemoryBroker();
  const hub = createHub(broker);
  const imageSigner = createImageSigner(secret, config.signedUrlTtlMs, clock);
  // The sandbox merchant key is derived from the app secret: stable across restarts and instances.
  const sandbox = createSandboxProvider({
    key: Buffer.from(hmacHex(secret, 'sandbox-merchant-key'), 'hex'),
    now: clock,
  });
  // The sandbox lets payers confirm their own payments: only outside production, or on purpose.
  const paymentProviders: Record<string, PaymentProvider> = config.paymentsSandbox ? { sandbox } : {};
  const services = createServices({
    config,
    database,
    clock,
    events,
    secret,
    sms,
    storage,
    privateStorage,
    hub,
    signer: imageSigner,
    paymentProviders,
  });
  app.decorate('deps', {
    config,
    database,
    services,
    events,
    clock,
    smsOutbox: config.env === 'production' ? null : sms,
    hub,
    imageSigner,
    storage,
    privateStorage,
    sandbox,
    paymentProviders,
  });
  // Logout, password change and reset end the user's live sockets too, on every instance.
  events.subscribe('sessions.revoked', ({ userId, sessionIds }, { afterCommit }) =>
    afterCommit(() => hub.closeUser(userId, sessionIds, '登录已失效')),
  );
  await events.start({ pollMs: config.outboxPollMs, listen: (c, f) => database.listen(c, f) });
  // The catalogue lists are cached only while this instance hears the writes that change them.
  await services.catalogue.start((c, f, l) => database.listen(c, f, l));
  // Sessions are trusted from memory only while this instance hears the writes that end them.
  await services.sessions.start((c, f, l) => database.listen(c, f, l));
  // A person's own lists too, each read after the database's barrier (lib/personal-cache.ts).
  await services.personal.start(
    (c, f, l) => database.listen(c, f, l),
    () => database.barrier(),
  );
  app.addHook('onClose', async () => {
    await events.stop();
    await services.catalogue.stop();
    await services.sessions.stop();
    await services.personal.stop();
  });

  const stomp = attachStompServer(app.server, {
    path: STOMP_PATH,
    hub,
    resolveSession: (token) => services.sessions.resolve(token),
    allowedOrigins: config.allowedOrigins,
    maxFrameBytes: STOMP_MAX_FRAME_BYTES,
    heartbeat: config.stompHeartbeat,
    ...config.stompLimits,
    log: app.log,
  });
  app.decorate('stomp', stomp);
  app.addHook('preClose', async () => {
    await stomp.close();
  });
  const sweeper = startSweeper(config.sweepIntervalMs, services, app.log, events);
  app.addHook('onClose', async () => {
    sweeper.stop();
    await broker.close();
  });
  registerErrorHandler(app);
  refuseNulCharacters(app);
  // Answers of 1 KB and more go out compressed when the client accepts it (brotli at a quality
  // cheap enough for every request, else gzip). Static files built with .br/.gz twins are served
  // precompressed by registerWeb instead; already compressed types (images, video, PDF, xlsx) never.
  // A catalogue answer served from memory is compressed once per encoding, not per request.
  compressSharedAnswers(app, { threshold: COMPRESS_THRESHOLD_BYTES, brotliQuality: 4, gzipLevel: 6 });
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  registerApiDocs(app, {
    prefix: API_PREFIX,
    swagger: {
      openapi: {
        info: {
          title: `${config.site.name} API`,
          version: APP_VERSION,
          description:
            '所有接口均位于 /SysAdmin 之下，返回 { status, data, message }；需要登录的接口在 serviceToken 请求头中携带令牌。',
        },
        components: {
          securitySchemes: { serviceToken: { type: 'apiKey', in: 'header', name: 'serviceToken' } },
        },
      },
      transform: jsonSchemaTransform,
    },
  });
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  await app.register(authPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(homeRoutes);
      await api.register(searchRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(chatRoutes);
      await api.register(notificationRoutes);
      await api.register(consultationsRoutes);
      await api.register(institutionsRoutes);
      await api.register(expertsRoutes);
      await api.register(availabilityRoutes);
      await api.register(bookingsRoutes);
      await api.register(ordersRoutes);
      await api.register(scalesRoutes);
      await api.register(plansRoutes);
      await api.register(assessmentsRoutes);
      await api.register(warningsRoutes);
      await api.register(reportsRoutes);
      await api.register(statisticsRoutes);
      await api.register(reviewRoutes);
      await api.register(uploadsRoutes);
      await api.register(coursesRoutes);
      await api.register(newsRoutes);
      await api.register(tweetsRoutes);
      await api.register(transfersRoutes);
      await api.register(agendaRoutes);
      await api.register(cooperationsRoutes);
      await api.register(sessionNotesRoutes);
      await api.register(recordsRoutes);
      await api.register(feedbackRoutes);
      await api.register(orgRoutes);
      await api.register(campaignsRoutes);
      await api.register(bannersRoutes);
    },
    { prefix: API_PREFIX },
  );

  // The demo console's mock API, at the root as the spec has it; its own fake users, no database.
  if (config.demoConsole) await app.register(demoMockRoutes, { clock });

  // Public uploads (avatars, covers); private files never live here.
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: UPLOAD_PATH,
    decorateReply: false,
    index: false,
    setHeaders(reply) {
      void reply.header('Cache-Control', 'public, max-age=604800');
      void reply.header('Content-Security-Policy', "default-src 'none'");
    },
  });

  await registerWeb(app, config.webDist, {
    siteName: config.site.name,
    cards: {
      '/news/detail': (id) => services.news.shareCard(id),
      '/course/detail': (id) => services.courses.shareCard(id),
      '/experts/detail': (id) => services.experts.shareCard(id),
    },
    firstBanner: async () => (await services.banners.shown())[0] ?? null,
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    return payload;
  });
  return app;
}
