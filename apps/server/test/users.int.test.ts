import sharp from 'sharp';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, DEMO, login, multipart } from './helpers';

let ctx: TestContext;
const tokens = {} as Record<'user' | 'expert' | 'auditor' | 'admin', string>;
beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  for (const role of ['user', 'expert', 'auditor', 'admin'] as const)
    tokens[role] = await login(ctx.app, DEMO[role]);
});
afterAll(() => ctx.close());

async function upload(token: string, file: Buffer, filename = 'a.jpg', type = 'image/jpeg') {
  const { payload, contentType } = multipart(file, filename, type);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/SysAdmin/api/userinfo/avatar',
    headers: { serviceToken: token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe(`own profile on ${testDbKind}`, () => {
  it('userinfo carries the spec fields', async () => {
    const r = await call(ctx.app, 'GET', '/api/userinfo/info', { token: tokens.expert });
    expect(r.body.data).toMatchObject({
      name: '王静怡',
      identityType: 1,
      role: 'expert',
      wxImg: null,
      expertInfo: { avatar: null },
      department: { name: '北京心晴心理咨询中心' },
      auths: ['user', 'expert'],
    });
  });

  it('edits name, gender and birthday, and refuses role, phone or unknown fields', async () => {
    const r = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { name: '张小雨2', gender: 'female', birthday: '1998-04-17' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ name: '张小雨2', birthday: '1998-04-17' });

    for (const body of [
      { role: 'admin' },
      { identityType: 3 },
      { telephone: '13900000000' },
      { id: 2, name: 'x' },
    ]) {
      const bad = await call(ctx.app, 'POST', '/api/userinfo/edit', { token: tokens.user, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.telephone, DEMO.user));
    expect(row!.role).toBe('user');
    const [expert] = await ctx.database.db.select().from(users).where(eq(users.telephone, DEMO.expert));
    expect(expert!.name).toBe('王静怡');

    const future = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { birthday: '2999-01-01' },
    });
    expect(future.body.message).toContain('出生日期');
    const empty = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { name: '  ' },
    });
    expect(empty.body.message).toBe('请输入姓名');
    expect((await call(ctx.app, 'POST', '/api/userinfo/edit', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe(`avatar upload on ${testDbKind}`, () => {
  it('re-encodes to a small WebP without EXIF, served from the upload path', async () => {
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#36cfc9' } })
      .withExif({ IFD0: { Copyright: 'GPS 39.9N 116.4E secret' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const r = await upload(tokens.user, photo);
    expect(r.status).toBe(200);
    expect(r.body.data.avatar).toMatch(/^avatar-[a-f0-9-]+\.webp$/);
    expect(r.body.data.url).toBe(`/SysAdmin/file/upload/${r.body.data.avatar}`);

    const served = await ctx.app.inject(r.body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret'))).toBe(false);

    const saved = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { avatar: r.body.data.avatar },
    });
    expect(saved.body.data.wxImg).toBe(r.body.data.url);
    expect(saved.body.data.expertInfo.avatar).toBe(r.body.data.avatar);
  });

  it('refuses what is not an image, images over 5 MB, and pixel bombs', async () => {
    const text = await upload(tokens.user, Buffer.from('<script>alert(1)</script>'), 'x.jpg', 'image/jpeg');
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('图片');

    const big = await upload(tokens.user, Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'big.jpg', 'image/jpeg');
    expect(big.status, big.body.message).toBe(413);
    expect(big.body.message).toContain('5 MB');

    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const r = await upload(tokens.user, bomb, 'bomb.png', 'image/png');
    expect(r.status, r.body.message).toBe(400);
    expect(r.body.message).toBe('图片尺寸过大（最多 1300 万像素）');

    const ghost = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { avatar: 'avatar-00000000-0000-0000-0000-000000000000.webp' },
    });
    expect(ghost.status).toBe(400);
    const traversal = await call(ctx.app, 'POST', '/api/userinfo/edit', {
      token: tokens.user,
      body: { avatar: '../../etc/passwd' },
    });
    expect(traversal.status).toBe(400);
  });
});

describe(`who sees whom on ${testDbKind}`, () => {
  it('ordinary users may not list users', async () => {
    const r = await call(ctx.app, 'GET', '/api/userinfo/get-list', { token: tokens.user });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('无操作权限');
  });

  it('an expert sees the ordinary users of their own institution, phones masked', async () => {
    const r = await call(ctx.app, 'GET', '/api/userinfo/get-list?pageNum=1&pageSize=10', {
      token: tokens.expert,
    });
    expect(r.status).toBe(200);
    const names = r.body.data.list.map((u: { name: string }) => u.name).sort();
    expect(names).toEqual(['张小雨2', '黄一诺'].sort());
    expect(r.body.data.total).toBe(2);
    for (const u of r.body.data.list) {
      expect(u.identityType).toBe(0);
      expect(u.telephone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    }
  });

  it('an auditor sees everyone, paged and searchable', async () => {
    const r = await call(ctx.app, 'GET', '/api/userinfo/get-list?pageNum=1&pageSize=3', {
      token: tokens.auditor,
    });
    expect(r.body.data.list).toHaveLength(3);
    expect(r.body.data.total).toBe(9);
    const k = await call(ctx.app, 'GET', `/api/userinfo/get-list?keyword=${encodeURIComponent('刘文')}`, {
      token: tokens.admin,
    });
    expect(k.body.data.list.map((u: { name: string }) => u.name)).toEqual(['刘文博']);
    // Digits: the start of the telephone (or a name holding them); anything else: the name only.
    const phone = await call(ctx.app, 'GET', '/api/userinfo/get-list?keyword=1380000000&pageSize=50', {
      token: tokens.admin,
    });
    const starting = await ctx.database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.telephone, '1380000000%'));
    expect(starting.length).toBeGreaterThan(1);
    expect(phone.body.data.total).toBe(starting.length);
    expect(phone.body.data.list.map((u: { id: number }) => u.id).sort()).toEqual(
      starting.map((u) => u.id).sort(),
    );
    const tail = await call(ctx.app, 'GET', '/api/userinfo/get-list?keyword=0000000', {
      token: tokens.admin,
    });
    expect(tail.body.data.total).toBe(0);
    const bad = await call(ctx.app, 'GET', '/api/userinfo/get-list?pageSize=1000', { token: tokens.admin });
    expect(bad.status).toBe(400);
  });

  it('department is the caller’s institution, or null', async () => {
    const e = await call(ctx.app, 'GET', '/api/userinfo/department', { token: tokens.expert });
    expect(e.body.data).toMatchObject({ name: '北京心晴心理咨询中心', city: '北京' });
    const a = await call(ctx.app, 'GET', '/api/userinfo/department', { token: tokens.admin });
    expect(a.body.data).toBeNull();
  });

  it('login history shows the caller’s own events only', async () => {
    await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: DEMO.expert, password: 'Nope@12345' },
    });
    const r = await call(ctx.app, 'GET', '/api/userinfo/login-history', { token: tokens.expert });
    const actions = r.body.data.map((h: { action: string }) => h.action);
    expect(actions[0]).toBe('login_failed');
    expect(actions).toContain('login');
    expect(r.body.data[0]).toMatchObject({ actionLabel: '登录失败', outcome: 'failure' });
    const other = await call(ctx.app, 'GET', '/api/userinfo/login-history', { token: tokens.auditor });
    expect(other.body.data.every((h: { action: string }) => h.action !== 'login_failed')).toBe(true);
  });
});

describe(`search on ${testDbKind}`, () => {
  it('finds institutions and experts by keyword', async () => {
    const r = await call(ctx.app, 'GET', `/api/search?code=${encodeURIComponent('北京')}`);
    expect(r.status).toBe(200);
    const institutions = await call(
      ctx.app,
      'GET',
      `/api/search?code=${encodeURIComponent('北京')}&kind=institution`,
    );
    expect(institutions.body.data.list[0]).toMatchObject({
      kind: 'institution',
      title: '北京心晴心理咨询中心',
      url: expect.stringContaining('/department/detail?id='),
    });
    const experts = await call(ctx.app, 'GET', `/api/search?code=${encodeURIComponent('北京')}&kind=expert`);
    expect(experts.body.data.list.map((i: { title: string }) => i.title)).toEqual(['王静怡']);
    // By name: the expert first; her tweets (searched by author too) after.
    const byName = await call(ctx.app, 'GET', `/api/search?code=${encodeURIComponent('周晓')}`);
    expect(byName.body.data.counts.find((c: { kind: string }) => c.kind === 'expert').total).toBe(1);
    expect(byName.body.data.list[0]).toMatchObject({ kind: 'expert', title: '周晓琳' });
  });

  it('treats LIKE wildcards literally and rejects an empty keyword', async () => {
    const r = await call(ctx.app, 'GET', '/api/search?code=%25');
    expect(r.body.data.total).toBe(0);
    expect(r.body.data.list).toEqual([]);
    const empty = await call(ctx.app, 'GET', '/api/search?code=');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('请输入关键词');
  });
});
