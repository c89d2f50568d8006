import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phq9 } from '../src/modules/scales/builtins/phq9';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testDbKind, type TestContext } from './context';
import { call, loginCast, scaleIdsByCode } from './helpers';

let ctx: TestContext;
const t = {} as Record<'user' | 'user2' | 'expert' | 'expert2' | 'auditor', string>;
let scaleIds: Record<string, number>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  Object.assign(t, await loginCast(ctx.app, ['user', 'user2', 'expert', 'expert2', 'auditor']));
  scaleIds = await scaleIdsByCode(ctx.app);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const basicInfo = { name: '张小雨', gender: 'female', age: 23, regionCode: '110108', phone: null, extra: {} };

async function answerAll(token: string, id: number, part: number, positions: number[]) {
  const state = (await api('GET', `/api/assessment/${id}`, token)).body.data;
  const items = state.parts[part].items as { number: number }[];
  for (const [k, item] of items.entries()) {
    const r = await api('PUT', `/api/assessment/${id}/answer`, token, {
      part,
      item: item.number,
      position: positions[k] ?? 1,
    });
    expect(r.status, r.body.message).toBe(200);
  }
}

describe(`the assessment centre on ${testDbKind}`, () => {
  it('lists the built-in scales with item counts and prices', async () => {
    const r = await api('GET', '/api/scale/list?pageSize=50');
    expect(r.body.data.total).toBe(8);
    const phq = r.body.data.list.find((s: { code: string }) => s.code === 'PHQ9');
    expect(phq).toMatchObject({ name: '患者健康问卷抑郁量表', itemCount: 9, priceFen: 990, builtin: true });
    const free = await api('GET', '/api/scale/list?price=free&pageSize=50');
    expect(free.body.data.list.every((s: { priceFen: number }) => s.priceFen === 0)).toBe(true);
    const plans = await api('GET', '/api/plan/list');
    expect(plans.body.data.map((p: { title: string }) => p.title)).toContain('大学生心理健康普查');
    const acts = await api('GET', '/api/activity/list');
    expect(acts.body.data[0].phase).toBe('ongoing');
  });
});

describe(`热门测评: the scale list most taken first on ${testDbKind}`, () => {
  it('sort=popular orders by how often each scale was submitted and pages on the server', async () => {
    const codes = async (query: string) =>
      (
        (await api('GET', `/api/scale/list?${query}`)).body.data.list as {
          code: string;
          takenCount: number;
        }[]
      ).map((s) => `${s.code}:${s.takenCount}`);
    const catalogue = await codes('pageSize=50');
    expect(catalogue[0]).toBe('PHQ9:0');
    // WHO-5, last in the catalogue, taken once (all well: no warning).
    const s = await api('POST', '/api/assessment/start', t.user2, { scaleId: scaleIds.WHO5 });
    const aid = s.body.data.id;
    await api('POST', `/api/assessment/${aid}/consent`, t.user2, { accepted: true });
    await api('POST', `/api/assessment/${aid}/basic-info`, t.user2, { ...basicInfo, name: '李想' });
    await answerAll(t.user2, aid, 0, [1, 1, 1, 1, 1]);
    expect((await api('POST', `/api/assessment/${aid}/submit`, t.user2, { part: 0 })).status).toBe(200);

    expect(await codes('pageSize=2&sort=popular')).toEqual(['WHO5:1', 'PHQ9:0']);
    const popular = await codes('pageSize=50&sort=popular');
    // The rest keep the catalogue's order.
    expect(popular).toEqual(['WHO5:1', ...catalogue.filter((c) => !c.startsWith('WHO5'))]);
    expect(await codes('pageSize=50')).toEqual([...catalogue.filter((c) => !c.startsWith('WHO5')), 'WHO5:1']);
    const bad = await api('GET', '/api/scale/list?sort=random');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('排序方式不正确');
  });
});

describe(`taking a scale on ${testDbKind}`, () => {
  let id: number;

  it('needs consent, then basic info, before any answer', async () => {
    const start = await api('POST', '/api/assessment/start', t.user, { scaleId: scaleIds.PHQ9 });
    expect(start.status).toBe(200);
    id = start.body.data.id;
    expect(start.body.data.next).toBe('consent');
    const early = await api('PUT', `/api/assessment/${id}/answer`, t.user, { part: 0, item: 1, position: 1 });
    expect(early.status).toBe(409);
    const noInfo = await api('POST', `/api/assessment/${id}/basic-info`, t.user, basicInfo);
    expect(noInfo.body.message).toBe('请先阅读并同意知情同意书');
    const refused = await api('POST', `/api/assessment/${id}/consent`, t.user, { accepted: false });
    expect(refused.body.message).toBe('请阅读并同意知情同意书');
    expect(
      (await api('POST', `/api/assessment/${id}/consent`, t.user, { accepted: true })).body.data.next,
    ).toBe('basic_info');
    const badRegion = await api('POST', `/api/assessment/${id}/basic-info`, t.user, {
      ...basicInfo,
      regionCode: '999999',
    });
    expect(badRegion.body.message).toBe('请选择正确的所在地区（省/市/区县）');
    const ok = await api('POST', `/api/assessment/${id}/basic-info`, t.user, basicInfo);
    expect(ok.body.data.next).toBe('questions');
    expect(ok.body.data.parts[0].items).toHaveLength(9);
  });

  it('saves answers as given and resumes where it left off', async () => {
    await api('PUT', `/api/assessment/${id}/answer`, t.user, { part: 0, item: 1, position: 3 });
    await api('PUT', `/api/assessment/${id}/answer`, t.user, { part: 0, item: 2, position: 2 });
    const again = await api('POST', '/api/assessment/start', t.user, { scaleId: scaleIds.PHQ9 });
    expect(again.body.data.id).toBe(id);
    expect(again.body.data.parts[0].answers).toMatchObject({ '1': 3, '2': 2, '3': null });
    const bad = await api('PUT', `/api/assessment/${id}/answer`, t.user, { part: 0, item: 3, position: 5 });
    expect(bad.body.message).toBe('第3题的选项超出范围');
    expect(
      (await api('PUT', `/api/assessment/${id}/answer`, t.user, { part: 0, item: 10, position: 1 })).status,
    ).toBe(400);
  });

  it('refuses to submit until every item is answered, then scores it', async () => {
    const early = await api('POST', `/api/assessment/${id}/submit`, t.user, { part: 0 });
    expect(early.body.message).toBe('第3题未作答，请答完所有题目再提交');
    // scales.md example: positions 3,3,2,2,2,2,2,2,1 -> total 10, 中度, no alert.
    await answerAll(t.user, id, 0, [3, 3, 2, 2, 2, 2, 2, 2, 1]);
    const done = await api('POST', `/api/assessment/${id}/submit`, t.user, { part: 0, durationSeconds: 95 });
    expect(done.body.data.next).toBe('done');
    const result = await api('GET', `/api/assessment/${id}/result`, t.user);
    expect(result.body.data.parts[0]).toMatchObject({ rawScore: 10, band: { label: '中度' }, alerts: [] });
    expect(result.body.data.crisis).toBe(false);
    expect(result.body.data.report).toMatchObject({ access: 'locked', priceFen: 990 });
    // Interpretation and advice come with the full report.
    expect(result.body.data.full).toBe(false);
    expect(result.body.data.parts[0].band.advice).toBe('');
    const locked = await api('GET', `/api/assessment/${id}/report`, t.user);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe('请先购买完整报告');
  });

  it('keeps the full report locked until its order is paid', async () => {
    const order = await api('POST', `/api/assessment/${id}/report/order`, t.user);
    expect(order.body.data).toMatchObject({ kind: 'report', amountFen: 990, status: 'unpaid' });
    const same = await api('POST', `/api/assessment/${id}/report/order`, t.user);
    expect(same.body.data.id).toBe(order.body.data.id);
    expect((await api('GET', `/api/assessment/${id}/result`, t.user)).body.data.report.access).toBe('locked');
    const paid = await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, t.user, {
      action: 'pay',
    });
    expect(paid.body.data.status).toBe('paid');
    const after = await api('GET', `/api/assessment/${id}/result`, t.user);
    expect(after.body.data.report).toMatchObject({ access: 'available', orderId: order.body.data.id });
    expect(paid.body.data.itemLink).toBe(`/reportView?id=${id}`);
    const full = await api('GET', `/api/assessment/${id}/report`, t.user);
    expect(full.body.data.result.full).toBe(true);
    expect(full.body.data.result.parts[0].band.advice.length).toBeGreaterThan(5);
    expect(full.body.data.basicInfo.name).toBe('张小雨');
    const pdf = await ctx.app.inject({
      url: `/SysAdmin/api/assessment/${id}/report.pdf`,
      headers: { serviceToken: t.user },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain("filename*=UTF-8''");
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The Chinese font is embedded (as a subset), so the report prints anywhere.
    expect(bytes.includes(Buffer.from('/FontFile2'))).toBe(true);
    expect(bytes.includes(Buffer.from('NotoSansSC'))).toBe(true);
    expect(
      (
        await ctx.app.inject({
          url: `/SysAdmin/api/assessment/${id}/report.pdf`,
          headers: { serviceToken: t.user2 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('item 9 above zero raises a level-3 warning and shows the crisis resources', async () => {
    const s = await api('POST', '/api/assessment/start', t.user, { scaleId: scaleIds.PHQ9 });
    const aid = s.body.data.id;
    await api('POST', `/api/assessment/${aid}/consent`, t.user, { accepted: true });
    await api('POST', `/api/assessment/${aid}/basic-info`, t.user, basicInfo);
    await answerAll(t.user, aid, 0, [1, 1, 1, 1, 1, 1, 1, 1, 2]);
    await api('POST', `/api/assessment/${aid}/submit`, t.user, { part: 0 });
    const r = await api('GET', `/api/assessment/${aid}/result`, t.user);
    expect(r.body.data.crisis).toBe(true);
    expect(r.body.data.hotlines[0].number).toBe('12356');
    expect(r.body.data.parts[0].alerts[0]).toMatchObject({ level: 3, crisis: true });
    // The demo user belongs to the expert's institution: the expert follows them up.
    await ctx.app.deps.events.drain();
    const ws = await api('GET', '/api/expert/warnings', t.expert);
    const w = ws.body.data.list.find((x: { assessmentId: number }) => x.assessmentId === aid);
    expect(w).toMatchObject({ level: 3, status: 'pending', userName: '张小雨' });
    const note = await api('GET', '/api/userNotification?status=unread', t.expert);
    expect(note.body.data.list[0].title).toBe('高风险预警');
    const progress = await api('POST', `/api/expert/warnings/${w.id}/progress`, t.expert, {
      status: 'following',
      note: '已电话联系，约定明天面谈',
    });
    expect(progress.status).toBe(200);
    const detail = await api('GET', `/api/expert/warnings/${w.id}`, t.expert);
    expect(detail.body.data.progress[0]).toMatchObject({
      actorName: '王静怡',
      note: '已电话联系，约定明天面谈',
    });
    expect((await api('GET', `/api/expert/warnings/${w.id}`, t.expert2)).status).toBe(404);
  });

  it('a high-level warning with nobody assigned reaches the auditors at once', async () => {
    const [u] = await ctx.database.db
      .insert(users)
      .values({ telephone: '13912345670', name: '无机构用户' })
      .returning();
    const token = await ctx.app.deps.services.sessions.create(ctx.database.db, u!.id, {
      ip: null,
      userAgent: null,
    });
    const s = await api('POST', '/api/assessment/start', token, { scaleId: scaleIds.PHQ9 });
    const aid = s.body.data.id;
    await api('POST', `/api/assessment/${aid}/consent`, token, { accepted: true });
    await api('POST', `/api/assessment/${aid}/basic-info`, token, { ...basicInfo, name: '无机构用户' });
    await answerAll(token, aid, 0, [1, 1, 1, 1, 1, 1, 1, 1, 4]);
    await api('POST', `/api/assessment/${aid}/submit`, token, { part: 0 });
    await ctx.app.deps.events.drain();
    const notes = await api('GET', '/api/userNotification?status=unread', t.auditor);
    const n = notes.body.data.list.find((x: { content: string }) => x.content.includes('无机构用户'));
    expect(n).toMatchObject({ kind: 'warning', title: '高风险预警' });
    expect(n.content).toContain('暂无负责专家');
  });

  it('filters the experts’ and auditors’ lists by the highest warning level, totals exact', async () => {
    type Row = { id: number; maxWarningLevel: number | null; status: string };
    const all = async (token: string, query = '') => {
      const r = await api('GET', `/api/expert/assessments?pageSize=100${query}`, token);
      expect(r.status, r.body.message).toBe(200);
      return r.body.data as { list: Row[]; total: number; submittedCount: number };
    };
    for (const token of [t.expert, t.auditor]) {
      const every = await all(token);
      expect(every.total).toBe(every.list.length);
      expect(every.submittedCount).toBe(every.list.filter((a) => a.status === 'submitted').length);
      expect(every.list.some((a) => a.maxWarningLevel === 3)).toBe(true);
      for (const level of ['1', '2', '3', 'none'] as const) {
        const want = every.list
          .filter((a) => a.maxWarningLevel === (level === 'none' ? null : Number(level)))
          .map((a) => a.id);
        const got = await all(token, `&level=${level}`);
        expect(got.list.map((a) => a.id)).toEqual(want);
        expect(got.total).toBe(want.length);
        // The count of what the caller may see, whatever the filter.
        expect(got.submittedCount).toBe(every.submittedCount);
      }
      // The name search reads the person's account too; its total counts the same rows it lists.
      const named = await all(token, `&keyword=${encodeURIComponent('张小雨')}`);
      expect(named.total).toBe(named.list.length);
      expect(named.total).toBeGreaterThan(0);
      // Pages of one: each page's total is the whole; a page past the end lists nothing, same total.
      const second = (await api('GET', '/api/expert/assessments?pageSize=1&pageNum=2', token)).body.data;
      expect(second.total).toBe(every.total);
      expect(second.list.map((a: Row) => a.id)).toEqual([every.list[1]!.id]);
      const past = (await api('GET', `/api/expert/assessments?pageNum=${every.total + 1}&pageSize=1`, token))
        .body.data;
      expect(past).toMatchObject({ list: [], total: every.total });
    }
  });

  it('the name search finds the name given in the test, else the account’s, and the title; totals exact', async () => {
    type Row = { id: number; title: string };
    const search = async (keyword: string) => {
      const r = await api(
        'GET',
        `/api/expert/assessments?pageSize=100&keyword=${encodeURIComponent(keyword)}`,
        t.auditor,
      );
      expect(r.status, r.body.message).toBe(200);
      const page = r.body.data as { list: Row[]; total: number };
      expect(page.total).toBe(page.list.length);
      return page.list.map((a) => a.id);
    };
    const accountName = (await api('GET', '/api/userinfo/info', t.user2)).body.data.name as string;
    // Given a name of their own in the test: found by it, not by the account's name.
    const aliased = (await api('POST', '/api/assessment/start', t.user2, { scaleId: scaleIds.GAD7 })).body
      .data.id as number;
    await api('POST', `/api/assessment/${aliased}/consent`, t.user2, { accepted: true });
    const info = await api('POST', `/api/assessment/${aliased}/basic-info`, t.user2, {
      ...basicInfo,
      name: '欧阳化名',
    });
    expect(info.status, info.body.message).toBe(200);
    // No name given yet: found by the account's name.
    const unnamed = (await api('POST', '/api/assessment/start', t.user2, { scaleId: scaleIds.WHO5 })).body
      .data.id as number;

    expect(await search('欧阳化名')).toEqual([aliased]);
    expect(await search('阳化')).toEqual([aliased]);
    const byAccount = await search(accountName);
    expect(byAccount).toContain(unnamed);
    expect(byAccount).not.toContain(aliased);
    // The title (the scale's name), whoever took it.
    const gad7Title = (await api('GET', `/api/assessment/${aliased}`, t.user2)).body.data.title as string;
    const byTitle = await search(gad7Title);
    expect(byTitle).toContain(aliased);
    expect(byTitle).not.toContain(unnamed);
    // Fewer than three characters (no trigram to narrow by): the same three sides.
    expect(await search('化')).toContain(aliased);
    const accountTail = await search(accountName.slice(-2));
    expect(accountTail).toContain(unnamed);
    expect(accountTail).not.toContain(aliased);
    // The title in any case, short or long.
    await ctx.database.db.execute(sql`update assessments set title = 'Gad-7 焦虑' where id = ${aliased}`);
    expect(await search('gA')).toEqual([aliased]);
    expect(await search('GAD-7 焦')).toEqual([aliased]);
    // LIKE's own characters are plain text.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('a name search counts up to 1,000 matches and says there are more', async () => {
    const taken = (await api('POST', '/api/assessment/start', t.user2, { scaleId: scaleIds.PHQ9 })).body.data
      .id as number;
    // 1,001 more assessments given the same name: a common name across a platform.
    await ctx.database.db.execute(sql`
      insert into assessments (user_id, kind, scale_id, title, status, consent_text, basic_info, started_at)
      select user_id, kind, scale_id, title, status, consent_text, '{"name":"千人同名"}'::jsonb, started_at
      from assessments, generate_series(1, 1001) where id = ${taken}`);
    const page = async (q: string) =>
      (await api('GET', `/api/expert/assessments?keyword=${encodeURIComponent('千人同名')}&${q}`, t.auditor))
        .body.data as { list: unknown[]; total: number; totalCapped?: boolean };
    const first = await page('pageSize=10');
    expect(first).toMatchObject({ total: 1000, totalCapped: true });
    expect(first.list).toHaveLength(10);
    // Its pages go on past the count.
    expect((await page('pageSize=100&pageNum=11')).list).toHaveLength(1);
    // Fewer matches are counted exactly, and say nothing more.
    const few = await page('pageSize=10&status=in_progress&level=3');
    expect(few.total).toBe(0);
    expect(few.totalCapped).toBeUndefined();
  });

  it('keeps everyone else out with 404', async () => {
    for (const url of [`/api/assessment/${id}`, `/api/assessment/${id}/result`]) {
      expect((await api('GET', url, t.user2)).status).toBe(404);
    }
    expect(
      (await api('PUT', `/api/assessment/${id}/answer`, t.user2, { part: 0, item: 1, position: 1 })).status,
    ).toBe(404);
    expect((await api('GET', `/api/expert/assessments/${id}`, t.expert2)).status).toBe(404);
    const mine = await api('GET', `/api/expert/assessments/${id}`, t.expert);
    expect(mine.body.data.answers[0].items[0]).toMatchObject({
      number: 1,
      answer: '一半以上的天数',
      value: 2,
    });
    expect((await api('GET', `/api/expert/assessments/${id}`, t.auditor)).status).toBe(200);
    expect((await api('GET', '/api/expert/assessments', t.user)).status).toBe(403);
  });

  it('我的测评 pages newest first, by status, with the count of each', async () => {
    type Item = { id: number; status: string; startedAt: string; user: { name: string } };
    // One left unfinished, next to the finished ones.
    expect((await api('POST', '/api/assessment/start', t.user, { scaleId: scaleIds.WHO5 })).status).toBe(200);
    const all = (await api('GET', '/api/assessment/mine?pageSize=100', t.user)).body.data;
    const { counts } = all;
    expect(counts.all).toBe(all.total);
    expect(counts.all).toBe(counts.in_progress + counts.submitted);
    expect(counts.submitted).toBeGreaterThan(0);
    expect(counts.in_progress).toBeGreaterThan(0);
    const items = all.list as Item[];
    expect(items).toHaveLength(Math.min(all.total, 100));
    const starts = items.map((a) => a.startedAt);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(new Set(items.map((a) => a.user.name)).size).toBe(1);

    const second = (await api('GET', '/api/assessment/mine?pageNum=2&pageSize=1', t.user)).body.data;
    expect(second).toMatchObject({ pageNum: 2, pageSize: 1, total: counts.all });
    expect(second.list.map((a: Item) => a.id)).toEqual([items[1]!.id]);
    for (const status of ['in_progress', 'submitted'] as const) {
      const page = (await api('GET', `/api/assessment/mine?pageSize=100&status=${status}`, t.user)).body.data;
      expect(page.total).toBe(counts[status]);
      expect(page.counts).toEqual(counts);
      expect(page.list.map((a: Item) => a.id)).toEqual(
        items.filter((a) => a.status === status).map((a) => a.id),
      );
    }
    // Someone else's are not mine.
    const theirs = (await api('GET', '/api/assessment/mine?pageSize=100', t.user2)).body.data.list as Item[];
    expect(theirs.some((a) => items.some((m) => m.id === a.id))).toBe(false);

    for (const [q, message] of [
      ['?status=done', '测评状态不正确'],
      ['?pageSize=101', null],
      ['?pageNum=0', null],
    ] as const) {
      const r = await api('GET', `/api/assessment/mine${q}`, t.user);
      expect(r.status, q).toBe(400);
      if (message) expect(r.body.message).toBe(message);
    }
  });
});

describe(`a plan with two scales and approval on ${testDbKind}`, () => {
  it('goes guidance, consent, basic info with the plan’s fields, then each scale', async () => {
    const plans = (await api('GET', '/api/plan/list')).body.data;
    const work = plans.find((p: { title: string }) => p.title === '职场压力与身心状况评估');
    const s = await api('POST', '/api/assessment/start', t.user2, { planId: work.id });
    const id = s.body.data.id;
    expect(s.body.data.next).toBe('guidance');
    expect(s.body.data.parts.map((p: { shortName: string }) => p.shortName)).toEqual([
      'K10',
      'PHQ-15',
      'WHO-5',
    ]);
    await api('POST', `/api/assessment/${id}/consent`, t.user2, { accepted: true });
    const male = await api('POST', `/api/assessment/${id}/basic-info`, t.user2, {
      ...basicInfo,
      name: '李晨',
      gender: 'male',
      extra: { department: '研发部' },
    });
    // PHQ-15 item 4 is asked of women only.
    expect(male.body.data.parts[1].items.map((i: { number: number }) => i.number)).not.toContain(4);
    expect(male.body.data.basicInfo.extra).toEqual({ department: '研发部' });
    for (const part of [0, 1, 2]) {
      await answerAll(t.user2, id, part, []);
      const r = await api('POST', `/api/assessment/${id}/submit`, t.user2, { part });
      expect(r.status, r.body.message).toBe(200);
    }
    const result = await api('GET', `/api/assessment/${id}/result`, t.user2);
    expect(result.body.data.parts).toHaveLength(3);
    expect(result.body.data.parts[0]).toMatchObject({ shortName: 'K10', rawScore: 10 });
    // My assessments list each scored band with its scale's short name, in the plan's order.
    const bands = (result.body.data.parts as { shortName: string; band: { label: string } | null }[])
      .filter((p) => p.band)
      .map((p) => `${p.shortName} ${p.band!.label}`);
    expect(bands.length).toBeGreaterThanOrEqual(2);
    const mine = (await api('GET', '/api/assessment/mine', t.user2)).body.data.list;
    expect(mine.find((a: { id: number }) => a.id === id)).toMatchObject({
      status: 'submitted',
      summary: bands,
    });
    expect(result.body.data.report.access).toBe('locked');
    const order = await api('POST', `/api/assessment/${id}/report/order`, t.user2);
    await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, t.user2, { action: 'pay' });
    expect((await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report.access).toBe(
      'pending_approval',
    );
    const queue = await api('GET', '/api/expert/report-approvals', t.auditor);
    expect(queue.body.data.list.some((q: { assessmentId: number }) => q.assessmentId === id)).toBe(true);
    const noReason = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, { approve: false });
    expect(noReason.body.message).toBe('请填写退回原因');
    await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, { approve: true });
    expect((await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report.access).toBe(
      'available',
    );
  });
});

describe(`scoring preview on ${testDbKind}`, () => {
  const preview = (token: string, body: unknown) => api('POST', '/api/scale/preview-score', token, body);

  it('answers the scales.md examples', async () => {
    const p = await preview(t.expert, { scaleCode: 'PHQ9', answers: [3, 3, 2, 2, 2, 2, 2, 2, 1] });
    expect(p.body.data).toMatchObject({
      rawScore: 10,
      standardScore: null,
      band: { label: '中度' },
      alerts: [],
      positive: true,
    });
    const sds = await preview(t.expert, { scaleCode: 'SDS', answers: Array(20).fill(1) });
    expect(sds.body.data).toMatchObject({ rawScore: 50, standardScore: 62, band: { label: '轻度' } });
    const scl = await preview(t.auditor, { scaleCode: 'SCL90', answers: Array(90).fill(1) });
    expect(scl.body.data.indices).toMatchObject({ totalMean: 1, positiveCount: 0 });
    expect(scl.body.data.positive).toBe(false);
    expect(scl.body.data.dimensions[0]).toMatchObject({ name: '躯体化', score: 1 });
    const phq15 = await preview(t.expert, {
      scaleCode: 'PHQ15',
      answers: [3, 3, 3, null, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3],
      basicInfo: { gender: 'male' },
    });
    expect(phq15.body.data.rawScore).toBe(28);
  });

  it('names the item in a 400 and is closed to ordinary users', async () => {
    expect((await preview(t.expert, { scaleCode: 'PHQ9', answers: [1, 1, 1] })).body.message).toBe(
      '答案数量应为9个，实际为3个',
    );
    expect(
      (await preview(t.expert, { scaleCode: 'PHQ9', answers: [1, 1, 5, 1, 1, 1, 1, 1, 1] })).body.message,
    ).toBe('第3题的选项超出范围');
    expect((await preview(t.user, { scaleCode: 'PHQ9', answers: [1, 1, 1, 1, 1, 1, 1, 1, 1] })).status).toBe(
      403,
    );
    expect((await preview(t.expert, { scaleCode: 'NOPE', answers: [] })).status).toBe(404);
  });
});

describe(`authoring, review and versions on ${testDbKind}`, () => {
  const draft = (name: string) => ({
    name,
    shortName: 'MOOD-3',
    intro: '三道题快速了解近一周的情绪状态，仅用于教学演示。',
    category: '情绪',
    priceFen: 0,
    definition: {
      ...phq9,
      code: 'MOOD3',
      name,
      shortName: 'MOOD-3',
      items: phq9.items.slice(0, 3),
      scores: [{ key: 'total', name: '总分', expr: { op: 'sumItems' }, decimals: 0 }],
      alerts: [],
      positive: undefined,
      report: { raw: 'total', indices: [] },
    },
  });

  it('an expert drafts and submits; the auditor rejects with a reason, then approves; only then is it public', async () => {
    const made = await api('POST', '/api/expert/scales', t.expert, draft('三题情绪速测'));
    expect(made.status, made.body.message).toBe(200);
    const id = made.body.data.id;
    expect((await api('GET', `/api/scale/detail/${id}`)).status).toBe(404);
    const livePreview = await api('POST', '/api/scale/preview-score', t.expert, {
      scaleCode: 'MOOD3',
      answers: [2, 2, 2],
    });
    expect(livePreview.body.data.rawScore).toBe(3);
    await api('POST', `/api/expert/scales/${id}/submit`, t.expert);
    expect(
      (await api('POST', `/api/audit/scales/${id}/review`, t.auditor, { approve: false })).body.message,
    ).toBe('请填写驳回原因');
    await api('POST', `/api/audit/scales/${id}/review`, t.auditor, {
      approve: false,
      reason: '请补充量表来源',
    });
    const mine = await api('GET', '/api/expert/scales', t.expert);
    expect(mine.body.data[0]).toMatchObject({ status: 'rejected', rejectReason: '请补充量表来源' });
    await ctx.app.deps.events.drain();
    const notes = await api('GET', '/api/userNotification', t.expert);
    expect(notes.body.data.list.some((n: { title: string }) => n.title === '审核未通过')).toBe(true);
    await api('POST', `/api/expert/scales/${id}/submit`, t.expert);
    await api('POST', `/api/audit/scales/${id}/review`, t.auditor, { approve: true });
    expect((await api('GET', `/api/scale/detail/${id}`)).body.data).toMatchObject({
      name: '三题情绪速测',
      itemCount: 3,
    });
    expect((await api('POST', '/api/expert/scales', t.user, draft('x'))).status).toBe(403);
    const bad = await api('POST', '/api/expert/scales', t.expert2, {
      ...draft('坏量表'),
      definition: { code: 'BAD1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^量表规则有误/);
  });

  it('editing a published scale makes a new version; a taken assessment keeps its own', async () => {
    const mine = (await api('GET', '/api/expert/scales', t.expert)).body.data;
    const id = mine[0].id;
    const s = await api('POST', '/api/assessment/start', t.user2, { scaleId: id });
    const aid = s.body.data.id;
    await api('POST', `/api/assessment/${aid}/consent`, t.user2, { accepted: true });
    await api('POST', `/api/assessment/${aid}/basic-info`, t.user2, basicInfo);

    const edited = draft('三题情绪速测');
    edited.definition.items = phq9.items.slice(0, 4);
    await api('PUT', `/api/expert/scales/${id}`, t.expert, edited);
    await api('POST', `/api/expert/scales/${id}/submit`, t.expert);
    // Still public with its first version while the new one is reviewed.
    expect((await api('GET', `/api/scale/detail/${id}`)).body.data.itemCount).toBe(3);
    await api('POST', `/api/audit/scales/${id}/review`, t.auditor, { approve: true });
    expect((await api('GET', `/api/scale/detail/${id}`)).body.data.itemCount).toBe(4);

    const old = await api('GET', `/api/assessment/${aid}`, t.user2);
    expect(old.body.data.parts[0].items).toHaveLength(3);
    await answerAll(t.user2, aid, 0, [2, 2, 2]);
    expect((await api('POST', `/api/assessment/${aid}/submit`, t.user2, { part: 0 })).status).toBe(200);
    const fresh = await api('POST', '/api/assessment/start', t.user2, { scaleId: id });
    expect(fresh.body.data.parts[0].items).toHaveLength(4);
  });
});
