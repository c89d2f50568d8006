import { BANNERS_MAX } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testDbKind, type TestContext } from './context';
import { uploadContentImage } from './content';
import { call, DEMO, login } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user' | 'expert' | 'auditor', string>;
let image: string;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  for (const role of ['user', 'expert', 'auditor'] as const) t[role] = await login(ctx.app, DEMO[role]);
  image = (await uploadContentImage(ctx.app, t.auditor)).name;
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const banner = (over: Record<string, unknown> = {}) => ({
  title: '心理健康月',
  image,
  link: '/app/news',
  position: 1,
  ...over,
});

describe(`home banners on ${testDbKind}`, () => {
  it('are managed by auditors, shown in order when enabled, and link only inside the platform', async () => {
    const before = (await api('GET', '/api/audit/banners', t.auditor)).body.data as { id: number }[];
    for (const b of before) await api('DELETE', `/api/audit/banners/${b.id}`, t.auditor);

    const a = await api('POST', '/api/audit/banners', t.auditor, banner({ title: '第二张', position: 2 }));
    expect(a.status, a.body.message).toBe(200);
    await api(
      'POST',
      '/api/audit/banners',
      t.auditor,
      banner({ title: '第一张', position: 1, link: '/test/detail?id=1' }),
    );
    const off = await api(
      'POST',
      '/api/audit/banners',
      t.auditor,
      banner({ title: '停用的', enabled: false }),
    );
    const shown = await api('GET', '/api/banner/list');
    expect(shown.body.data.map((b: { title: string }) => b.title)).toEqual(['第一张', '第二张']);

    for (const link of ['https://evil.example/', '//evil.example', 'javascript:alert(1)', 'app/news']) {
      const r = await api('POST', '/api/audit/banners', t.auditor, banner({ link }));
      expect(r.status, link).toBe(400);
      expect(r.body.message).toBe('跳转页面须为本平台的页面路径，如 /app/news');
    }
    const ghost = await api(
      'POST',
      '/api/audit/banners',
      t.auditor,
      banner({ image: 'content-00000000-0000-4000-8000-000000000000.webp' }),
    );
    expect(ghost.body.message).toBe('图片不存在，请重新上传');
    expect((await api('POST', '/api/audit/banners', t.expert, banner())).status).toBe(403);
    expect((await api('GET', '/api/audit/banners', t.user)).status).toBe(403);

    const upd = await api(
      'PUT',
      `/api/audit/banners/${off.body.data.id}`,
      t.auditor,
      banner({ title: '启用了', position: 0 }),
    );
    expect(upd.body.data.enabled).toBe(true);
    expect((await api('GET', '/api/banner/list')).body.data[0].title).toBe('启用了');
    expect((await api('PUT', '/api/audit/banners/999999', t.auditor, banner())).status).toBe(404);
    expect((await api('DELETE', '/api/audit/banners/999999', t.auditor)).status).toBe(404);
  });

  it("leads only to the platform's public pages, detail pages with their number", async () => {
    const refused: [string, string][] = [
      ['/no-such-page', '跳转页面不存在，请选择本平台的公开页面，如 /app/news 或 /news/detail?id=1'],
      ['/app/newz', '跳转页面不存在，请选择本平台的公开页面，如 /app/news 或 /news/detail?id=1'],
      ['/expert/work', '跳转页面不存在，请选择本平台的公开页面，如 /app/news 或 /news/detail?id=1'],
      ['/news/detail', '资讯详情页须带上编号，如 /news/detail?id=1'],
      ['/course/detail?id=abc', '课程详情页须带上编号，如 /course/detail?id=1'],
      ['/all/search?code=', '搜索结果页须带上搜索词，如 /all/search?code=焦虑'],
    ];
    for (const [link, message] of refused) {
      const r = await api('POST', '/api/audit/banners', t.auditor, banner({ link }));
      expect(r.status, link).toBe(400);
      expect(r.body.message, link).toBe(message);
    }
    for (const link of ['/sys/home', '/app/course/', '/news/detail?id=1', '/all/search?code=焦虑']) {
      const r = await api('POST', '/api/audit/banners', t.auditor, banner({ title: link, link }));
      expect(r.status, `${link}: ${r.body.message}`).toBe(200);
      expect(r.body.data.link).toBe(link);
      await api('DELETE', `/api/audit/banners/${r.body.data.id}`, t.auditor);
    }
    const first = (await api('GET', '/api/audit/banners', t.auditor)).body.data[0];
    const typo = await api(
      'PUT',
      `/api/audit/banners/${first.id}`,
      t.auditor,
      banner({ link: '/no-such-page' }),
    );
    expect(typo.status).toBe(400);
  });

  it(`holds at most ${BANNERS_MAX}, with a clear message`, async () => {
    const have = ((await api('GET', '/api/audit/banners', t.auditor)).body.data as unknown[]).length;
    for (let i = have; i < BANNERS_MAX; i++)
      expect((await api('POST', '/api/audit/banners', t.auditor, banner({ title: `第${i}张` }))).status).toBe(
        200,
      );
    const over = await api('POST', '/api/audit/banners', t.auditor, banner({ title: '多一张' }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(`轮播图最多${BANNERS_MAX}张，请先删除不用的`);
  });
});
