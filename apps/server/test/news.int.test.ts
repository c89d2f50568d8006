import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { uploadContentImage } from './content';
import { call, dataOf, DEMO, login } from './helpers';

let ctx: TestContext;
const time = testClock();
const t = {} as Record<'user' | 'expert' | 'auditor' | 'admin', string>;
let image: { name: string; url: string };

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
  for (const role of ['user', 'expert', 'auditor', 'admin'] as const)
    t[role] = await login(ctx.app, DEMO[role]);
  image = await uploadContentImage(ctx.app, t.auditor);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

/**
 * 资讯管理's counts by status and each status's total, against the rows read with the test's
 * clock (定时 is a published article whose time is ahead).
 */
async function expectAdminCountsOfRows() {
  const at = time.clock().toISOString();
  const rows = rowsOf<{ status: string; n: number }>(
    await ctx.database.db.execute(sql`
      select case when state = 'published' and publish_at > ${at}::timestamptz then 'scheduled' else state::text end as status,
        count(*)::int as n
      from news_articles group by 1`),
  );
  const statuses = ['draft', 'scheduled', 'published', 'offline'] as const;
  const want = Object.fromEntries(statuses.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]));
  const all = (await api('GET', '/api/audit/news?pageSize=1', t.auditor)).body.data;
  expect(all.counts).toEqual(want);
  expect(all.total).toBe(rows.reduce((n, r) => n + r.n, 0));
  for (const s of statuses)
    expect((await api('GET', `/api/audit/news?pageSize=1&status=${s}`, t.auditor)).body.data.total).toBe(
      want[s],
    );
  return want;
}

const article = (over: Record<string, unknown> = {}) => ({
  title: '认识焦虑：它从哪里来',
  summary: '焦虑是一种常见情绪，适度的焦虑能帮助我们应对挑战。',
  category: 'science',
  cover: image.name,
  body: `<p>正文<strong>重点</strong></p><p><img src="${image.url}" alt="插图"></p>`,
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = t.auditor) {
  return dataOf(await api('POST', '/api/audit/news', token, article(over))) as {
    id: number;
    status: string;
    body: string;
  };
}

const publicTitles = async (query = '') =>
  ((await api('GET', `/api/news/list?pageSize=100${query}`)).body.data.list as { title: string }[]).map(
    (a) => a.title,
  );

describe(`news: writing and sanitising on ${testDbKind}`, () => {
  it('removes script, event handlers, javascript: links, foreign images and style injection', async () => {
    const dirty = [
      '<h2>小标题</h2>',
      '<p>安全的<strong>粗体</strong>、<em>斜体</em>与<a href="https://www.who.int/">外部链接</a></p>',
      '<ul><li>第一条</li><li>第二条</li></ul>',
      '<blockquote>引用</blockquote>',
      '<script>alert(1)</script>',
      `<p><img src="${image.url}" alt="我们的图" onerror="alert(2)"></p>`,
      '<p><img src="https://evil.example/x.png" alt="外站图"></p>',
      '<p><img src="data:image/png;base64,AAAA"></p>',
      '<p><a href="javascript:alert(3)">点我</a></p>',
      '<p style="position:fixed;top:0;background:url(javascript:alert(4))">样式注入</p>',
      '<style>body{display:none}</style>',
      '<iframe src="https://evil.example"></iframe>',
      '<p onclick="alert(5)">点击</p>',
    ].join('');
    const a = await create({ title: '清洗测试', body: dirty });
    const html = a.body;
    for (const bad of [
      '<script',
      'alert(',
      'onerror',
      'onclick',
      'javascript:',
      'evil.example',
      'data:image',
      'style',
      '<iframe',
      'display:none',
    ])
      expect(html, bad).not.toContain(bad);
    // Harmless formatting and our own image stay.
    for (const good of [
      '<h2>小标题</h2>',
      '<strong>粗体</strong>',
      '<em>斜体</em>',
      '<li>第一条</li>',
      '<blockquote>引用</blockquote>',
      `src="${image.url}"`,
      '样式注入',
      '点击',
      '点我',
    ])
      expect(html, good).toContain(good);
    expect(html).toContain('href="https://www.who.int/"');
    // What editors see is what is stored: reading it back gives the same clean HTML.
    const back = await api('GET', `/api/audit/news/${a.id}`, t.auditor);
    expect(back.body.data.body).toBe(html);
  });

  it('refuses bodies that are empty once cleaned, unknown images and bad fields, in Chinese', async () => {
    const empty = await api(
      'POST',
      '/api/audit/news',
      t.auditor,
      article({ body: '<script>x</script><p> </p>' }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('正文不能为空');
    const noTitle = await api('POST', '/api/audit/news', t.auditor, article({ title: ' ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('请输入标题');
    const badCategory = await api('POST', '/api/audit/news', t.auditor, article({ category: 'gossip' }));
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.message).toBe('资讯分类不正确');
    const ghost = await api(
      'POST',
      '/api/audit/news',
      t.auditor,
      article({ cover: 'content-00000000-0000-4000-8000-000000000000.webp' }),
    );
    expect(ghost.status).toBe(400);
    expect(ghost.body.message).toBe('图片不存在，请重新上传');
    const traversal = await api('POST', '/api/audit/news', t.auditor, article({ cover: '../etc/passwd' }));
    expect(traversal.status).toBe(400);
    const long = await api('POST', '/api/audit/news', t.auditor, article({ title: '长'.repeat(61) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('标题最多60个字');
  });

  it('is written by auditors and admins only', async () => {
    expect((await api('POST', '/api/audit/news', t.user, article())).status).toBe(403);
    expect((await api('POST', '/api/audit/news', t.expert, article())).status).toBe(403);
    expect((await api('GET', '/api/audit/news', t.expert)).status).toBe(403);
    expect((await api('POST', '/api/audit/news', undefined, article())).status).toBe(401);
    await create({ title: '管理员撰写' }, t.admin);
  });
});

describe(`news: lifecycle on ${testDbKind}`, () => {
  it('keeps drafts from the public, publishes, counts readings, and takes down', async () => {
    const a = await create({ title: '草稿到发布' });
    expect(a.status).toBe('draft');
    expect(await publicTitles()).not.toContain('草稿到发布');
    expect((await api('GET', `/api/news/detail/${a.id}`)).status).toBe(404);

    const pub = await api('POST', `/api/audit/news/${a.id}/publish`, t.auditor, {});
    expect(pub.body).toMatchObject({ status: 200, message: '资讯已发布', data: { status: 'published' } });
    expect(await publicTitles()).toContain('草稿到发布');
    const again = await api('POST', `/api/audit/news/${a.id}/publish`, t.auditor, {});
    expect(again.status).toBe(409);

    const first = await api('GET', `/api/news/detail/${a.id}`);
    expect(first.body.data).toMatchObject({ title: '草稿到发布', views: 1, category: 'science' });
    expect(first.body.data.body).toContain('<strong>重点</strong>');
    expect((await api('GET', `/api/news/detail/${a.id}`)).body.data.views).toBe(2);

    const off = await api('POST', `/api/audit/news/${a.id}/offline`, t.auditor);
    expect(off.body.data.status).toBe('offline');
    expect((await api('GET', `/api/news/detail/${a.id}`)).status).toBe(404);
    expect(await publicTitles()).not.toContain('草稿到发布');
  });

  it('publishes a scheduled article when its time comes, without anyone touching it', async () => {
    const a = await create({ title: '定时发布的通知', category: 'event' });
    const past = await api('POST', `/api/audit/news/${a.id}/publish`, t.auditor, {
      publishAt: new Date(time.clock().getTime() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('定时发布时间须晚于当前时间');

    const at = new Date(time.clock().getTime() + 60 * 60_000);
    const r = await api('POST', `/api/audit/news/${a.id}/publish`, t.auditor, {
      publishAt: at.toISOString(),
    });
    expect(r.body).toMatchObject({ message: '已设置定时发布', data: { status: 'scheduled' } });
    expect(await publicTitles()).not.toContain('定时发布的通知');
    expect((await api('GET', `/api/news/detail/${a.id}`)).status).toBe(404);
    const search = await api('GET', `/api/search?code=${encodeURIComponent('定时发布的通知')}`);
    expect(search.body.data.total).toBe(0);
    const staff = await api('GET', '/api/audit/news?status=scheduled', t.auditor);
    expect(staff.status, staff.body.message).toBe(200);
    expect(staff.body.data.counts.scheduled).toBe(staff.body.data.total);
    expect(staff.body.data.list.map((x: { title: string }) => x.title)).toContain('定时发布的通知');
    const ahead = await expectAdminCountsOfRows();
    expect(ahead.scheduled).toBeGreaterThan(0);

    time.advance(60 * 60_000);
    // Its time has come: counted as published now, with no write in between.
    const due = await expectAdminCountsOfRows();
    expect(due.scheduled).toBe(ahead.scheduled! - 1);
    expect(due.published).toBe(ahead.published! + 1);
    expect(await publicTitles('&category=event')).toContain('定时发布的通知');
    expect((await api('GET', `/api/news/detail/${a.id}`)).status).toBe(200);
    expect(
      (await api('GET', `/api/search?code=${encodeURIComponent('定时发布的通知')}`)).body.data.total,
    ).toBe(1);
    const now = await api('GET', `/api/audit/news/${a.id}`, t.auditor);
    expect(now.body.data.status).toBe('published');
  });

  it('lists pinned articles first, by category, and links previous, next and related ones', async () => {
    const ids: number[] = [];
    for (const title of ['科普一', '科普二', '科普三']) {
      const a = await create({ title });
      await api('POST', `/api/audit/news/${a.id}/publish`, t.auditor, {});
      ids.push(a.id);
      time.advance(60_000);
    }
    const platform = await create({ title: '平台新功能上线', category: 'platform' });
    await api('POST', `/api/audit/news/${platform.id}/publish`, t.auditor, {});
    await api('POST', `/api/audit/news/${ids[0]}/pin`, t.auditor, { pinned: true });

    const science = await publicTitles('&category=science');
    expect(science[0]).toBe('科普一');
    expect(science.indexOf('科普三')).toBeLessThan(science.indexOf('科普二'));
    expect(science).not.toContain('平台新功能上线');

    const middle = (await api('GET', `/api/news/detail/${ids[1]}`)).body.data;
    // prev is the newer article, next the older, whatever the category.
    expect(middle.prev).toEqual({ id: ids[2], title: '科普三' });
    expect(middle.next).toEqual({ id: ids[0], title: '科普一' });
    const related = middle.related.map((r: { title: string }) => r.title);
    expect(related).toContain('科普三');
    expect(related).not.toContain('科普二');
    expect(related).not.toContain('平台新功能上线');
    const paged = await api('GET', '/api/news/list?category=science&pageSize=1&pageNum=2');
    expect(paged.body.data.list.map((a: { title: string }) => a.title)).toEqual([science[1]]);
    expect(paged.body.data.total).toBe(science.length);
  });

  it('answers 404 for an unknown article and 400 for a bad id, never 500', async () => {
    expect((await api('GET', '/api/news/detail/999999')).status).toBe(404);
    const bad = await api('GET', '/api/news/detail/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('资讯编号不正确');
    expect((await api('POST', '/api/audit/news/999999/publish', t.auditor, {})).status).toBe(404);
  });
});
