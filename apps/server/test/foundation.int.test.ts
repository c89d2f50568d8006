import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createTestContext, testDbKind, type TestContext } from './context';
import { DEMO, login } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    seed: true,
    beforeReady(app) {
      // Routes that exist only in this test, to drive the error handler.
      const r = app.withTypeProvider<ZodTypeProvider>();
      r.post(
        '/SysAdmin/api/__test/echo',
        {
          schema: {
            body: z.object({ telephone: z.string().regex(/^1\d{10}$/), pageSize: z.number().int() }),
          },
        },
        async (req) => ({ status: 200, data: req.body, message: 'ok' }),
      );
      r.get('/SysAdmin/api/__test/boom', async () => {
        throw new Error('connection string postgres://secret@db failed');
      });
    },
  });
});
afterAll(() => ctx.close());

describe(`foundation on ${testDbKind}`, () => {
  it('health tells anyone only up or down; the database and version only to an administrator', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: '操作成功', data: { ok: true } });

    const user = await ctx.app.inject({
      url: '/SysAdmin/api/health',
      headers: { serviceToken: await login(ctx.app, DEMO.user) },
    });
    expect(user.json().data).toEqual({ ok: true });
    const forged = await ctx.app.inject({
      url: '/SysAdmin/api/health',
      headers: { serviceToken: 'x'.repeat(43) },
    });
    expect(forged.json().data).toEqual({ ok: true });

    const admin = await ctx.app.inject({
      url: '/SysAdmin/api/health',
      headers: { serviceToken: await login(ctx.app, DEMO.admin) },
    });
    expect(admin.json().data).toMatchObject({ ok: true, database: testDbKind, version: expect.any(String) });
  });

  it('an unknown API path answers the 404 envelope', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, data: null, message: '接口不存在' });
  });

  it('a schema violation answers 400 naming the field in Chinese', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/__test/echo',
      payload: { telephone: '12', pageSize: 10 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.message).toMatch(/^手机号：/);

    const res2 = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/__test/echo',
      payload: { telephone: '13800000001', pageSize: 'ten' },
    });
    expect(res2.json().message).toMatch(/^每页条数：/);
  });

  it('malformed JSON answers 400 in Chinese', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"telephone": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, data: null, message: '请求体不是有效的 JSON' });
  });

  it('an oversized body answers 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/SysAdmin/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ telephone: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, data: null, message: '提交的内容过大' });
  });

  it('an unexpected error answers 500 without internals', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/__test/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, data: null, message: '服务器开小差了，请稍后再试' });
    expect(res.body).not.toContain('postgres://');
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const res = await ctx.app.inject('/SysAdmin/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const health = doc.paths['/SysAdmin/api/health'].get;
    expect(
      health.responses['200'].content['application/json'].schema.properties.data.properties.database.enum,
    ).toEqual(['pglite', 'postgres']);
    const ui = await ctx.app.inject('/SysAdmin/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    // The UI's own files come through the docs instance made on the first request (plugins/api-docs.ts).
    const css = await ctx.app.inject('/SysAdmin/docs/static/swagger-ui.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('.swagger-ui');
    const missing = await ctx.app.inject('/SysAdmin/docs/static/nothing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, data: null });
  });

  it('the home overview shows the seeded institutions and figures', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/home/overview');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.stats).toEqual({ institutions: 4, experts: 4, users: 9 });
    expect(data.institutions.map((i: { name: string }) => i.name)).toContain('北京心晴心理咨询中心');
    expect(data.hotlines[0]).toMatchObject({ number: '12356' });
  });

  it('site config carries the copyright and filing numbers', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/site/config');
    expect(res.json().data).toMatchObject({
      icp: expect.stringContaining('ICP'),
      psb: expect.stringContaining('公网安备'),
    });
  });
});
