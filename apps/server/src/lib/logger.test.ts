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

  it('masks the signature of signed chat-image URLs, keeping the id, variant and expiry', () => {
    const sig = 'a'.repeat(64);
    const id = '0b6f3c1e-8a3d-4c55-9d7e-1f2a3b4c5d6e';
    expect(redactUrl(`/SysAdmin/api/chat/image/${id}?v=full&exp=1790000000000&sig=${sig}`)).toBe(
      `/SysAdmin/api/chat/image/${id}?v=full&exp=1790000000000&sig=[REDACTED]`,
    );
    expect(redactUrl(`/SysAdmin/api/chat/image/${id}?sig=${sig}&v=thumb`)).toBe(
      `/SysAdmin/api/chat/image/${id}?sig=[REDACTED]&v=thumb`,
    );
    expect(redactUrl(`/x?SIG=${sig}#frag`)).toBe('/x?SIG=[REDACTED]#frag');
    // Only the whole parameter name counts.
    expect(redactUrl('/x?signal=1&design=2')).toBe('/x?signal=1&design=2');
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
    app.get('/chat/image/:id', async () => ({ ok: true }));
    const sig = 'f00dfeed'.repeat(8);
    await app.inject(`/chat/image/0b6f3c1e-8a3d-4c55-9d7e-1f2a3b4c5d6e?v=full&exp=1790000000000&sig=${sig}`);
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
    expect(log).toContain('sig=[REDACTED]');
    expect(log).not.toContain(sig);
  });
});
