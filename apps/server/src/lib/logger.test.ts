import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger';

describe('redactUrl', () => {
  it('masks secrets in the query and phone numbers anywhere', () => {
    expect(redactUrl('/SysAdmin/api/dev/sms-outbox?telephone=13800000001')).toBe(
      '/SysAdmin/api/dev/sms-outbox?telephone=[REDACTED]',
    );
    expect(redactUrl('/a?x=1&token=abc&code=123456')).toBe('/a?x=1&token=[REDACTED]&code=[REDACTED]');
    expect(redactUrl('/api/user/13912345678/info')).toBe('/api/user/139****5678/info');
    expect(redactUrl('/api/order/123')).toBe('/api/order/123');
  });
});

describe('request logging', () => {
  it('never writes tokens, passwords or phone numbers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', stream) });
    app.post('/login', async (req) => {
      req.log.info({ body: req.body }, 'body seen');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/login?telephone=13800000001',
      headers: { serviceToken: 'secret-token-value', authorization: 'Bearer abc' },
      payload: { telephone: '13800000001', password: 'Demo@123456', code: '654321' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('body seen');
    expect(log).not.toContain('13800000001');
    expect(log).not.toContain('Demo@123456');
    expect(log).not.toContain('secret-token-value');
    expect(log).not.toContain('654321');
  });
});
