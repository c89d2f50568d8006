import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../src/modules/banners/banners.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { uploadContentImage } from './content';
import { call, DEMO, login } from './helpers';

let ctx: TestContext;
let dist: string;
const BIG_JS = Array.from({ length: 400 }, (_, i) => `export const item${i} = "第${i}项";`).join('\n');

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    [
      '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />',
      '<meta name="description" content="generic-description" />',
      '<title>app-shell</title></head><body><div id="root"><div class="boot-header"></div><!--first-screen--></div></body></html>',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's manifest (which chunks each route loads, for bench/bundle.ts) is not for clients.
  fs.mkdirSync(path.join(dist, '.vite'));
  // Each page's own chunks, as apps/web/route-preloads.ts writes them.
  fs.writeFileSync(
    path.join(dist, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/sys/home': ['/assets/home-page-a1.js', '/assets/card-b2.js'],
      '/': ['/assets/home-page-a1.js', '/assets/card-b2.js'],
      '/app/expert': ['/assets/expert-list-c3.js', '"><script>alert(1)</script>'],
    }),
  );
  // Static first screens, as apps/web/src/lib/first-screens.ts gives them to the build.
  fs.writeFileSync(
    path.join(dist, '.vite', 'first-screens.json'),
    JSON.stringify({
      screens: {
        '/app/website': '<section data-first-screen><h2>测评中心</h2></section>',
        '/sys/home': '<section data-first-screen>home</section><!--first-banner-->',
        '/app/news': 42,
      },
      banner: { mark: '<!--first-banner-->', html: '<img src="{src}" alt="{title}">' },
    }),
  );
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    '{"src/main.tsx":{"file":"assets/index-abc123.js"}}',
  );
  // A built chunk with the twins the build writes (apps/web/precompress.ts).
  const big = path.join(dist, 'assets', 'antd-big123.js');
  fs.writeFileSync(big, BIG_JS);
  fs.writeFileSync(`${big}.br`, zlib.brotliCompressSync(BIG_JS));
  fs.writeFileSync(`${big}.gz`, zlib.gzipSync(BIG_JS));
  ctx = await createTestContext({ env: { WEB_DIST: dist }, seed: true });
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

  it("names each page's own chunks as module preloads in its shell, and only its own", async () => {
    const preloads = async (url: string) =>
      [...(await ctx.app.inject(url)).body.matchAll(/<link data-modulepreload href="([^"]+)">/g)].map(
        (m) => m[1],
      );
    expect(await preloads('/sys/home')).toEqual(['/assets/home-page-a1.js', '/assets/card-b2.js']);
    expect(await preloads('/sys/home/')).toEqual(['/assets/home-page-a1.js', '/assets/card-b2.js']);
    expect(await preloads('/')).toEqual(['/assets/home-page-a1.js', '/assets/card-b2.js']);
    // Only asset file names are written into the page.
    expect(await preloads('/app/expert?keyword=a')).toEqual(['/assets/expert-list-c3.js']);
    expect((await ctx.app.inject('/app/expert')).body).not.toContain('alert(1)');
    // A page the build did not map gets the plain shell.
    expect(await preloads('/expert/paper/list')).toEqual([]);
    expect((await ctx.app.inject('/expert/paper/list')).body).toContain('app-shell');
  });

  it("puts a page's static first screen after the static header, on its own path only", async () => {
    const root = async (url: string) =>
      /<div id="root">(.*)<\/div><\/body>/.exec((await ctx.app.inject(url)).body)?.[1];
    expect(await root('/app/website')).toBe(
      '<div class="boot-header"></div><section data-first-screen><h2>测评中心</h2></section>',
    );
    expect(await root('/app/website?keyword=焦虑')).toContain('<h2>测评中心</h2>');
    // Other pages keep the mark (a comment, painted as nothing); a value that is not markup is ignored.
    for (const url of ['/', '/app/expert', '/app/news', '/expert/paper/list'])
      expect(await root(url), url).toBe('<div class="boot-header"></div><!--first-screen-->');
  });

  it("paints the home carousel's first banner with the home page's first screen, as it is now", async () => {
    const root = async () =>
      /<div id="root">(.*)<\/div><\/body>/.exec((await ctx.app.inject('/sys/home')).body)?.[1];
    const shown = (await call(ctx.app, 'GET', '/api/banner/list')).body.data as {
      id: number;
      image: string;
      title: string;
    }[];
    expect(shown.length).toBeGreaterThan(0);
    expect(await root()).toBe(
      `<div class="boot-header"></div><section data-first-screen>home</section><img src="/SysAdmin/file/upload/${shown[0]!.image}" alt="${shown[0]!.title}">`,
    );
    // A title is text in the page, whatever it holds.
    const db = ctx.database.db;
    const [first] = await db.select().from(banners).where(eq(banners.id, shown[0]!.id));
    await db.update(banners).set({ title: `<b>特惠</b> $& $' 名额` }).where(eq(banners.id, first!.id));
    expect(await root()).toContain(`alt="&lt;b&gt;特惠&lt;/b&gt; $&amp; $&#39; 名额">`);
    await db.update(banners).set({ title: first!.title }).where(eq(banners.id, first!.id));
    // The picture is asked for first, ahead of the scripts.
    const preload = `<head><link rel="preload" as="image" fetchpriority="high" href="/SysAdmin/file/upload/${shown[0]!.image}">`;
    expect((await ctx.app.inject('/sys/home')).body).toContain(preload);
    // A change shows on the next page load; with no banner shown, nothing is painted.
    const enabled = await db.select({ id: banners.id }).from(banners).where(eq(banners.enabled, true));
    await db.update(banners).set({ enabled: false });
    expect(await root()).toBe('<div class="boot-header"></div><section data-first-screen>home</section>');
    expect((await ctx.app.inject('/sys/home')).body).not.toContain('rel="preload" as="image"');
    await db
      .update(banners)
      .set({ enabled: true })
      .where(
        inArray(
          banners.id,
          enabled.map((b) => b.id),
        ),
      );
    expect(await root()).toContain(`/SysAdmin/file/upload/${shown[0]!.image}`);
  });

  it('serves built assets with long-lived caching', async () => {
    const res = await ctx.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('console.log');
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await ctx.app.inject('/logo.svg')).statusCode).toBe(200);
  });

  it('sends the precompressed twin the client accepts, the plain file to others', async () => {
    const url = '/assets/antd-big123.js';
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.rawPayload.length).toBeLessThan(BIG_JS.length / 4);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await ctx.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses API answers of 1 KB and more, and leaves small ones as they are', async () => {
    const url = '/SysAdmin/api/scale/list?pageSize=50';
    const plain = await ctx.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    const small = await ctx.app.inject({ url: '/SysAdmin/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('a missing asset is a 404, not the app shell', async () => {
    const res = await ctx.app.inject('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('app-shell');
  });

  it("the build's own files (dist/.vite, any dot path) are not served", async () => {
    for (const url of ['/.vite/manifest.json', '/.vite/manifest.json.gz', '/assets/../.vite/manifest.json']) {
      const res = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('src/main.tsx');
    }
    expect((await ctx.app.inject('/assets/index-abc123.js')).statusCode).toBe(200);
  });

  it('API paths never fall back to the app shell', async () => {
    const res = await ctx.app.inject('/SysAdmin/api/unknown/path');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, data: null, message: '接口不存在' });
    const post = await ctx.app.inject({ method: 'POST', url: '/sys/home' });
    expect(post.statusCode).toBe(404);
  });
});

describe(`share metadata in the served page on ${testDbKind}`, () => {
  const SITE = '心理测评与咨询平台';
  let auditor: string;
  let cover: string;

  beforeAll(async () => {
    auditor = await login(ctx.app, DEMO.auditor);
    cover = (await uploadContentImage(ctx.app, auditor)).name;
  });

  async function article(title: string, summary: string, publish: boolean) {
    const made = await call(ctx.app, 'POST', '/api/audit/news', {
      token: auditor,
      body: { title, summary, category: 'science', cover, body: '<p>正文</p>' },
    });
    expect(made.status, made.body.message).toBe(200);
    const id = made.body.data.id as number;
    if (publish) {
      const r = await call(ctx.app, 'POST', `/api/audit/news/${id}/publish`, { token: auditor, body: {} });
      expect(r.status, r.body.message).toBe(200);
    }
    return id;
  }

  const page = async (url: string) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res.body;
  };
  const titleOf = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  const metaOf = (html: string, key: string) =>
    [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g)]
      .filter((m) => m[1] === key)
      .map((m) => m[2]);

  it("a published article's page carries its title, description and picture", async () => {
    const id = await article('春季情绪调适指南', '换季时情绪起伏很常见，这里有五个小方法。', true);
    const views = async () => (await call(ctx.app, 'GET', '/api/news/list?pageSize=100')).body.data.list;
    const before = (await views()).find((a: { id: number }) => a.id === id).views;
    const html = await page(`/news/detail?id=${id}`);
    expect(titleOf(html)).toBe(`春季情绪调适指南 - ${SITE}`);
    expect(metaOf(html, 'description')).toEqual(['换季时情绪起伏很常见，这里有五个小方法。']);
    expect(metaOf(html, 'og:title')).toEqual(['春季情绪调适指南']);
    expect(metaOf(html, 'og:description')).toEqual(['换季时情绪起伏很常见，这里有五个小方法。']);
    expect(metaOf(html, 'og:image')).toEqual([`/SysAdmin/file/upload/${cover}`]);
    expect(metaOf(html, 'og:type')).toEqual(['article']);
    // The rest of the shell is untouched, and serving the page counts no reading.
    expect(html).toContain('<div id="root"><div class="boot-header"></div><!--first-screen--></div>');
    expect(html).not.toContain('generic-description');
    expect((await views()).find((a: { id: number }) => a.id === id).views).toBe(before);
  });

  it('escapes what the title and description hold', async () => {
    const id = await article(
      '<script>alert(1)</script> & "引号"',
      '摘要里有 <img src=x onerror=alert(2)> 标签',
      true,
    );
    const html = await page(`/news/detail?id=${id}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(titleOf(html)).toBe(`&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;引号&quot; - ${SITE}`);
    expect(metaOf(html, 'og:title')).toEqual([
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;引号&quot;',
    ]);
    expect(metaOf(html, 'description')).toEqual(['摘要里有 &lt;img src=x onerror=alert(2)&gt; 标签']);
  });

  it('a draft, an unknown or a malformed id gets the generic page', async () => {
    const draft = await article('尚未发布的草稿', '这篇还没有发布。', false);
    for (const url of [
      `/news/detail?id=${draft}`,
      '/news/detail?id=999999',
      '/news/detail?id=abc',
      '/news/detail?id=99999999999',
      '/news/detail',
      '/course/detail?id=999999',
      '/experts/detail?id=999999',
    ]) {
      const html = await page(url);
      expect(titleOf(html), url).toBe('app-shell');
      expect(metaOf(html, 'description'), url).toEqual(['generic-description']);
      expect(metaOf(html, 'og:title'), url).toEqual([]);
    }
  });

  it("a public course's and an expert's pages carry theirs", async () => {
    const courses = (await call(ctx.app, 'GET', '/api/course/list?pageSize=1')).body.data.list;
    expect(courses.length).toBe(1);
    const course = await page(`/course/detail?id=${courses[0].id}`);
    expect(titleOf(course)).toBe(`${courses[0].title} - ${SITE}`);
    expect(metaOf(course, 'og:title')).toEqual([courses[0].title]);
    const detail = (await call(ctx.app, 'GET', `/api/course/detail/${courses[0].id}`)).body.data;
    expect(detail.summary.length).toBeGreaterThan(20);
    expect(metaOf(course, 'description')[0]).toContain(detail.summary.slice(0, 20));

    const me = (
      await call(ctx.app, 'GET', '/api/userinfo/info', { token: await login(ctx.app, DEMO.expert) })
    ).body.data;
    const expert = (await call(ctx.app, 'GET', `/api/expert/detail/${me.id}`)).body.data;
    const html = await page(`/experts/detail?id=${me.id}`);
    expect(titleOf(html)).toBe(`${expert.name} · ${expert.title} - ${SITE}`);
    expect(metaOf(html, 'description')[0]).toContain(expert.specialties[0]);
    // A user who is no expert has no expert page.
    const user = (
      await call(ctx.app, 'GET', '/api/userinfo/info', { token: await login(ctx.app, DEMO.user) })
    ).body.data;
    expect(titleOf(await page(`/experts/detail?id=${user.id}`))).toBe('app-shell');
  });
});
