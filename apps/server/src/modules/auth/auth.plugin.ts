import type { Role } from '@psy/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import type { SessionUser } from './session.service';
import type { RequestMeta } from './auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account; set by `authenticate`, null on public routes. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** onRequest: 401 unless a valid serviceToken is sent. */
    authenticate: onRequestAsyncHookHandler;
    /** onRequest for public routes that say more to a signed-in caller: a bad or missing token is a visitor. */
    identify: onRequestAsyncHookHandler;
    /** onRequest: 401 without a session, 403 无操作权限 for other roles. */
    requireRole(...roles: Role[]): onRequestAsyncHookHandler;
  }
}

/** The caller's signed-in account; routes behind `authenticate` always have one. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', '请先登录');
  return req.user;
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  const ua = req.headers['user-agent'];
  return { ip: req.ip ?? null, userAgent: typeof ua === 'string' ? ua : null };
}

/** OpenAPI marker for routes that need the serviceToken header. */
export const secured = [{ serviceToken: [] as string[] }];

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);

  const authenticate: onRequestAsyncHookHandler = async function (req) {
    const header = req.headers.servicetoken;
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError('UNAUTHORIZED', '请先登录');
    const user = await app.deps.services.sessions.resolve(token);
    if (!user) throw new AppError('UNAUTHORIZED', '登录已过期，请重新登录');
    req.user = user;
  };
  app.decorate('authenticate', authenticate);
  app.decorate('identify', async (req: FastifyRequest) => {
    const header = req.headers.servicetoken;
    const token = Array.isArray(header) ? header[0] : header;
    if (token) req.user = await app.deps.services.sessions.resolve(token);
  });

  app.decorate('requireRole', (...roles: Role[]): onRequestAsyncHookHandler => {
    return async function (req, reply) {
      await authenticate.call(this, req, reply);
      if (!roles.includes(req.user!.role)) throw new AppError('FORBIDDEN');
    };
  });
});
