import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters whose values are secrets: credentials, codes, and URL signatures (`sig` of signed chat-image URLs). */
const SECRET_QUERY = /([?&](?:token|serviceToken|password|code|telephone|phone|sig|sign|signature)=)[^&#]*/gi;
const PHONE = /(?<!\d)(1\d{2})\d{4}(\d{4})(?!\d)/g;

/** Removes secrets and phone numbers from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]').replace(PHONE, '$1****$2');
}

/**
 * Pino options for Fastify: request logs carry method, masked URL and IP only, and
 * any field that may hold a secret or a phone number is censored wherever it appears.
 */
export function loggerOptions(level: string, stream?: DestinationStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.servicetoken',
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.servicetoken',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.serviceToken',
        '*.code',
        '*.telephone',
        '*.phone',
        'password',
        'token',
        'telephone',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: redactUrl(req.url), ip: req.ip ?? req.socket?.remoteAddress };
      },
    },
  };
}
