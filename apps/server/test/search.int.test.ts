import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { likeEscape } from '../src/lib/sql';
import { newsGrams, newsHeadGrams, newsSearch } from '../src/modules/news/news.search';
import { newsArticles } from '../src/modules/news/news.table';
import { tweetGrams } from '../src/modules/tweets/tweets.search';
import { tweets } from '../src/modules/tweets/tweets.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, dataOf, DEMO, login } from './helpers';

let ctx: TestContext;
const time = testClock();
const t = {} as Record<'expert' | 'auditor', string>;

interface Hit {
  kind: string;
  title: string;
  summary: string;
  score: number;
  url: string;
}
interface Result {
  counts: { kind: string; label: string; total: number }[];
  list: Hit[];
  total: number;
  suggestions: string[];
}

const api = (method: 'GET' | 'POST', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const search = async (query: string): Promise<Result> => {
  return dataOf(await api('GET', `/api/search?${query}`)) as Result;
};
const q = (code: string, rest = '') => `code=${encodeURIComponent(code)}${rest}`;
const countOf = (r: Result, kind: string) => r.counts.find((c) => c.kind === kind)?.total;

async function news(title: string, body: string, publish: 'now' | 'later' | 'never' = 'now') {
  const r = await api('POST', '/api/audit/news', t.auditor, {
    title,
    summary: `${title}的摘要`,
    category: 'science',
    cover: null,
    body: `<p>${body}</p>`,
  });
  expect(r.status, r.body.message).toBe(200);
  if (publish !== 'never')
    await api('POST', `/api/audit/news/${r.body.data.id}/publish`, t.auditor, {
      publishAt: publish === 'later' ? new Date(time.clock().getTime() + 3_600_000).toISOString() : null,
    });
}

async function tweet(content: string, approve: boolean | null) {
  const r = await api('POST', '/api/expert/tweets', t.expert, { content });
  const id = r.body.data.id as number;
  if (approve === null) return;
  await api('POST', `/api/expert/tweets/${id}/submit`, t.expert);
  if (approve) await api('POST', `/api/audit/tweets/${id}/review`, t.auditor, { approve: true });
}

/** What the seeded demo content already finds, before this file adds its own. */
let before: Result;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: time.clock });
  t.expert = await login(ctx.app, DEMO.expert);
  t.auditor = await login(ctx.app, DEMO.auditor);
  before = await search(q('焦虑'));
  await news('焦虑', '标题正是关键词的文章。');
  await news('秋季校园心理讲座回顾', '讲座谈到了考试前的焦虑与睡眠。');
  await news('焦虑草稿不该出现', '草稿。', 'never');
  await news('焦虑定时文章还没到时间', '定时。', 'later');
  await tweet('分享三个缓解焦虑的呼吸练习。', true);
  await tweet('焦虑待审核动态不该出现', false);
  await tweet('焦虑草稿动态不该出现', null);
});
afterAll(() => ctx.close());

describe(`search across the platform on ${testDbKind}`, () => {
  it('finds Chinese partial words in several kinds, with a count per kind', async () => {
    const r = await search(q('焦虑'));
    expect(countOf(r, 'scale')).toBeGreaterThanOrEqual(2);
    expect(countOf(r, 'news')).toBe(countOf(before, 'news')! + 2);
    expect(countOf(r, 'tweet')).toBe(countOf(before, 'tweet')! + 1);
    expect(r.counts.map((c) => c.kind)).toEqual([
      'scale',
      'plan',
      'activity',
      'course',
      'expert',
      'institution',
      'news',
      'tweet',
    ]);
    expect(r.total).toBe(r.counts.reduce((n, c) => n + c.total, 0));
    const scales = await search(q('焦虑', '&kind=scale&pageSize=50'));
    const names = scales.list.map((h) => h.title);
    expect(names).toContain('广泛性焦虑量表');
    expect(names).toContain('焦虑自评量表');
    expect(scales.list.every((h) => h.kind === 'scale')).toBe(true);
  });

  it('ranks by relevance: an exact title first, a title prefix next, a body mention last', async () => {
    const all = await search(q('焦虑', '&pageSize=50'));
    const scores = all.list.map((h) => h.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(all.list[0]).toMatchObject({ kind: 'news', title: '焦虑' });
    const scales = (await search(q('焦虑', '&kind=scale'))).list.map((h) => h.title);
    expect(scales.indexOf('焦虑自评量表')).toBeLessThan(scales.indexOf('广泛性焦虑量表'));
    const newsHits = (await search(q('焦虑', '&kind=news&pageSize=50'))).list;
    const titles = newsHits.map((h) => h.title);
    expect(titles[0]).toBe('焦虑');
    expect(titles.at(-1)).toBe('秋季校园心理讲座回顾');
    // A body-only match shows the words around it.
    expect(newsHits.at(-1)!.summary).toContain('焦虑');
  });

  it('scores a match in the body alone by where it is and how much of the body it covers', async () => {
    // The article's body is the field the ranking does not search again when no other field
    // holds the keyword: its scores must be those of a body that is searched.
    await news('呼吸练习入门', '焦虑时先做三次深呼吸。');
    await news('认知行为疗法入门', '什么是 CBT？一种常用的心理治疗。');
    await news('正念练习', 'Mindfulness 是一种练习。');
    const scoreOf = async (code: string, title: string) =>
      (await search(q(code, '&kind=news&pageSize=50'))).list.find((h) => h.title === title)?.score;
    const covers = (keyword: string, body: string) =>
      0.5 * (0.5 + (0.3 * Buffer.byteLength(keyword)) / Buffer.byteLength(body));
    // At the start: a prefix (0.8) times the body's weight (0.5); elsewhere: 0.5 plus the share.
    expect(await scoreOf('焦虑', '呼吸练习入门')).toBeCloseTo(0.4, 6);
    expect(await scoreOf('焦虑', '秋季校园心理讲座回顾')).toBeCloseTo(
      covers('焦虑', '讲座谈到了考试前的焦虑与睡眠。'),
      6,
    );
    expect(await scoreOf('cbt', '认知行为疗法入门')).toBeCloseTo(
      covers('cbt', '什么是 CBT？一种常用的心理治疗。'),
      6,
    );
    expect(await scoreOf('mindfulness', '正念练习')).toBeCloseTo(0.4, 6);
    // A title that holds it too: the body is searched, and its share counts on top of the title's.
    await news('焦虑的三个误区', '很多人以为焦虑只是想太多。');
    const both = await scoreOf('焦虑', '焦虑的三个误区');
    expect(both).toBeGreaterThan(3 * 0.8 + 1 * 0.8);
    expect(both! - (await scoreOf('焦虑', '呼吸练习入门'))!).toBeGreaterThan(3 * 0.8);
  });

  it('matches Latin letters in either case (Chinese and digits are matched as they are)', async () => {
    const ids = async (code: string) =>
      (await search(q(code, '&kind=scale&pageSize=50'))).list.map((h) => [h.title, h.score]);
    const upper = await ids('PHQ-9');
    expect(upper.length).toBeGreaterThan(0);
    expect(await ids('phq-9')).toEqual(upper);
    expect(await ids('Phq-9')).toEqual(upper);
  });

  it('takes % and _ in a keyword as themselves, in the filter and in the ranking', async () => {
    await news('睡眠质量提升 100% 的误区', '没有哪种方法能保证百分之百。');
    const percent = (await search(q('100%', '&kind=news&pageSize=50'))).list;
    expect(percent.map((h) => h.title)).toEqual(['睡眠质量提升 100% 的误区']);
    // A title that holds the keyword ranks as a title match (weight 3), not as no match.
    expect(percent[0]!.score).toBeGreaterThan(1.5);
    expect((await search(q('1_0', '&kind=news'))).list).toEqual([]);
  });

  it("finds an expert's approved tweets by the expert's name", async () => {
    const r = await search(q('王静怡', '&kind=tweet&pageSize=50'));
    const mine = r.list.map((h) => h.summary);
    expect(mine).toContain('分享三个缓解焦虑的呼吸练习。');
    expect(mine.some((m) => m.includes('不该出现'))).toBe(false);
    expect(r.list.every((h) => h.title === '王静怡的动态')).toBe(true);
    expect(countOf(r, 'tweet')).toBe(r.list.length);
    // Scored by the name too (read only for the authors whose name holds the keyword): an
    // exact name (1.0) plus its similarity to itself (0.1), times the name's weight (1).
    const breathing = r.list.find((h) => h.summary === '分享三个缓解焦虑的呼吸练习。');
    expect(breathing!.score).toBeCloseTo(1.1, 6);
    // A word in the post and not in the name: the name adds nothing.
    const byContent = (await search(q('呼吸练习', '&kind=tweet&pageSize=50'))).list;
    expect(byContent.find((h) => h.summary === '分享三个缓解焦虑的呼吸练习。')!.score).toBeLessThan(1.5);
  });

  it('never returns drafts, scheduled articles or tweets not yet approved', async () => {
    for (const code of [
      '焦虑草稿不该出现',
      '焦虑定时文章还没到时间',
      '焦虑待审核动态不该出现',
      '焦虑草稿动态不该出现',
    ]) {
      const r = await search(q(code));
      expect(r.total, code).toBe(0);
      expect(r.list).toEqual([]);
    }
    const none = await search(q('焦虑草稿不该出现'));
    expect(none.suggestions).toContain('焦虑');
  });

  it('pages each kind and the merged list, within limits', async () => {
    const first = await search(q('焦虑', '&kind=scale&pageSize=1&pageNum=1'));
    const second = await search(q('焦虑', '&kind=scale&pageSize=1&pageNum=2'));
    expect(first.list).toHaveLength(1);
    expect(second.list).toHaveLength(1);
    expect(second.list[0]!.title).not.toBe(first.list[0]!.title);
    const all = await search(q('焦虑', '&pageSize=50'));
    const page2 = await search(q('焦虑', '&pageSize=2&pageNum=2'));
    expect(page2.list.map((h) => h.title)).toEqual(all.list.slice(2, 4).map((h) => h.title));
    // A kind's pages, one hit each, follow its longer page hit by hit; its total is the same
    // counted beside its rows as counted alone (another kind's tab), and past its last page.
    const news = await search(q('焦虑', '&kind=news&pageSize=50'));
    expect(news.total).toBeGreaterThanOrEqual(3);
    const oneByOne = [];
    for (let n = 1; n <= news.total; n++) {
      const page = await search(q('焦虑', `&kind=news&pageSize=1&pageNum=${n}`));
      expect(page.total).toBe(news.total);
      oneByOne.push(...page.list.map((h) => [h.title, h.score]));
    }
    expect(oneByOne).toEqual(news.list.map((h) => [h.title, h.score]));
    expect(countOf(await search(q('焦虑', '&kind=scale')), 'news')).toBe(news.total);
    const past = await search(q('焦虑', `&kind=news&pageSize=10&pageNum=${Math.ceil(news.total / 10) + 1}`));
    expect(past.list).toEqual([]);
    expect(past.total).toBe(news.total);
    expect(countOf(past, 'news')).toBe(news.total);
    const deep = await api('GET', `/api/search?${q('焦虑', '&pageSize=50&pageNum=5')}`);
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe('全部结果最多显示前200条，请按类别查看更多');
    const badKind = await api('GET', `/api/search?${q('焦虑', '&kind=movie')}`);
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe('搜索类别不正确');
  });

  it('finds by a keyword of one or two characters exactly what LIKE finds (the gram indexes)', async () => {
    // Quotes, backslashes, LIKE's and tsquery's own characters, either case, and pairs that only
    // exist across two fields (a title's end and its summary's start: 眠深, 估深 below).
    await news('深度睡眠', "O'Neil 说：A/B 测试里 50% 的人睡得更好 \\ 先放松。");
    await news('深度评估', '焦与虑分开写；ab 与 AB、a_b。');
    await tweet("It's 睡眠 time：a\\b & c|d!", true);
    const db = ctx.database.db;
    const now = time.clock().toISOString();
    // (A keyword is trimmed as it comes in.)
    const truth = async (keyword: string) => {
      const like = `%${likeEscape(keyword.trim())}%`;
      const [n] = rowsOf<{ news: number; tweets: number }>(
        await db.execute(sql`select
          (select count(*)::int from ${newsArticles} where ${newsArticles.state} = 'published'
             and ${newsArticles.publishAt} <= ${now}::timestamptz and (${newsArticles.title} ilike ${like}
             or ${newsArticles.summary} ilike ${like} or ${newsArticles.bodyText} ilike ${like})) as news,
          (select count(*)::int from ${tweets} where ${tweets.status} = 'published' and ${tweets.visibility} = 'public'
             and (${tweets.content} ilike ${like} or ${tweets.expertId} in
               (select ${users.id} from ${users} where ${users.role} = 'expert' and ${users.name} ilike ${like}))) as tweets`),
      );
      return n!;
    };
    const keywords = [
      '焦',
      '焦虑',
      '睡眠',
      '眠深',
      '估深',
      'ab',
      'AB',
      'b',
      'B/',
      "'",
      "o'",
      '\\',
      '\\ ',
      '%',
      '_',
      'a_',
      '|',
      '!',
      '&',
      ':',
      '的摘',
    ];
    for (const keyword of keywords) {
      const r = await search(q(keyword, '&kind=news&pageSize=50'));
      const expected = await truth(keyword);
      expect([countOf(r, 'news'), countOf(r, 'tweet')], keyword).toEqual([expected.news, expected.tweets]);
      expect(r.list, keyword).toHaveLength(Math.min(expected.news, 50));
    }
    expect((await truth('眠深')).news).toBe(0);
    expect((await truth('ab')).news).toBeGreaterThan(0);
    expect((await truth("'")).tweets).toBeGreaterThan(0);
  });

  it('ranks the articles holding a keyword in the body alone apart, as one ranking would', async () => {
    // Articles that hold the keywords in each field and pair of fields, at the body's start, as
    // the whole body, in either case, in bodies of different lengths, and one scheduled.
    await news('睡眠卫生指南', '睡眠');
    await news('睡个好觉', '睡眠');
    await news('夜里醒来怎么办', '睡眠中途醒来很常见，先别看时间。');
    await news('作息与情绪', '规律作息能改善睡眠，也能稳定情绪，这篇文章谈谈两者的关系和一些做法。');
    await news('睡眠与运动', '白天运动的人夜里睡眠更深。');
    await news('考前准备', '考前一周的睡眠比复习更重要。');
    await news('睡眠日记怎么记', '每天早上写下几点睡、几点醒。');
    await news('Sleep 101', 'Good sleep starts with a routine; SLEEP is not a luxury.');
    await news('夜班的睡眠', '夜班之后的补觉，睡眠', 'later');
    const db = ctx.database.db;
    const split = newsSearch(time.clock);
    const whole = newsSearch(time.clock, false);
    for (const keyword of [
      '睡眠',
      '睡',
      '眠',
      '焦虑',
      'sleep',
      'SL',
      '的摘',
      '指南',
      '醒来',
      'routine',
      '%',
      '深度睡眠',
    ]) {
      for (const page of [
        { limit: 50, offset: 0 },
        { limit: 3, offset: 0 },
        { limit: 3, offset: 3 },
      ]) {
        const expected = await whole.search(db, keyword, page);
        const got = await split.search(db, keyword, page);
        const view = (r: typeof got) => ({
          total: r.total,
          items: r.items.map((h) => [h.title, Math.round(h.score * 1e9)]),
        });
        expect(view(got), `${keyword} ${page.offset}`).toEqual(view(expected));
      }
    }
    // The cases above are all there: the titles that hold it first, and of the bodies alone, the
    // body that is the keyword itself (1.0), then one starting with it (0.8), then the shorter.
    const order = (await split.search(db, '睡眠', { limit: 50, offset: 0 })).items.map((h) => h.title);
    expect(order.slice(0, 3)).toEqual(['睡眠卫生指南', '睡眠与运动', '睡眠日记怎么记']);
    const bodyOnly = ['睡个好觉', '夜里醒来怎么办', '考前准备', '作息与情绪'];
    expect(order.filter((title) => bodyOnly.includes(title))).toEqual(bodyOnly);
    expect(order).not.toContain('夜班的睡眠');
  });

  it('reads a short keyword from the gram index even when nearly every row holds it', async () => {
    const db = ctx.database.db;
    await db.execute(sql`analyze ${newsArticles}`);
    await db.execute(sql`analyze ${tweets}`);
    // Without statistics for the index expressions (ANALYZE would compute every sampled
    // article's grams), the planner takes the filter as selective: a scan instead would compute
    // every row's grams again.
    const kept = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_statistic
        where starelid in ('news_grams'::regclass, 'news_head_grams'::regclass, 'tweets_grams'::regclass)`),
    );
    expect(kept[0]!.n).toBe(0);
    const plan = async (query: SQL) =>
      rowsOf<Record<string, string>>(await db.execute(sql`explain ${query}`))
        .map((r) => Object.values(r)[0])
        .join('\n');
    // 的 is in nearly every article and post.
    const every = `的`;
    expect(
      await plan(
        sql`select count(*) from ${newsArticles} where ${newsGrams} @> array[lower(${every}::text)]`,
      ),
    ).toMatch(/Bitmap Index Scan on news_grams/);
    expect(
      await plan(
        sql`select count(*) from ${newsArticles} where ${newsHeadGrams} @> array[lower(${every}::text)]`,
      ),
    ).toMatch(/Bitmap Index Scan on news_head_grams/);
    expect(
      await plan(sql`select count(*) from ${tweets} where ${tweetGrams} @> array[lower(${every}::text)]`),
    ).toMatch(/Bitmap Index Scan on tweets_grams/);
  });

  it("finds a scheduled article once its time has come (the time is each search's own)", async () => {
    expect((await search(q('焦虑定时文章还没到时间'))).total).toBe(0);
    time.advance(2 * 3_600_000);
    const due = await search(q('焦虑定时文章还没到时间'));
    expect(due.list.map((h) => [h.kind, h.title])).toEqual([['news', '焦虑定时文章还没到时间']]);
    expect(countOf(await search(q('焦虑定时文章还没到时间', '&kind=scale')), 'news')).toBe(1);
  });
});
