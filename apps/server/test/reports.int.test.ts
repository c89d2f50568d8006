import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login, scaleIdsByCode, take as takeThroughApi, type TakeTarget } from './helpers';

/**
 * The paid full report: the SCL-90 profile against the Chinese norm, the trend over two takes,
 * the answers that drove it, next steps; and for plans that need approval, what the person is
 * told before paying, while it is reviewed, when it is returned or approved.
 */
let ctx: TestContext;
const clock = testClock(new Date('2026-11-20T02:00:00Z')); // Friday 10:00 in Beijing
const t = {} as Record<'user' | 'user2' | 'auditor', string>;
let scaleIds: Record<string, number>;

/** Moves the clock; sessions expire after 2 idle hours, so everyone signs in again. */
async function at(iso: string) {
  clock.set(new Date(iso));
  t.user = await login(ctx.app, DEMO.user);
  t.user2 = await login(ctx.app, '13800000021');
  t.auditor = await login(ctx.app, DEMO.auditor);
}

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, clock: clock.clock });
  await at('2026-11-20T02:00:00Z');
  scaleIds = await scaleIdsByCode(ctx.app);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });
const basicInfo = { name: '张小雨', gender: 'female', age: 23, regionCode: '110108', phone: null, extra: {} };

/** Starts, consents, fills basic info, answers every item of every part and submits. */
const take = (token: string, target: TakeTarget, positions: Position) =>
  takeThroughApi(ctx.app, token, target, positions, { info: basicInfo, durationSeconds: 3 });
type Position = (part: number, item: number) => number;

/** The report's PDF as its owner downloads it, and its text (poppler's pdftotext, as the e2e). */
async function pdfOf(token: string, id: number) {
  const pdf = await ctx.app.inject({
    url: `/SysAdmin/api/assessment/${id}/report.pdf`,
    headers: { serviceToken: token },
  });
  expect(pdf.statusCode).toBe(200);
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString();
  return { bytes: pdf.rawPayload, text };
}

async function pay(token: string, id: number) {
  const order = await api('POST', `/api/assessment/${id}/report/order`, token);
  expect(order.status, order.body.message).toBe(200);
  const paid = await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, token, {
    action: 'pay',
  });
  expect(paid.body.data.status).toBe('paid');
  return order.body.data as { orderNo: string };
}

const depressionItems = [5, 14, 15, 20, 22, 26, 29, 30, 31, 32, 54, 71, 79];
const anxietyItems = [2, 17, 23, 33, 39, 57, 72, 78, 80, 86];

describe(`the full SCL-90 report on ${testDbKind}`, () => {
  let id: number;

  it('profiles the ten factors against the Chinese norm and marks the positive ones', async () => {
    // A first take a week earlier, all 无 (total 90), so the report has a trend.
    await take(t.user, { scaleId: scaleIds.SCL90! }, () => 1);
    await at('2026-11-22T19:53:00Z'); // 2026-11-23 03:53 in Beijing
    // 抑郁 items 中度 (factor 3.00), 焦虑 items 轻度 (factor 2.00), the rest 无: total 126.
    id = await take(t.user, { scaleId: scaleIds.SCL90! }, (_, n) =>
      depressionItems.includes(n) ? 3 : anxietyItems.includes(n) ? 2 : 1,
    );
    // Before paying, the page selling it learns what this report will hold: SCL-90 has factors
    // with a Chinese norm, and an earlier take to compare with.
    const locked = (await api('GET', `/api/assessment/${id}/result`, t.user)).body.data.report;
    expect(locked.contents).toEqual({
      interpretation: true,
      scoreScale: true,
      standard: false,
      profile: true,
      norms: true,
      trend: true,
      highItems: true,
      alerts: true,
      review: false,
      experts: true,
      courses: true,
    });
    const order = await pay(t.user, id);
    // The order number carries the Beijing date of the payment, not the UTC one.
    expect(order.orderNo).toMatch(/^P20261123035300\d{6}$/);

    const r = await api('GET', `/api/assessment/${id}/report`, t.user);
    expect(r.status, r.body.message).toBe(200);
    const part = r.body.data.parts[0];
    expect(part).toMatchObject({ scaleCode: 'SCL90', shortName: 'SCL-90' });
    expect(part.dimensions).toHaveLength(10);
    const byName = Object.fromEntries(part.dimensions.map((d: { name: string }) => [d.name, d]));
    expect(byName['躯体化']).toMatchObject({
      score: 1,
      norm: { mean: 1.37, sd: 0.48 },
      positive: false,
      level: '无明显症状',
    });
    expect(byName['抑郁']).toMatchObject({
      score: 3,
      norm: { mean: 1.5, sd: 0.59 },
      positive: true,
      level: '中度',
    });
    expect(byName['抑郁'].interpretation).toContain('高于中国常模均值（1.50）一个标准差以上');
    expect(byName['抑郁'].advice).toContain('规律作息');
    expect(byName['焦虑']).toMatchObject({ score: 2, positive: true, level: '轻度' });
    // 其他 has no norm in the 1986 sample.
    expect(byName['其他'].norm).toBeNull();
    expect(part.dimensionRange).toEqual({ min: 1, max: 5, positiveAt: 2 });
    expect(part.normSource).toContain('金华');
    expect(part.indexNorms.totalMean).toEqual({ mean: 1.44, sd: 0.43 });
    expect(part.indexNorms.total).toEqual({ mean: 129.96, sd: 38.76 });
    // The total on its band scale: 90 (all 无) to 450, cut-off at 160.
    expect(part.scoreScale).toMatchObject({
      name: '总分',
      value: 126,
      min: 90,
      max: 450,
      label: '未达阳性标准',
    });
    expect(part.scoreScale.bands.map((b: { min: number }) => b.min)).toEqual([90, 161]);
    expect(part.standard).toBeNull();
    expect(part.summary).toBe(
      '筛查阳性：抑郁、焦虑因子分达到或超过 2 分。阳性提示近期存在需要关注的困扰，并不等于诊断；请结合下方各因子的解读，必要时寻求专业评估。',
    );
    // 180 answers given one by one: slow on a busy machine.
  }, 180_000);

  it('compares with the earlier take and lists the answers that drove the result', async () => {
    const { parts, next, institution, review, result } = (
      await api('GET', `/api/assessment/${id}/report`, t.user)
    ).body.data;
    const part = parts[0];
    expect(part.trend.map((p: { score: number; current: boolean }) => [p.score, p.current])).toEqual([
      [90, false],
      [126, true],
    ]);
    expect(part.change).toEqual({
      previous: 90,
      delta: 36,
      text: '比上次（2026-11-20）高 36 分，困扰有所加重。',
    });
    // 13 depression items at 中度 (value 3): the first 12 by item number; 轻度 is not "high".
    expect(part.highItems).toHaveLength(12);
    expect(part.highItems[0]).toEqual({
      number: 5,
      text: '对异性的兴趣减退',
      answer: '中度',
      value: 3,
      dimension: '抑郁',
    });
    expect(part.highItems.some((i: { number: number }) => anxietyItems.includes(i.number))).toBe(false);
    // Item 15 (想结束自己的生命) at 中度: the crisis resources come with the report.
    expect(result.crisis).toBe(true);
    expect(result.hotlines[0]).toMatchObject({ name: '全国心理援助热线', number: '12356' });
    // A crisis asks for crisis work first; then the positive factors' specialties.
    expect(next.experts.length).toBeGreaterThan(0);
    expect(next.experts.length).toBeLessThanOrEqual(3);
    expect(next.experts[0].specialties).toContain('危机干预');
    // Each as the expert's own page shows them: name, title and institution.
    for (const e of next.experts as {
      id: number;
      name: string;
      title: string;
      institution: string | null;
    }[]) {
      const d = (await api('GET', `/api/expert/detail/${e.id}`)).body.data;
      expect({ name: e.name, title: e.title, institution: e.institution }).toEqual({
        name: d.name,
        title: d.title,
        institution: d.institution?.name ?? null,
      });
    }
    // Published courses that fit: 抑郁 and 焦虑 ask for 情绪管理, then SCL-90's 睡眠 and 自我成长.
    const catalog = (await api('GET', '/api/course/list?pageSize=50')).body.data.list as {
      id: number;
      title: string;
    }[];
    const idOf = (title: string) => catalog.find((c) => c.title === title)!.id;
    expect(next.courses).toEqual(
      [
        ['情绪急救箱：与焦虑和低落好好相处', '情绪管理', 4900],
        ['睡个好觉：21 天睡眠改善计划', '睡眠', 0],
        ['自我关怀入门：写给自己的一封信', '自我成长', 2900],
      ].map(([title, category, priceFen]) => ({
        id: idOf(title as string),
        title,
        category,
        coverUrl: expect.stringMatching(/^\/SysAdmin\/file\/upload\/course-cover-.+\.webp$/),
        priceFen,
        expertName: expect.any(String),
        link: `/course/detail?id=${idOf(title as string)}`,
      })),
    );
    // Published only: a course taken off the shelves is not recommended.
    const sleep = idOf('睡个好觉：21 天睡眠改善计划');
    const off = await api('POST', `/api/audit/course/${sleep}/online`, t.auditor, { online: false });
    expect(off.status, off.body.message).toBe(200);
    const without = (await api('GET', `/api/assessment/${id}/report`, t.user)).body.data.next;
    expect(without.courses.map((c: { category: string }) => c.category)).toEqual(['情绪管理', '自我成长']);
    await api('POST', `/api/audit/course/${sleep}/online`, t.auditor, { online: true });
    // Positive: retest in two weeks, on the Beijing calendar (submitted 2026-11-23 03:53).
    expect(next.retestOn).toBe('2026-12-07');
    expect(institution).toEqual(expect.any(String));
    // No approval asked for a single scale; bought, nothing left to promise.
    expect(review).toBeNull();
    expect(result.report.review).toBeNull();
    expect(result.report.contents).toBeNull();
  });

  it('prints the same report as a PDF with the charts drawn in', async () => {
    const pdf = await ctx.app.inject({
      url: `/SysAdmin/api/assessment/${id}/report.pdf`,
      headers: { serviceToken: t.user },
    });
    expect(pdf.statusCode).toBe(200);
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.includes(Buffer.from('NotoSansSC'))).toBe(true);
    // Three charts and ten factors do not fit on one page.
    const pages = bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(3);
    // The recommended courses, priced in 元 (the embedded GB2312 font has no ¥).
    const { text } = await pdfOf(t.user, id);
    expect(text).toContain('推荐课程');
    expect(text).toMatch(/情绪急救箱：与焦虑和低落好好相处\s+情绪管理 · \S+ · 49\.00 元/);
    expect(text).toMatch(/睡个好觉：21 天睡眠改善计划\s+睡眠 · \S+ · 免费/);
  });

  it('is its owner’s only', async () => {
    expect((await api('GET', `/api/assessment/${id}/report`, t.user2)).status).toBe(404);
  });
});

describe(`a report that needs approval on ${testDbKind}`, () => {
  let id: number;
  const notes = async () => {
    await ctx.app.deps.events.drain();
    return (await api('GET', '/api/userNotification?pageSize=50', t.user2)).body.data.list as {
      kind: string;
      title: string;
      content: string;
      link: string;
    }[];
  };

  /** What reviewers see: the approvals list and counts, and the auditors' inbox. */
  const reviewers = async () => {
    const approvals = (await api('GET', '/api/expert/report-approvals?pageSize=50', t.auditor)).body.data;
    const inbox = (await api('GET', '/api/audit/inbox?kind=report&status=pending&pageSize=50', t.auditor))
      .body.data;
    return {
      listed: approvals.list.map((r: { assessmentId: number }) => r.assessmentId) as number[],
      waiting: approvals.counts.generated as number,
      inbox: inbox.list as { itemId: number; submittedAt: string }[],
      inboxCount: inbox.counts.report as number,
    };
  };

  it('says before paying that an expert reviews it once paid, and by when', async () => {
    await at('2026-11-20T02:00:00Z'); // Friday 10:00: paid now, due Monday 18:00
    const plans = (await api('GET', '/api/plan/list')).body.data;
    const work = plans.find((p: { title: string }) => p.title === '职场压力与身心状况评估');
    id = await take(t.user2, { planId: work.id }, () => 1);
    const before = (await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report;
    expect(before.access).toBe('locked');
    expect(before.review).toEqual({
      status: 'awaiting_payment',
      message:
        '本报告需由专业人员审核后出具，支付完成后开始审核，现在支付预计 2026-11-23 18:00 前完成；审核结果会通过站内消息通知你。',
      expectedBy: '2026-11-23T10:00:00.000Z',
    });
  });

  it('is in no reviewer’s list or count before it is paid, and cannot be approved', async () => {
    const seen = await reviewers();
    expect(seen.listed).not.toContain(id);
    expect(seen.waiting).toBe(0);
    expect(seen.inbox.map((r) => r.itemId)).not.toContain(id);
    expect(seen.inboxCount).toBe(0);
    const early = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, { approve: true });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('用户尚未购买完整报告，购买后才会提交审批');
    expect(await notes()).not.toContainEqual(expect.objectContaining({ kind: 'report' }));
    const expertView = (await api('GET', `/api/expert/assessments/${id}`, t.auditor)).body.data.report;
    expect(expertView).toMatchObject({ status: 'generated', requiresApproval: true, awaitingPayment: true });
  });

  it('asks for the review when it is paid, due counted from the payment', async () => {
    await at('2026-11-23T01:00:00Z'); // paid Monday 09:00 in Beijing: due Tuesday 18:00
    await pay(t.user2, id);
    const after = (await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report;
    expect(after).toMatchObject({
      access: 'pending_approval',
      review: {
        status: 'pending',
        message: '专业人员正在审核你的报告，预计 2026-11-24 18:00 前完成，审核通过后会通知你。',
        expectedBy: '2026-11-24T10:00:00.000Z',
      },
    });
    const closed = await api('GET', `/api/assessment/${id}/report`, t.user2);
    expect(closed.status).toBe(403);
    const seen = await reviewers();
    expect(seen.listed).toContain(id);
    expect(seen.waiting).toBe(1);
    expect(seen.inbox).toContainEqual(
      expect.objectContaining({ itemId: id, submittedAt: '2026-11-23T01:00:00.000Z' }),
    );
    expect(seen.inboxCount).toBe(1);
    const expertView = (await api('GET', `/api/expert/assessments/${id}`, t.auditor)).body.data.report;
    expect(expertView).toMatchObject({ status: 'generated', awaitingPayment: false });
  });

  it('tells the person when it is returned, with the reason', async () => {
    const r = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, {
      approve: false,
      comment: '请补充睡眠情况',
    });
    expect(r.status).toBe(200);
    const state = (await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report;
    expect(state).toMatchObject({
      access: 'returned',
      review: {
        status: 'returned',
        message: '报告已退回修订，原因：请补充睡眠情况。专业人员修订后会再次审核，出具后会通知你。',
        expectedBy: null,
      },
    });
    expect(await notes()).toContainEqual(
      expect.objectContaining({
        kind: 'report',
        title: '测评报告已退回修订',
        content: expect.stringContaining('原因：请补充睡眠情况'),
        link: `/reportView?id=${id}`,
      }),
    );
  });

  it('shows the approval comment on the report, in the PDF and in the notification', async () => {
    await at('2026-11-23T06:30:00Z');
    const r = await api('POST', `/api/expert/report-approvals/${id}`, t.auditor, {
      approve: true,
      comment: '整体状态良好，注意劳逸结合',
    });
    expect(r.status).toBe(200);
    const state = (await api('GET', `/api/assessment/${id}/result`, t.user2)).body.data.report;
    expect(state).toMatchObject({
      access: 'available',
      review: { status: 'approved', message: '报告已通过专业人员审核。审核意见：整体状态良好，注意劳逸结合' },
    });
    const full = (await api('GET', `/api/assessment/${id}/report`, t.user2)).body.data;
    expect(full.review).toEqual({
      reviewerName: expect.any(String),
      comment: '整体状态良好，注意劳逸结合',
      decidedAt: '2026-11-23T06:30:00.000Z',
    });
    expect(full.parts.map((p: { shortName: string }) => p.shortName)).toEqual(['K10', 'PHQ-15', 'WHO-5']);
    // K10 all 几乎没有: 10, on its band table 10–50.
    expect(full.parts[0].scoreScale).toMatchObject({ value: 10, min: 10, max: 50, label: '低' });
    expect(await notes()).toContainEqual(
      expect.objectContaining({
        title: '测评报告已出具',
        content:
          '您的“职场压力与身心状况评估”完整报告已通过专家审核，可以查看了。审核意见：整体状态良好，注意劳逸结合',
      }),
    );
    const { text } = await pdfOf(t.user2, id);
    expect(text).toContain('专业审核意见');
    expect(text).toContain('整体状态良好，注意劳逸结合');
  });
});

describe(`a PHQ-9 report on ${testDbKind}`, () => {
  let id: number;

  it('promises only what it will hold: no profile, no norms, nothing earlier to compare with', async () => {
    await at('2026-11-25T02:00:00Z');
    // Items 1–8 at 一半以上天数 (2), item 9 at 完全不会: 16, 中重度, a level-2 alert and no crisis.
    id = await take(t.user, { scaleId: scaleIds.PHQ9! }, (_, n) => (n === 9 ? 1 : 3));
    const { report, crisis, parts } = (await api('GET', `/api/assessment/${id}/result`, t.user)).body.data;
    expect(parts[0].alerts).toEqual([{ level: 2, reason: '抑郁症状中重度及以上（总分≥15）', crisis: false }]);
    expect(crisis).toBe(false);
    expect(report.access).toBe('locked');
    expect(report.contents).toEqual({
      interpretation: true,
      scoreScale: true,
      standard: false,
      profile: false,
      norms: false,
      trend: false,
      highItems: true,
      alerts: true,
      review: false,
      experts: true,
      courses: true,
    });
  });

  it('prints the crisis resources in the PDF: an alert fired, though no crisis', async () => {
    await pay(t.user, id);
    const { text } = await pdfOf(t.user, id);
    expect(text).toContain('本次结果出现了需要关注的预警');
    expect(text).toContain('全国心理援助热线 12356');
    expect(text).toContain('预警（2 级）：抑郁症状中重度及以上（总分≥15）');
  });
});
