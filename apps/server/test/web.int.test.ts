import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>app-shell</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers index.html for any page path (history mode)', async () => {
    for (const url of ['/', '/sys/home', '/test/detail?id=3', '/expert/paper/list']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('app-shell');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets with long-lived caching', async () => {
    const res = await ctx.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject('/logo.svg')).statusCode).toBe(200);
  });

  it('a missing asset is a 404, not the app shell', async () => {
    const res = await ctx.app.inject('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('app-shell');
  });

  it('API paths never fall back to the app shell', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/unknown/path');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, data: null, message: '接口不存在' });
    const post = await ctx.app.inject({ method: 'POST', url: '/sys/home' });
    expect(post.statusCode).toBe(404);
  });
});
