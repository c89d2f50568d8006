import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoData } from '../src/modules/demo-mock/fake-data';
import { createTestContext, testClock, type TestContext } from './context';
import { call, DEMO, login } from './helpers';

/** The mock's envelope, as every /v1 and /table answer carries it. */
interface Mock<T = any> {
  code: number;
  result: T;
  message: string;
  type: 'success' | 'error';
}

async function mock<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: string | object; contentType?: string } = {},
) {
  const req: InjectOptions = {
    method,
    url,
    headers: {
      ...(opts.token !== undefined ? { authorization: opts.token } : {}),
      ...(opts.contentType ? { 'content-type': opts.contentType } : {}),
    },
    ...(opts.body !== undefined ? { payload: opts.body } : {}),
  };
  const started = performance.now();
  const res = await app.inject(req);
  const ms = performance.now() - started;
  return { status: res.statusCode, body: res.json() as Mock<T>, ms, res };
}

const USER_FIELDS = [
  'userId',
  'username',
  'realName',
  'avatar',
  'desc',
  'password',
  'token',
  'auths',
  'modules',
  'is_admin',
  'role_name',
  'mobile',
  'last_login',
].sort();
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const CHINESE_NAME = /^[\u4e00-\u9fa5]{2,4}$/;
const MOBILE = /^1[3-9]\d{9}$/;
const EMAIL = /^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;

const clock = testClock(new Date('2026-11-20T02:00:00Z'));
let ctx: TestContext;
let dist: string;

/** Row counts of every table of the platform's database. */
async function tableCounts(): Promise<Record<string, number>> {
  const rowsOf = (r: any): any[] => (Array.isArray(r) ? r : r.rows);
  const db = ctx.database.db;
  const tables = rowsOf(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((r) => r.table_name as string);
  const counts: Record<string, number> = {};
  for (const t of tables) {
    counts[t] = Number(
      rowsOf(await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`))[0].n,
    );
  }
  return counts;
}

beforeAll(async () => {
  // A built web app is present, so the history fallback is there to swallow paths if it could.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-demo-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app-shell</title>');
  ctx = await createTestContext({ seed: true, clock: clock.clock, env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('POST /v1/user/login', () => {
  it('admin / 123456 gets the administrator record, with no module restriction, after 200 ms', async () => {
    const r = await mock(ctx.app, 'POST', '/v1/user/login', {
      body: { username: 'admin', password: '123456' },
    });
    expect(r.status).toBe(200);
    expect(r.ms).toBeGreaterThanOrEqual(199);
    expect(r.body).toMatchObject({ code: 0, type: 'success', message: 'ok' });
    const user = r.body.result;
    expect(Object.keys(user).sort()).toEqual(USER_FIELDS);
    expect(user).toMatchObject({
      username: 'admin',
      password: '123456',
      token: '{admin-token}',
      is_admin: 1,
      role_name: '管理员',
      modules: [],
    });
    expect(user.realName).toMatch(CHINESE_NAME);
    expect(user.mobile).toMatch(MOBILE);
    expect(user.avatar).toMatch(/^data:image\/svg\+xml/);
    expect(user.auths).toContain('table:view');
    // The login time, in Shanghai time (the test clock is 02:00 UTC).
    expect(user.last_login).toBe('2026-11-20 10:00:00');
  });

  it('test / 123456 gets the ordinary user, limited to the home and website modules', async () => {
    const r = await mock(ctx.app, 'POST', '/v1/user/login', {
      body: { username: 'test', password: '123456' },
    });
    expect(r.body.code).toBe(0);
    expect(Object.keys(r.body.result).sort()).toEqual(USER_FIELDS);
    expect(r.body.result).toMatchObject({
      username: 'test',
      token: '{test-token}',
      is_admin: 0,
      role_name: '普通用户',
      modules: ['home', 'website'],
    });
    expect(r.body.result.auths).not.toContain('table:view');
  });

  it('anything but an exact match answers 账号或密码错误 (HTTP 200, code -1), after 200 ms', async () => {
    const bodies: (object | string)[] = [
      { username: 'admin', password: '1234567' },
      { username: 'Admin', password: '123456' },
      { username: 'admin ', password: '123456' },
      { username: 'nobody', password: '123456' },
      { username: 'admin', password: 123456 },
      { username: 'admin' },
      {},
      '[]',
      'null',
      '"admin"',
      '',
    ];
    for (const body of bodies) {
      const r = await mock(ctx.app, 'POST', '/v1/user/login', { body, contentType: 'application/json' });
      expect(r.status, JSON.stringify(body)).toBe(200);
      expect(r.body, JSON.stringify(body)).toEqual({
        code: -1,
        result: null,
        message: '账号或密码错误',
        type: 'error',
      });
    }
    const r = await mock(ctx.app, 'POST', '/v1/user/login', { body: { username: 'x', password: 'y' } });
    expect(r.ms).toBeGreaterThanOrEqual(199);
  });

  it('a malformed body answers the mock syntax error "Expected X but Y found."', async () => {
    const cases: [string, string][] = [
      [
        '{"username": "admin", "password": }',
        'Expected "[", "false", "null", "true", "{", number or string but "}" found.',
      ],
      ['{username: "admin"}', 'Expected "}" or string but "u" found.'],
      ['{"username": "admin"', 'Expected "," or "}" but end of input found.'],
      ['{"username" "admin"}', 'Expected ":" but "\\"" found.'],
      ['{"username": "admin",}', 'Expected string but "}" found.'],
      ['{"username": "admin"} x', 'Expected end of input but "x" found.'],
      ['{"a": [1, 2', 'Expected "," or "]" but end of input found.'],
      ['{"a": tru}', 'Expected "[", "false", "null", "true", "{", number or string but "t" found.'],
      [
        'username=admin&password=123456',
        'Expected "[", "false", "null", "true", "{", number or string but "u" found.',
      ],
    ];
    for (const [body, message] of cases) {
      const r = await mock(ctx.app, 'POST', '/v1/user/login', { body, contentType: 'application/json' });
      expect(r.status, body).toBe(200);
      expect(r.body, body).toEqual({ code: -1, result: null, message, type: 'error' });
    }
    // Whatever the content type says, the body is read the same way.
    const form = await mock(ctx.app, 'POST', '/v1/user/login', {
      body: 'username=admin&password=123456',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.body.message).toBe(cases.at(-1)![1]);
    const nested = await mock(ctx.app, 'POST', '/v1/user/login', {
      body: '['.repeat(5000),
      contentType: 'application/json',
    });
    expect(nested.body).toMatchObject({ code: -1, type: 'error' });
    // A NUL character, refused by the platform before any handler, in the mock's envelope too.
    const nul = await mock(ctx.app, 'GET', '/v1/user/permission?x=%00');
    expect(nul.status).toBe(200);
    expect(nul.body).toMatchObject({ code: -1, result: null, type: 'error' });
    expect(nul.body.message).toMatch(/空字符/);
  });
});

describe('the token calls', () => {
  for (const url of ['/v1/user/permission', '/v1/account/info']) {
    it(`${url}: the record for a live token, Invalid token without one, the not-obtained message for a stranger`, async () => {
      const ok = await mock(ctx.app, 'GET', url, { token: '{test-token}' });
      expect(ok.status).toBe(200);
      expect(ok.body.code).toBe(0);
      expect(ok.body.result).toMatchObject({ username: 'test', modules: ['home', 'website'], is_admin: 0 });
      expect(ok.ms).toBeGreaterThanOrEqual(9);

      const bearer = await mock(ctx.app, 'GET', url, { token: 'Bearer {admin-token}' });
      expect(bearer.body.result).toMatchObject({ username: 'admin', is_admin: 1 });

      const missing = await mock(ctx.app, 'GET', url);
      expect(missing.status).toBe(200);
      expect(missing.body).toEqual({ code: -1, result: null, message: 'Invalid token', type: 'error' });
      const blank = await mock(ctx.app, 'GET', url, { token: '  ' });
      expect(blank.body.message).toBe('Invalid token');

      const stranger = await mock(ctx.app, 'GET', url, { token: '{nobody-token}' });
      expect(stranger.body).toEqual({
        code: -1,
        result: null,
        message: 'The corresponding user information was not obtained!',
        type: 'error',
      });
    });
  }
});

describe('GET /v1/user/logout', () => {
  it('destroys the token after 200 ms; later calls with it fail; a fresh login re-issues it', async () => {
    const out = await mock(ctx.app, 'GET', '/v1/user/logout', { token: '{admin-token}' });
    expect(out.ms).toBeGreaterThanOrEqual(199);
    expect(out.body).toEqual({ code: 0, result: null, message: 'Token has been destroyed', type: 'success' });

    for (const url of ['/v1/user/permission', '/v1/account/info']) {
      const r = await mock(ctx.app, 'GET', url, { token: '{admin-token}' });
      expect(r.body.message, url).toBe('The corresponding user information was not obtained!');
    }
    const again = await mock(ctx.app, 'GET', '/v1/user/logout', { token: '{admin-token}' });
    expect(again.body).toEqual({ code: -1, result: null, message: 'Invalid token!', type: 'error' });
    expect(again.ms).toBeGreaterThanOrEqual(199);

    // The other user's token is untouched.
    expect((await mock(ctx.app, 'GET', '/v1/account/info', { token: '{test-token}' })).body.code).toBe(0);

    const back = await mock(ctx.app, 'POST', '/v1/user/login', {
      body: { username: 'admin', password: '123456' },
    });
    expect(back.body.result.token).toBe('{admin-token}');
    expect((await mock(ctx.app, 'GET', '/v1/user/permission', { token: '{admin-token}' })).body.code).toBe(0);
  });

  it('an unknown token answers Invalid token!, a missing one Invalid token', async () => {
    const unknown = await mock(ctx.app, 'GET', '/v1/user/logout', { token: '{nobody-token}' });
    expect(unknown.body).toEqual({ code: -1, result: null, message: 'Invalid token!', type: 'error' });
    const missing = await mock(ctx.app, 'GET', '/v1/user/logout');
    expect(missing.body).toEqual({ code: -1, result: null, message: 'Invalid token', type: 'error' });
  });
});

describe('generated data', () => {
  it('GET /v1/common/page_one/list: 60 sites, each with id, url, ip, protocol, host, domain, email', async () => {
    const r = await mock(ctx.app, 'GET', '/v1/common/page_one/list?page=2&limit=10');
    expect(r.status).toBe(200);
    expect(r.ms).toBeGreaterThanOrEqual(9);
    expect(r.body).toMatchObject({ code: 0, type: 'success' });
    const { total, list } = r.body.result;
    expect(total).toBe(60);
    expect(list).toHaveLength(60);
    expect(new Set(list.map((i: any) => i.id)).size).toBe(60);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(['domain', 'email', 'host', 'id', 'ip', 'protocol', 'url']);
      expect(item.id).toBeTypeOf('number');
      expect(['http', 'https']).toContain(item.protocol);
      expect(item.host).toBe(item.protocol === 'https' ? 443 : 80);
      expect(item.url.startsWith(`${item.protocol}://www.${item.domain}`)).toBe(true);
      expect(item.ip).toMatch(/^(\d{1,3}\.){3}\d{1,3}$/);
      expect(item.email).toMatch(EMAIL);
      expect(item.email.endsWith(`@${item.domain}`)).toBe(true);
    }
  });

  it('GET /v1/home/info: counters, online 101 of 110, the seven days ending today', async () => {
    const r = await mock(ctx.app, 'GET', '/v1/home/info');
    expect(r.body.code).toBe(0);
    const info = r.body.result;
    expect(Object.keys(info).sort()).toEqual(
      ['ce_num', 'create_time', 'hu_num', 'online_num', 'seven_days', 'total_num', 'yun_num'].sort(),
    );
    expect(info.online_num).toBe(101);
    expect(info.total_num).toBe(110);
    for (const k of ['hu_num', 'yun_num', 'ce_num'])
      expect(Number.isInteger(info[k]) && info[k] > 0, k).toBe(true);
    // Epoch seconds, not milliseconds: a date in the past, after 2020.
    expect(Number.isInteger(info.create_time)).toBe(true);
    expect(info.create_time).toBeGreaterThan(1_577_836_800);
    expect(info.create_time).toBeLessThan(clock.clock().getTime() / 1000);
    expect(info.seven_days.map((d: any) => d.time)).toEqual([
      '20261114',
      '20261115',
      '20261116',
      '20261117',
      '20261118',
      '20261119',
      '20261120',
    ]);
    expect(info.seven_days.map((d: any) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const d of info.seven_days) expect(Number.isInteger(d.num) && d.num >= 0).toBe(true);
  });

  it('GET /v1/home/list: 30 people with Chinese names, phones, e-mails, dates, age 10 to 50', async () => {
    const r = await mock(ctx.app, 'GET', '/v1/home/list');
    const { total, list } = r.body.result;
    expect(total).toBe(30);
    expect(list).toHaveLength(30);
    const keys = [
      'age',
      'color',
      'created_at',
      'description',
      'email',
      'id',
      'mobile',
      'name',
      'title',
      'updated_at',
    ];
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual(keys);
      expect(item.age).toBeGreaterThanOrEqual(10);
      expect(item.age).toBeLessThanOrEqual(50);
      expect(Number.isInteger(item.age)).toBe(true);
      expect(item.name).toMatch(CHINESE_NAME);
      expect(item.mobile).toMatch(MOBILE);
      expect(item.email).toMatch(EMAIL);
      expect(item.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(item.created_at).toMatch(DATE_TIME);
      expect(item.updated_at).toMatch(DATE_TIME);
      expect(item.updated_at >= item.created_at).toBe(true);
      expect(item.title).toMatch(/[\u4e00-\u9fa5]/);
      expect(item.description).toContain(item.name);
    }
    expect(new Set(list.map((i: any) => i.age)).size).toBeGreaterThan(5);
  });

  it('GET /table/list: 30 accounts with id, title, account, true_name, created_at, role_name', async () => {
    const r = await mock(ctx.app, 'GET', '/table/list');
    expect(r.status).toBe(200);
    expect(r.ms).toBeGreaterThanOrEqual(9);
    const { total, list } = r.body.result;
    expect(total).toBe(30);
    expect(list).toHaveLength(30);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        'account',
        'created_at',
        'id',
        'role_name',
        'title',
        'true_name',
      ]);
      expect(item.true_name).toMatch(CHINESE_NAME);
      expect(item.account).toMatch(/^[a-z]+\d{3}$/);
      expect(item.created_at).toMatch(DATE_TIME);
      expect(['管理员', '普通用户', '内容编辑', '审核员']).toContain(item.role_name);
    }
  });

  it('is the same on every call and from every fresh generation (fixed seed)', async () => {
    for (const url of ['/v1/common/page_one/list', '/v1/home/list', '/table/list', '/v1/home/info']) {
      const a = await mock(ctx.app, 'GET', url);
      const b = await mock(ctx.app, 'GET', url);
      expect(b.body, url).toEqual(a.body);
    }
    // As a restart would make it: generated again from scratch, with the same seed.
    const fresh = generateDemoData();
    expect(fresh).toEqual(generateDemoData());
    expect((await mock(ctx.app, 'GET', '/v1/common/page_one/list')).body.result.list).toEqual(fresh.common);
    expect((await mock(ctx.app, 'GET', '/v1/home/list')).body.result.list).toEqual(fresh.home);
    expect((await mock(ctx.app, 'GET', '/table/list')).body.result.list).toEqual(fresh.table);
  });

  it('GET /v1/common/regions: provinces, then children whose parent follows from the code, with 其他地区 leaves', async () => {
    const provinces = (await mock(ctx.app, 'GET', '/v1/common/regions')).body.result;
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces[0]).toEqual({
      code: '110000',
      name: '北京市',
      parent: null,
      level: 'province',
      leaf: false,
    });
    const cities = (await mock(ctx.app, 'GET', '/v1/common/regions?parent=440000')).body.result;
    expect(cities.find((c: any) => c.code === '440100')).toEqual({
      code: '440100',
      name: '广州市',
      parent: '440000',
      level: 'city',
      leaf: false,
    });
    const districts = (await mock(ctx.app, 'GET', '/v1/common/regions?parent=440100')).body.result;
    expect(districts.find((d: any) => d.code === '440106')).toMatchObject({
      name: '天河区',
      parent: '440100',
      leaf: true,
    });
    expect(districts.at(-1)).toEqual({
      code: '440199',
      name: '其他地区',
      parent: '440100',
      level: 'district',
      leaf: true,
    });
    expect((await mock(ctx.app, 'GET', '/v1/common/regions?parent=440106')).body.result).toEqual([]);
    const bad = await mock(ctx.app, 'GET', '/v1/common/regions?parent=44');
    expect(bad.body).toEqual({ code: -1, result: null, message: '地区代码应为六位数字', type: 'error' });
  });
});

describe('kept apart from the platform', () => {
  it('never reads or writes the platform database, and neither side accepts the other side’s tokens', async () => {
    const before = await tableCounts();
    await mock(ctx.app, 'POST', '/v1/user/login', { body: { username: 'test', password: '123456' } });
    await mock(ctx.app, 'POST', '/v1/user/login', { body: { username: 'admin', password: 'wrong' } });
    await mock(ctx.app, 'GET', '/v1/account/info', { token: '{test-token}' });
    await mock(ctx.app, 'GET', '/v1/user/logout', { token: '{test-token}' });
    await mock(ctx.app, 'GET', '/v1/home/list');
    expect(await tableCounts()).toEqual(before);

    const platform = await call(ctx.app, 'GET', '/api/userinfo/info', { token: '{admin-token}' });
    expect(platform.status).toBe(401);
    const demoAsPlatform = await call(ctx.app, 'POST', '/api/login/login', {
      body: { telephone: 'admin', password: '123456' },
    });
    expect(demoAsPlatform.status).not.toBe(200);
    const realToken = await login(ctx.app, DEMO.admin);
    const real = await mock(ctx.app, 'GET', '/v1/account/info', { token: realToken });
    expect(real.body.message).toBe('The corresponding user information was not obtained!');
  });

  it('unknown /v1 paths answer the mock 404, not the web app; /table/list is data, not the shell', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing/here'],
      ['GET', '/v1/user/login'],
      ['POST', '/v1/user/permission'],
    ] as const) {
      const r = await mock(ctx.app, method, url);
      expect(r.status, url).toBe(404);
      expect(r.body, url).toEqual({ code: -1, result: null, message: '接口不存在', type: 'error' });
    }
    const table = await ctx.app.inject('/table/list');
    expect(table.headers['content-type']).toContain('application/json');
    // The console's own page is a web page.
    const page = await ctx.app.inject('/demo/login');
    expect(page.body).toContain('app-shell');
  });
});

describe('DEMO_CONSOLE=false', () => {
  let off: TestContext;
  beforeAll(async () => {
    off = await createTestContext({ env: { DEMO_CONSOLE: 'false', WEB_DIST: dist } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('the mock API does not exist, and its paths are not mistaken for pages', async () => {
    for (const [method, url] of [
      ['POST', '/v1/user/login'],
      ['GET', '/v1/home/info'],
      ['GET', '/table/list'],
    ] as const) {
      const res = await off.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ status: 404, data: null, message: '接口不存在' });
    }
  });
});
