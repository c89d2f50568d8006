import { fieldLabel, messages } from '@psy/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, defaultMessageFor } from '../lib/errors';

const contextLabel: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

/**
 * Zod's generic messages get an invisible mark, so the handler can tell them from the
 * messages our schemas write themselves (请输入手机号...), which already say what is wrong.
 */
const GENERIC = '\u2063';
const zhCN = z.locales.zhCN().localeError;
z.config({
  localeError: (issue) => {
    const m = zhCN(issue);
    if (typeof m === 'string') return GENERIC + m;
    return m ? { ...m, message: GENERIC + m.message } : m;
  },
});

/** A Chinese message for a failed rule: our own messages as written, generic ones prefixed by the field's name. */
export function validationMessage(
  issue: { instancePath: string; message?: string | undefined },
  context?: string,
): string {
  const message = issue.message ?? `${GENERIC}格式不正确`;
  if (!message.startsWith(GENERIC)) return message;
  const path = issue.instancePath.split('/').filter(Boolean);
  const label = path.length ? fieldLabel(path) : (contextLabel[context ?? ''] ?? '请求参数');
  return `${label}：${message.slice(GENERIC.length)}`;
}

/** Fastify's own client errors (bad JSON, wrong content type...) in Chinese. */
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的内容类型',
  FST_ERR_CTP_BODY_TOO_LARGE: messages.tooLarge,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度不正确',
};

/** One error handler: every failure leaves as `{ status, data: null, message }`. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0]!;
      return reply.code(400).send({
        status: 400,
        data: null,
        message: validationMessage(first, err.validationContext),
      });
    }
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      if (err.status >= 500) req.log.error({ err }, 'service error');
      return reply.code(err.status).send({ status: err.status, data: null, message: err.message });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = fastifyCodes[err.code] ?? defaultMessageFor(status);
      return reply.code(status).send({ status, data: null, message });
    }
    // Anything else is our bug: log it whole, tell the client nothing about internals.
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ status: 500, data: null, message: messages.internal });
  });
}

/** Whether a request's value holds U+0000 anywhere (strings, arrays, objects; not buffers). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32 || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold NUL (U+0000): a search or a form with one failed as a 500 where
 * it reached a query. After validation (so a schema's own message for it, as the chat's, comes
 * first), any request whose query, path or body still holds one is refused with a 400 and
 * changes nothing.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    // In the query or the path a NUL can only have come written as %00 (the HTTP parser refuses
    // a raw one): most requests skip walking them.
    const inUrl = req.url.includes('%00') && (holdsNul(req.query) || holdsNul(req.params));
    if (inUrl || holdsNul(req.body))
      throw new AppError('BAD_REQUEST', '内容含有无法识别的字符（空字符），请删除后重试');
  });
}
