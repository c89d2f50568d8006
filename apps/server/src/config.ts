import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  COURSE_VIDEO_MAX_BYTES,
  STOMP_CONNECT_TIMEOUT_MS,
  STOMP_IDLE_TIMEOUT_MS,
  STOMP_MAX_SOCKETS_PER_USER,
  STOMP_MAX_SUBSCRIPTIONS,
} from '@psy/contracts';
import { z } from 'zod';

/** The repository root, so relative defaults do not depend on the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_PREPARED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('apps/web/dist'),
  SEED: z
    .enum(['demo', 'none', 'true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => (['demo', 'true', '1', 'yes'].includes(v) ? 'demo' : 'none'))
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENTS_SANDBOX: bool.optional(),
  TRUST_PROXY: z
    .string()
    .transform((v) => v.trim())
    .pipe(
      z.union([
        z.enum(['false', '0', 'no', 'none']).transform(() => false as const),
        z
          .string()
          .regex(/^\d+$/)
          .transform(Number)
          .pipe(z.number().int().min(1, 'hop count must be 1-10').max(10, 'hop count must be 1-10')),
        z
          .string()
          .regex(
            /^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/,
            'must be a hop count (1-10) or a comma-separated list of proxy addresses or CIDR ranges',
          )
          .transform((v) => v.split(',').map((a) => a.trim())),
      ]),
    )
    .optional(),
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).default(1000),
  UPLOAD_DIR: z.string().min(1).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  PRIVATE_DIR: z.string().min(1).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]+$/)
    .default('psy'),
  ALLOWED_ORIGINS: z.string().default(''),
  STOMP_HEARTBEAT_SEND_MS: z.coerce.number().int().min(0).default(10_000),
  STOMP_HEARTBEAT_EXPECT_MS: z.coerce.number().int().min(0).default(10_000),
  STOMP_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(1000).default(STOMP_MAX_SUBSCRIPTIONS),
  STOMP_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1000).default(STOMP_MAX_SOCKETS_PER_USER),
  STOMP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(STOMP_IDLE_TIMEOUT_MS),
  STOMP_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(STOMP_CONNECT_TIMEOUT_MS),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  COURSE_VIDEO_MAX_MB: z.coerce
    .number()
    .min(0.01)
    .max(4096)
    .default(COURSE_VIDEO_MAX_BYTES / 1024 / 1024),
  BOOKING_HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(15),
  CANCEL_DEADLINE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(24),
  WARNING_ESCALATE_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(24),
  /** How long the statistics dashboards keep a figure (0: never cached). */
  STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /**
   * The longest a public catalogue list is served from memory (0: never cached). Writes drop it
   * at once (lib/catalogue-cache.ts); this bounds only what no write announces (time passing).
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * The longest a person's own list (bookings, chats, assessments) is served from memory (0:
   * never). Every write concerning the account drops it, on every instance, before the next
   * read (lib/personal-cache.ts); this bounds only time passing.
   */
  PERSONAL_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * The longest a signed-in session is trusted from memory (0: read on every request). Whatever
   * ends a session drops it at once (modules/auth/session-cache.ts); this bounds only another
   * instance's touch of last_seen_at, and an idle verdict is always checked in the database.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  SMS_PROVIDER: z.enum(['console']).default('console'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10000),
  SITE_NAME: z.string().default('心理测评与咨询平台'),
  SITE_COPYRIGHT: z.string().default('© 2026 心理测评与咨询平台 版权所有'),
  SITE_ICP: z.string().default('京ICP备2026000000号-1'),
  SITE_PSB: z.string().default('京公网安备11010802000000号'),
  DEMO_CONSOLE: bool.default(true),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute PGlite data directory, or 'memory://' for throw-away databases. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** Run repeated queries as named statements on PostgreSQL; off behind PgBouncer in transaction mode. */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  /** Namespace of this deployment's Redis channels and keys. */
  redisPrefix: string;
  logLevel: string;
  webDist: string;
  /** 'demo' adds the demo accounts and content where missing; never in production. */
  seed: 'demo' | 'none';
  /** Whether the built-in sandbox payment provider and its cashier exist (never by default in production). */
  paymentsSandbox: boolean;
  /** Which proxies' X-Forwarded-* headers to believe: none (false), a hop count, or addresses. */
  trustProxy: false | number | string[];
  /** How often the outbox is polled for retries and events a crash left undelivered; 0 = only on commit. */
  outboxPollMs: number;
  /** Key for HMACs; when unset one is generated and kept in the database. */
  appSecret: string | undefined;
  /** Where public uploads (avatars, covers) are written. */
  uploadDir: string;
  /** Private files (chat images, reports): never served without a signed URL. */
  privateDir: string;
  /** Origins besides the page's own that may open the real-time socket. */
  allowedOrigins: string[];
  stompHeartbeat: { send: number; expect: number };
  /** Per-socket and per-user limits of the STOMP server (see packages/contracts/src/chat.ts). */
  stompLimits: {
    maxSubscriptions: number;
    maxSocketsPerUser: number;
    idleTimeoutMs: number;
    connectTimeoutMs: number;
  };
  signedUrlTtlMs: number;
  /** Largest lesson video an expert may upload. */
  courseVideoMaxBytes: number;
  session: { idleMs: number; absoluteMs: number; cacheMs: number };
  booking: { holdMs: number; cancelDeadlineMs: number };
  /** How often expired holds, unpaid orders and reminders are swept; 0 turns the sweeper off (tests). */
  sweepIntervalMs: number;
  /** A pending warning nobody has picked up goes to the auditors after this long. */
  warningEscalateMs: number;
  /** How long a dashboard figure is served from memory (per scope and filter). */
  statsCacheMs: number;
  /** How long a public catalogue list may be served from memory while no write changes it. */
  catalogueCacheMs: number;
  personalCacheMs: number;
  smsProvider: 'console';
  shutdownTimeoutMs: number;
  site: { name: string; copyright: string; icp: string; psb: string };
  /** The demo management console's mock API (/v1/*, /table/list): fake users, generated data, no database. */
  demoConsole: boolean;
}

/** Example values from the documentation, and secrets with too little variety to be random. */
const KNOWN_EXAMPLE_SECRETS = new Set([
  'change-me-to-a-long-random-secret-of-32-or-more-characters',
  'please-change-this-secret-please-change-this-secret',
]);
export function isWeakSecret(secret: string): boolean {
  if (KNOWN_EXAMPLE_SECRETS.has(secret)) return true;
  if (/change.?me|example|secret|password|demo|123456/i.test(secret)) return true;
  return new Set(secret).size < 12;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from environment variables; throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", the way shells and .env files usually write it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`,
      ),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production) {
    if (!e.APP_SECRET)
      problems.push(
        'APP_SECRET: required in production (at least 32 random characters, e.g. `openssl rand -base64 48`)',
      );
    else if (isWeakSecret(e.APP_SECRET))
      problems.push('APP_SECRET: is a published example or too simple; set at least 32 random characters');
    if (e.SEED === 'demo')
      problems.push('SEED: demo data (with its published passwords) is never seeded in production');
  }
  if (problems.length) throw new ConfigError(problems);
  const resolve = (p: string) => (path.isAbsolute(p) || p.includes('://') ? p : path.resolve(repoRoot, p));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    logLevel: e.LOG_LEVEL,
    webDist: resolve(e.WEB_DIST),
    seed: e.SEED ?? (production ? 'none' : 'demo'),
    paymentsSandbox: e.PAYMENTS_SANDBOX ?? !production,
    trustProxy: e.TRUST_PROXY ?? false,
    outboxPollMs: e.OUTBOX_POLL_MS,
    appSecret: e.APP_SECRET,
    uploadDir: e.UPLOAD_DIR
      ? resolve(e.UPLOAD_DIR)
      : resolve(e.DATA_DIR).includes('://')
        ? path.join(os.tmpdir(), 'psy-uploads')
        : path.join(resolve(e.DATA_DIR), 'uploads'),
    privateDir: e.PRIVATE_DIR
      ? resolve(e.PRIVATE_DIR)
      : resolve(e.DATA_DIR).includes('://')
        ? path.join(os.tmpdir(), 'psy-private')
        : path.join(resolve(e.DATA_DIR), 'private'),
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    stompHeartbeat: { send: e.STOMP_HEARTBEAT_SEND_MS, expect: e.STOMP_HEARTBEAT_EXPECT_MS },
    stompLimits: {
      maxSubscriptions: e.STOMP_MAX_SUBSCRIPTIONS,
      maxSocketsPerUser: e.STOMP_MAX_SOCKETS_PER_USER,
      idleTimeoutMs: e.STOMP_IDLE_TIMEOUT_MS,
      connectTimeoutMs: e.STOMP_CONNECT_TIMEOUT_MS,
    },
    signedUrlTtlMs: e.SIGNED_URL_TTL_SECONDS * 1000,
    courseVideoMaxBytes: Math.round(e.COURSE_VIDEO_MAX_MB * 1024 * 1024),
    booking: {
      holdMs: e.BOOKING_HOLD_MINUTES * 60_000,
      cancelDeadlineMs: e.CANCEL_DEADLINE_HOURS * 3_600_000,
    },
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    warningEscalateMs: e.WARNING_ESCALATE_HOURS * 3_600_000,
    statsCacheMs: e.STATS_CACHE_SECONDS * 1000,
    catalogueCacheMs: e.CATALOGUE_CACHE_SECONDS * 1000,
    personalCacheMs: e.PERSONAL_CACHE_SECONDS * 1000,
    session: {
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: e.SESSION_ABSOLUTE_DAYS * 86_400_000,
      cacheMs: e.SESSION_CACHE_SECONDS * 1000,
    },
    smsProvider: e.SMS_PROVIDER,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    site: { name: e.SITE_NAME, copyright: e.SITE_COPYRIGHT, icp: e.SITE_ICP, psb: e.SITE_PSB },
    demoConsole: e.DEMO_CONSOLE,
  };
}
