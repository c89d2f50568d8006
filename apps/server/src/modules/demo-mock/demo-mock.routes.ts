import { messages } from '@psy/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { onFirstUse } from '../../lib/on-first-use';
import { createDemoAccounts } from './demo-accounts';
import { mockMessages, resultError, resultSuccess } from './envelope';
import { MockSyntaxError, parseMockJson } from './json-syntax';
import { regionChildren } from './regions';

/** The generated tables (faker's Chinese locale), loaded on the console's first list. */
const loadFakeData = onFirstUse(() => import('./fake-data'));

export interface DemoMockOptions {
  clock: Clock;
}

/** The original mock's delays: 200 ms on login and logout, 10 to 100 ms elsewhere. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const defaultDelay = () => sleep(10 + Math.floor(Math.random() * 91));
const AUTH_DELAY_MS = 200;

/** The token as the original reads it: the Authorization header, raw (a `Bearer ` prefix is also accepted). */
function requestToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return undefined;
  return raw.replace(/^Bearer\s+/i, '') || undefined;
}

/** Bodies arrive as text whatever their content type; the login parses them itself (see json-syntax). */
function readBody(body: unknown): unknown {
  if (typeof body !== 'string' || body === '') return {};
  return parseMockJson(body);
}

const hidden = { schema: { hide: true } };

/**
 * The demo console's mock API (spec sections 3, 7, 8, 9): its own envelope, its own fake users
 * and tokens in memory, generated data. Nothing here reads or writes the platform's database.
 * Registered at the root (not under /SysAdmin) when DEMO_CONSOLE is on.
 */
export async function demoMockRoutes(app: FastifyInstance, { clock }: DemoMockOptions): Promise<void> {
  const accounts = createDemoAccounts(clock);

  // Everything in this scope answers the mock's envelope, never the platform's.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof MockSyntaxError) return reply.send(resultError(err.message));
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.send(resultError(messages.tooLarge));
    // The platform's own refusals (refuseNulCharacters) carry `status`; Fastify's, `statusCode`.
    const status =
      err instanceof AppError ? err.status : typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status < 500) return reply.send(resultError(err.message));
    req.log.error({ err }, 'demo mock: unhandled error');
    return reply.code(500).send(resultError(messages.internal));
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  /** The user behind the request's token, or the failure to answer (message as the original). */
  const withUser = async (req: FastifyRequest, reply: FastifyReply) => {
    await defaultDelay();
    const token = requestToken(req);
    if (!token) return reply.send(resultError(mockMessages.tokenMissing));
    const user = accounts.byToken(token);
    if (!user) return reply.send(resultError(mockMessages.userNotFound));
    return reply.send(resultSuccess(user));
  };

  await app.register(
    async (v1) => {
      // Unknown /v1 paths answer the mock's 404, before the web app's history fallback can.
      v1.all('/*', hidden, async (_req, reply) => reply.code(404).send(resultError(messages.apiNotFound)));

      v1.post('/user/login', hidden, async (req) => {
        await sleep(AUTH_DELAY_MS);
        const body = readBody(req.body);
        const { username, password } = (body ?? {}) as { username?: unknown; password?: unknown };
        const user = accounts.login(username, password);
        return user ? resultSuccess(user) : resultError(mockMessages.loginFailed);
      });

      v1.get('/user/permission', hidden, withUser);
      v1.get('/account/info', hidden, withUser);

      v1.get('/user/logout', hidden, async (req) => {
        await sleep(AUTH_DELAY_MS);
        const token = requestToken(req);
        if (!token) return resultError(mockMessages.tokenMissing);
        if (!accounts.logout(token)) return resultError(mockMessages.logoutUnknown);
        return resultSuccess(null, mockMessages.loggedOut);
      });

      v1.get('/common/page_one/list', hidden, async () => {
        await defaultDelay();
        const list = (await loadFakeData()).demoData().common;
        return resultSuccess({ total: list.length, list });
      });

      v1.get('/home/info', hidden, async () => {
        await defaultDelay();
        return resultSuccess((await loadFakeData()).homeInfo(clock()));
      });

      v1.get('/home/list', hidden, async () => {
        await defaultDelay();
        const list = (await loadFakeData()).demoData().home;
        return resultSuccess({ total: list.length, list });
      });

      // Not in the original: the region table the console's forms choose from, one level at a time.
      v1.get<{ Querystring: { parent?: string } }>('/common/regions', hidden, async (req) => {
        await defaultDelay();
        const { parent } = req.query;
        const regions = parent === undefined || typeof parent === 'string' ? regionChildren(parent) : null;
        return regions ? resultSuccess(regions) : resultError(mockMessages.regionCode);
      });
    },
    { prefix: '/v1' },
  );

  app.get('/table/list', hidden, async () => {
    await defaultDelay();
    const list = (await loadFakeData()).demoData().table;
    return resultSuccess({ total: list.length, list });
  });
}
