import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, testDbKind, type TestContext } from './context';
import { rowsOf } from '../src/db/rows';
import { sharedCompressionsMade } from '../src/lib/shared-serializer';
import { call, dataOf, DEMO, login, take, ZHANG_XIAOYU } from './helpers';

// The public catalogue lists are served from memory between the writes that change them
// (lib/catalogue-cache.ts, triggers in migration 0018_catalogue_notify). Here with the cache on,
// as production runs it.
let ctx: TestContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, env: { CATALOGUE_CACHE_SECONDS: '60' } });
  app = ctx.app;
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  return dataOf(await call(app, 'GET', url));
};

/**
 * Changes rows without firing any trigger (replica mode), so no notice goes out: what the list
 * shows afterwards tells whether it came from memory.
 */
async function silently(statement: ReturnType<typeof sql>) {
  await ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(statement);
  });
}

/** On PGlite the notice arrives before the commit returns; on PostgreSQL a moment later. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 3000, interval: 25 });

type Card = { id: number; name: string; priceFen: number; nextSlotAt: string | null };

describe(`catalogue cache (${testDbKind})`, () => {
  it('serves the expert list from memory, and a booking of the shown slot replaces it at once', async () => {
    const expertToken = await login(app, DEMO.expert);
    const me = (await call(app, 'GET', '/api/userinfo/info', { token: expertToken })).body.data;
    const cardOf = async () =>
      ((await get('/api/expert/list?pageSize=50')).list as Card[]).find((c) => c.id === me.id)!;

    const before = await cardOf();
    expect(before.nextSlotAt).not.toBeNull();
    expect(ctx.app.deps.services.catalogue.sizes().experts).toBeGreaterThan(0);

    // Served from memory: a change nobody announced is not seen.
    await silently(sql`update expert_profiles set price_fen = price_fen + 1000 where user_id = ${me.id}`);
    expect((await cardOf()).priceFen).toBe(before.priceFen);

    // A client books the very slot the list shows as the next free one.
    const [slot] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(
        sql`select id from slots where expert_id = ${me.id} and starts_at = ${before.nextSlotAt}::timestamptz and status = 'open'`,
      ),
    );
    const userToken = await login(app, DEMO.user);
    const booked = await call(app, 'POST', '/api/booking/create', {
      token: userToken,
      body: { slotId: Number(slot!.id), topic: '最近睡眠不好，想聊聊', contactPreference: 'chat' },
    });
    expect(booked.status, booked.body.message).toBe(200);

    await eventually(async () => {
      const after = await cardOf();
      expect(after.nextSlotAt).not.toBe(before.nextSlotAt);
      // The reload also brings the change that went unannounced.
      expect(after.priceFen).toBe(before.priceFen + 1000);
    });
  });

  it('drops a topic on a committed write only: a rolled-back one leaves the lists in memory', async () => {
    const first = (await get('/api/scale/list?pageSize=50')).list as { id: number; name: string }[];
    const target = first[0]!;
    await silently(sql`update scales set name = name || '（静默）' where id = ${target.id}`);
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update scales set intro = intro where id = ${target.id}`);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200));
    expect(((await get('/api/scale/list?pageSize=50')).list as { name: string }[])[0]!.name).toBe(
      target.name,
    );

    await ctx.database.db.execute(sql`update scales set intro = intro where id = ${target.id}`);
    await eventually(async () => {
      const list = (await get('/api/scale/list?pageSize=50')).list as { id: number; name: string }[];
      expect(list.find((s) => s.id === target.id)!.name).toBe(`${target.name}（静默）`);
    });
  });

  it('follows writes to plans, activities, courses and news', async () => {
    const plans = (await get('/api/plan/list')) as { id: number; title: string }[];
    const courses = (await get('/api/course/list?pageSize=50')).list as { id: number; title: string }[];
    const news = (await get('/api/news/list?pageSize=50')).list as { id: number; title: string }[];
    expect(plans.length && courses.length && news.length).toBeTruthy();
    const sizes = ctx.app.deps.services.catalogue.sizes();
    expect(sizes.plans).toBe(1);
    expect(sizes.courses).toBe(1);
    expect(sizes.news).toBe(1);

    await ctx.database.db.execute(
      sql`update plans set title = '新生心理普查（更新）' where id = ${plans[0]!.id}`,
    );
    await ctx.database.db.execute(
      sql`update courses set title = '情绪管理（更新）' where id = ${courses[0]!.id}`,
    );
    await ctx.database.db.execute(
      sql`update news_articles set title = '资讯标题（更新）' where id = ${news[0]!.id}`,
    );
    await eventually(async () => {
      expect(
        ((await get('/api/plan/list')) as { id: number; title: string }[]).find((p) => p.id === plans[0]!.id)!
          .title,
      ).toBe('新生心理普查（更新）');
      const c = (await get('/api/course/list?pageSize=50')).list as { id: number; title: string }[];
      expect(c.find((x) => x.id === courses[0]!.id)!.title).toBe('情绪管理（更新）');
      const n = (await get('/api/news/list?pageSize=50')).list as { id: number; title: string }[];
      expect(n.find((x) => x.id === news[0]!.id)!.title).toBe('资讯标题（更新）');
    });
  });

  it('is not dropped by a login (only the fields a card shows count)', async () => {
    await get('/api/expert/list?pageSize=50');
    expect(ctx.app.deps.services.catalogue.sizes().experts).toBe(1);
    await login(app, DEMO.expert);
    await ctx.database.db.execute(sql`update users set updated_at = now() where telephone = ${DEMO.expert}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.app.deps.services.catalogue.sizes().experts).toBe(1);
    await ctx.database.db.execute(sql`update users set name = name where telephone = ${DEMO.expert}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.app.deps.services.catalogue.sizes().experts).toBe(1);
    await ctx.database.db.execute(
      sql`update users set avatar = '/uploads/catalogue-test.webp' where telephone = ${DEMO.expert}`,
    );
    await eventually(async () => expect(ctx.app.deps.services.catalogue.sizes().experts).toBe(0));
  });

  it('is not dropped by reading an article, which counts the reading all the same', async () => {
    const list = async () => (await get('/api/news/list?pageSize=7')).list as { id: number; views: number }[];
    const [first] = await list();
    await get('/api/search?code=%E7%84%A6%E8%99%91');
    const sizes = ctx.app.deps.services.catalogue.sizes();
    expect(sizes.news).toBeGreaterThan(0);
    expect(sizes.search).toBeGreaterThan(0);
    const read = async () => (await get(`/api/news/detail/${first!.id}`)) as { views: number };
    expect((await read()).views).toBe(first!.views + 1);
    expect((await read()).views).toBe(first!.views + 2);
    await new Promise((r) => setTimeout(r, 200));
    // Neither the news list nor the search was dropped: the list still shows the count it was
    // cached with (for at most CATALOGUE_CACHE_SECONDS), the stored count has both readings.
    expect(ctx.app.deps.services.catalogue.sizes()).toMatchObject({ news: sizes.news, search: sizes.search });
    expect((await list())[0]!.views).toBe(first!.views);
    ctx.app.deps.services.catalogue.invalidate('news');
    expect((await list())[0]!.views).toBe(first!.views + 2);
  });

  it('compresses a list held in memory once per encoding, and a changed list anew', async () => {
    // A page size no other test asks for: an answer of its own, compressed by nobody yet.
    const url = '/SysAdmin/api/scale/list?pageSize=49';
    const plain = (await app.inject({ url })).json();
    expect(JSON.stringify(plain).length).toBeGreaterThan(1024);
    const before = sharedCompressionsMade();
    const br = async () => {
      const a = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(a.headers['content-encoding']).toBe('br');
      expect(a.headers.vary).toContain('accept-encoding');
      expect(Number(a.headers['content-length'])).toBe(a.rawPayload.length);
      return JSON.parse(zlib.brotliDecompressSync(a.rawPayload).toString());
    };
    for (let i = 0; i < 3; i++) expect(await br()).toEqual(plain);
    expect(sharedCompressionsMade()).toBe(before + 1);
    // gzip where brotli is refused or not offered (q=0 refuses); none for identity.
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=1.0, br;q=0']) {
      const a = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(a.headers['content-encoding'], accept).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(a.rawPayload).toString())).toEqual(plain);
    }
    expect(sharedCompressionsMade()).toBe(before + 2);
    const none = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain);
    // A write that changes the list: the next answer is the new list, compressed again.
    const first = (plain.data.list as { id: number; name: string }[])[0]!;
    await ctx.database.db.execute(sql`update scales set name = name || '（新）' where id = ${first.id}`);
    await eventually(async () => {
      expect((await br()).data.list[0].name).toBe(`${first.name}（新）`);
    });
    expect(sharedCompressionsMade()).toBe(before + 3);
    await silently(sql`update scales set name = ${first.name} where id = ${first.id}`);
  });

  it("holds a scale's page with the list: a submitted assessment of it or its going offline shows at once", async () => {
    const list = (await get('/api/scale/list?pageSize=50')).list as { id: number; code: string }[];
    const gad7 = list.find((x) => x.code === 'GAD7')!.id;
    const before = (await get(`/api/scale/detail/${gad7}`)) as { takenCount: number; name: string };
    expect(ctx.app.deps.services.catalogue.sizes().scales).toBeGreaterThanOrEqual(2);
    // A change no trigger announces is not seen: the page came from memory.
    await silently(sql`update scales set name = '静默改名' where id = ${gad7}`);
    expect(((await get(`/api/scale/detail/${gad7}`)) as { name: string }).name).toBe(before.name);
    await silently(sql`update scales set name = ${before.name} where id = ${gad7}`);

    const token = await login(app, DEMO.user);
    await take(app, token, { scaleId: gad7 }, () => 1);
    await eventually(async () => {
      expect(((await get(`/api/scale/detail/${gad7}`)) as { takenCount: number }).takenCount).toBe(
        before.takenCount + 1,
      );
    });
    await ctx.database.db.execute(sql`update scales set status = 'offline' where id = ${gad7}`);
    await eventually(async () => {
      expect((await call(app, 'GET', `/api/scale/detail/${gad7}`)).status).toBe(404);
    });
    // Put back without a notice: a late one (PostgreSQL delivers after the commit) would empty
    // the lists another test is counting.
    await silently(sql`update scales set status = 'published' where id = ${gad7}`);
  });
  it("holds a plan's page with the list: a submitted assessment of it or its going offline shows at once", async () => {
    // The free student survey (an earlier test renamed it), with its college and student number.
    const plans = (await get('/api/plan/list')) as { id: number; priceFen: number }[];
    const plan = plans.find((p) => p.priceFen === 0)!.id;
    const before = (await get(`/api/plan/detail/${plan}`)) as { takenCount: number; title: string };
    await silently(sql`update plans set title = '静默改名' where id = ${plan}`);
    expect(((await get(`/api/plan/detail/${plan}`)) as { title: string }).title).toBe(before.title);
    await silently(sql`update plans set title = ${before.title} where id = ${plan}`);

    const token = await login(app, DEMO.user);
    await take(app, token, { planId: plan }, () => 1, {
      info: { ...ZHANG_XIAOYU, extra: { college: '文学院', studentNo: '2026001' } },
    });
    await eventually(async () => {
      expect(((await get(`/api/plan/detail/${plan}`)) as { takenCount: number }).takenCount).toBe(
        before.takenCount + 1,
      );
    });
    await ctx.database.db.execute(sql`update plans set published = false where id = ${plan}`);
    await eventually(async () => {
      expect((await call(app, 'GET', `/api/plan/detail/${plan}`)).status).toBe(404);
    });
    await silently(sql`update plans set published = true where id = ${plan}`);
  });

  it('holds the institution list: an institution added or renamed shows at once', async () => {
    type Institution = { id: number; name: string };
    const before = (await get('/api/department/list')) as Institution[];
    expect(before.length).toBeGreaterThan(0);
    await silently(sql`update institutions set name = '静默改名' where id = ${before[0]!.id}`);
    expect(((await get('/api/department/list')) as Institution[])[0]!.name).toBe(before[0]!.name);
    await silently(sql`update institutions set name = ${before[0]!.name} where id = ${before[0]!.id}`);

    await ctx.database.db.execute(
      sql`insert into institutions (name, city, address, intro) values ('缓存测试心理中心', '杭州', '西湖区', '测试')`,
    );
    await eventually(async () => {
      const after = (await get('/api/department/list')) as Institution[];
      expect(after.map((i) => i.name)).toEqual([...before.map((i) => i.name), '缓存测试心理中心']);
    });
    const added = ((await get('/api/department/list')) as Institution[]).at(-1)!;
    await ctx.database.db.execute(
      sql`update institutions set name = '缓存测试心理中心（更名）' where id = ${added.id}`,
    );
    await eventually(async () => {
      expect(((await get('/api/department/list')) as Institution[]).at(-1)!.name).toBe(
        '缓存测试心理中心（更名）',
      );
    });
  });

  it('holds the home carousel (which the home page’s shell paints): a banner changed or switched off shows at once', async () => {
    type Shown = { id: number; title: string; image: string; link: string | null; position: number };
    const shown = (await get('/api/banner/list')) as Shown[];
    expect(shown.length).toBeGreaterThan(0);
    const first = shown[0]!;
    await silently(sql`update banners set title = '静默改名' where id = ${first.id}`);
    expect(((await get('/api/banner/list')) as Shown[])[0]!.title).toBe(first.title);
    await silently(sql`update banners set title = ${first.title} where id = ${first.id}`);

    // A change that notifies (an auditor's edit writes the same row) shows at once.
    await ctx.database.db.execute(sql`update banners set title = '冬季心理健康讲座' where id = ${first.id}`);
    await eventually(async () => {
      expect(((await get('/api/banner/list')) as Shown[])[0]!.title).toBe('冬季心理健康讲座');
    });
    await ctx.database.db.execute(sql`update banners set enabled = false where id = ${first.id}`);
    await eventually(async () => {
      expect(((await get('/api/banner/list')) as Shown[]).map((x) => x.id)).not.toContain(first.id);
    });
    await ctx.database.db.execute(
      sql`update banners set enabled = true, title = ${first.title} where id = ${first.id}`,
    );
    await eventually(async () => {
      expect(((await get('/api/banner/list')) as Shown[])[0]!.title).toBe(first.title);
    });
  });

  it('holds the tweet feeds: approving, liking, withdrawing and the author’s title show at once', async () => {
    const [expert, auditor, user] = await Promise.all([
      login(app, DEMO.expert),
      login(app, DEMO.auditor),
      login(app, DEMO.user),
    ]);
    type TweetCard = { id: number; content: string; likeCount: number; author: { title: string | null } };
    const feed = async (token?: string) =>
      dataOf(
        await call(app, 'GET', token ? '/api/tweet/feed?pageSize=50' : '/api/tweet/list?pageSize=50', {
          token,
        }),
      ).list as TweetCard[];
    const visitorBefore = await feed();
    await feed(user);
    expect(ctx.app.deps.services.catalogue.sizes().tweets).toBe(2);
    // From memory: a change no trigger announces is not seen (put back the same way).
    const shown = visitorBefore[0]!;
    await silently(sql`update tweets set content = '静默改动' where id = ${shown.id}`);
    expect((await feed()).find((c) => c.id === shown.id)!.content).toBe(shown.content);
    await silently(sql`update tweets set content = ${shown.content} where id = ${shown.id}`);

    const made = await call(app, 'POST', '/api/expert/tweets', {
      token: expert,
      body: { content: '缓存中的动态' },
    });
    const id = made.body.data.id as number;
    await call(app, 'POST', `/api/expert/tweets/${id}/submit`, { token: expert });
    const approved = await call(app, 'POST', `/api/audit/tweets/${id}/review`, {
      token: auditor,
      body: { approve: true },
    });
    expect(approved.status, approved.body.message).toBe(200);
    await eventually(async () => {
      expect((await feed()).map((c) => c.id)).toEqual([id, ...visitorBefore.map((c) => c.id)]);
      expect((await feed(user)).find((c) => c.id === id)).toMatchObject({ likeCount: 0 });
    });

    expect((await call(app, 'POST', `/api/tweet/${id}/like`, { token: user })).status).toBe(200);
    await eventually(async () => {
      expect((await feed()).find((c) => c.id === id)!.likeCount).toBe(1);
      expect((await feed(user)).find((c) => c.id === id)!.likeCount).toBe(1);
    });

    await ctx.database.db.execute(
      sql`update expert_profiles set title = '主任咨询师' where user_id = (select expert_id from tweets where id = ${id})`,
    );
    await eventually(async () => {
      expect((await feed()).find((c) => c.id === id)!.author.title).toBe('主任咨询师');
    });

    expect((await call(app, 'POST', `/api/expert/tweets/${id}/withdraw`, { token: expert })).status).toBe(
      200,
    );
    await eventually(async () => {
      expect((await feed()).map((c) => c.id)).not.toContain(id);
      expect((await feed(user)).map((c) => c.id)).not.toContain(id);
    });
  });
  it('holds search answers until any catalogue changes', async () => {
    type Result = {
      counts: { kind: string; total: number }[];
      list: { kind: string; id: number; title: string }[];
    };
    const search = async (code: string) =>
      dataOf(await call(app, 'GET', `/api/search?code=${encodeURIComponent(code)}&kind=news`)) as Result;
    const news = (await get('/api/news/list?pageSize=50')).list as { id: number; title: string }[];
    const article = news[0]!;
    const before = await search('缓存检索词');
    expect(before.list).toEqual([]);
    expect(ctx.app.deps.services.catalogue.sizes().search).toBe(1);

    // From memory: an unannounced change is not found.
    await silently(sql`update news_articles set title = '缓存检索词（静默）' where id = ${article.id}`);
    expect((await search('缓存检索词')).list).toEqual([]);

    // A change to a course (another topic) drops the search too; the article is found now.
    await ctx.database.db.execute(
      sql`update courses set title = title || '' where id = (select min(id) from courses)`,
    );
    await eventually(async () => {
      expect((await search('缓存检索词')).list.map((h) => h.id)).toEqual([article.id]);
    });
    await ctx.database.db.execute(
      sql`update news_articles set title = ${article.title} where id = ${article.id}`,
    );
    await eventually(async () => expect((await search('缓存检索词')).list).toEqual([]));
  });
  it('holds a report’s recommended experts with the list: a profile change shows at once', async () => {
    const { experts } = ctx.app.deps.services;
    const matched = await experts.matching(['焦虑抑郁', '情绪管理'], 3);
    expect(matched.length).toBeGreaterThan(0);
    const first = matched[0]!;
    await silently(sql`update users set name = '静默改名' where id = ${first.id}`);
    expect((await experts.matching(['焦虑抑郁', '情绪管理'], 3))[0]).toEqual(first);
    await silently(sql`update users set name = ${first.name} where id = ${first.id}`);

    // A profile write: the recommendation is made again from the rows.
    await ctx.database.db.execute(
      sql`update expert_profiles set title = '资深督导' where user_id = ${first.id}`,
    );
    await eventually(async () => {
      expect((await experts.matching(['焦虑抑郁', '情绪管理'], 3))[0]!.title).toBe('资深督导');
    });
  });
});
