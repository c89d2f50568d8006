import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courses } from '../src/modules/courses/courses.table';
import { feedback } from '../src/modules/feedback/feedback.table';
import { createTestContext, LONG_SESSIONS, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, notificationsTitled, scaleIdOf, signInAll, take } from './helpers';

const HOUR = 3_600_000;
// Years after the seed's own slots (published from the real date), so the test's never meet them.
const time = testClock(new Date('2031-03-03T02:00:00Z'));
let ctx: TestContext;
type Who = 'user' | 'user2' | 'user3' | 'expert' | 'other' | 'sun' | 'auditor';
const t = {} as Record<Who, string>;
const id = {} as Record<Who, number>;

beforeAll(async () => {
  // Hours pass in these tests: sessions must outlive them.
  ctx = await createTestContext({
    seed: true,
    clock: time.clock,
    env: LONG_SESSIONS,
  });
  const phones: Record<Who, string> = {
    user: DEMO.user,
    user2: '13800000021',
    user3: '13800000022',
    expert: DEMO.expert,
    other: '13800000012',
    // 孙浩然: no feedback in the seed, so his rating is exactly what these tests give him.
    sun: '13800000014',
    auditor: DEMO.auditor,
  };
  await signInAll(ctx.app, phones, t, id);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

const words = '咨询很有帮助，老师很耐心地听我说完，也给了具体可行的建议。';
const leave = (who: Who, body: Record<string, unknown>) =>
  api('POST', '/api/user/feedback', t[who], { rating: 5, content: words, ...body });

async function rows(): Promise<number> {
  const [r] = await ctx.database.db.select({ n: count() }).from(feedback);
  return Number(r?.n ?? 0);
}

/** Notifications of an account (after delivering every event) with this title. */
const notes = (who: Who, title: string) => notificationsTitled(ctx.app, t[who], title);

/** The seeded completed booking of the demo user with the demo expert. */
async function seededBooking(): Promise<number> {
  const r = await api('GET', '/api/booking/list?status=completed&pageSize=50', t.user);
  const b = (r.body.data.list as { id: number; expert: { id: number } }[]).find(
    (x) => x.expert.id === id.expert,
  );
  expect(b).toBeDefined();
  return b!.id;
}

/** A booking of `who` with `expert`, paid (confirmed); `complete` moves past it and marks it done. */
async function booking(who: Who, expert: Who, hoursAhead: number, complete: boolean): Promise<number> {
  const startsAt = new Date(time.clock().getTime() + hoursAhead * HOUR);
  startsAt.setUTCMinutes(0, 0, 0);
  const slot = await api('POST', '/api/expert/me/slots', t[expert], {
    startsAt: startsAt.toISOString(),
    durationMinutes: 50,
    mode: 'online',
  });
  expect(slot.status, slot.body.message).toBe(200);
  const made = await api('POST', '/api/booking/create', t[who], {
    slotId: slot.body.data.id,
    topic: '想聊聊最近的压力',
    contactPreference: 'chat',
  });
  expect(made.status, made.body.message).toBe(200);
  const pay = await api('POST', `/api/order/pay/${made.body.data.orderId}`, t[who]);
  const orderNo = new URL(pay.body.data.cashierUrl, 'http://x').searchParams.get('orderNo');
  const paid = await api('POST', `/api/pay/sandbox/${orderNo}/confirm`, t[who], { action: 'pay' });
  expect(paid.status, paid.body.message).toBe(200);
  if (complete) {
    time.set(new Date(startsAt.getTime() + HOUR));
    const done = await api('POST', `/api/booking/expert/complete/${made.body.data.id}`, t[expert]);
    expect(done.status, done.body.message).toBe(200);
  }
  return made.body.data.id;
}

/** Takes a scale end to end as the demo user (every answer the first option). */
const takeScale = async (code: string) =>
  take(ctx.app, t.user, { scaleId: await scaleIdOf(ctx.app, code) }, () => 1);

describe(`feedback on ${testDbKind}: the seed, and what everyone reads of an expert`, () => {
  it('the demo expert’s rating is the mean of the seeded booking feedback; the public list masks names', async () => {
    const detail = await api('GET', `/api/expert/detail/${id.expert}`);
    expect(detail.body.data).toMatchObject({ rating: 4.5, ratingCount: 2 });
    const sun = await api('GET', `/api/expert/detail/${id.sun}`);
    expect(sun.body.data).toMatchObject({ rating: null, ratingCount: 0 });
    const pub = await api('GET', `/api/expert/detail/${id.expert}/feedback`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.total).toBe(2);
    expect(pub.body.data.list.map((f: { name: string; rating: number }) => [f.name, f.rating])).toEqual([
      ['李*', 5],
      ['匿名用户', 4],
    ]);
    // Nothing beyond the name, rating, words and date leaves the platform.
    expect(Object.keys(pub.body.data.list[0]).sort()).toEqual([
      'content',
      'createdAt',
      'id',
      'name',
      'rating',
    ]);
    // The list of experts: the rated first, best first; the unrated after them.
    const list = await api('GET', '/api/expert/list?pageSize=50');
    const cards = list.body.data.list as { id: number; rating: number | null }[];
    const rated = cards.filter((c) => c.rating !== null).map((c) => c.rating!);
    expect(rated).toEqual([...rated].sort((a, b) => b - a));
    expect(cards.findIndex((c) => c.rating === null)).toBeGreaterThanOrEqual(rated.length);
  });
});

describe(`leaving feedback on ${testDbKind}: each kind of object, and what is refused`, () => {
  let bookingFeedback: number;

  it('answers bad input with 400 naming the field, never 500, and writes nothing', async () => {
    const b = await seededBooking();
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'booking', objectId: b, rating: 0 }, '评分须为1到5分'],
      [{ kind: 'booking', objectId: b, rating: 6 }, '评分须为1到5分'],
      [{ kind: 'booking', objectId: b, rating: 4.5 }, '评分须为1到5分'],
      [{ kind: 'booking', objectId: b, rating: '五' }, '评分须为1到5分'],
      [{ kind: 'booking', objectId: b, rating: undefined }, '请选择评分'],
      [{ kind: 'booking', objectId: b, content: '好' }, '反馈内容至少5个字'],
      [{ kind: 'booking', objectId: b, content: '很'.repeat(501) }, '反馈内容最多500个字'],
      [{ kind: 'booking', objectId: b, content: undefined }, '请填写反馈内容'],
      [{ kind: 'lesson', objectId: b }, '反馈对象类型不正确'],
      [{ kind: 'booking', objectId: undefined }, '请选择反馈对象'],
      [{ kind: 'booking', objectId: 2147483648 }, '反馈对象不正确'],
      [{ kind: 'booking', objectId: b, anonymous: 'yes' }, '匿名设置不正确'],
    ];
    for (const [body, message] of cases) {
      const r = await leave('user', body);
      expect([r.status, r.body.message], JSON.stringify(body)).toEqual([400, message]);
    }
    for (const [url, token, message] of [
      ['/api/user/feedback/abc', t.user, '反馈编号不正确'],
      ['/api/expert/feedback/0', t.expert, '反馈编号不正确'],
      ['/api/audit/feedback/1.5', t.auditor, '反馈编号不正确'],
      ['/api/expert/feedback?status=done', t.expert, '状态不正确'],
      ['/api/user/feedback/on?kind=booking&objectId=x', t.user, '反馈对象不正确'],
      ['/api/user/feedback/on?kind=nope&objectId=1', t.user, '反馈对象类型不正确'],
      ['/api/expert/detail/abc/feedback', undefined, '专家编号不正确'],
    ] as const) {
      const r = await api('GET', url, token);
      expect([r.status, r.body.message], url).toEqual([400, message]);
    }
    const bad = await call(ctx.app, 'POST', '/api/user/feedback', {
      token: t.user,
      body: '{"kind":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await rows()).toBe(before);
  });

  it('the owner of a completed booking leaves feedback once; it goes to the booking’s expert', async () => {
    const b = await seededBooking();
    const on = await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user);
    expect(on.body.data).toEqual({ feedback: null, canLeave: true, reason: null });
    // Someone else's booking does not exist for them, whatever they send.
    const stranger = await leave('user2', { kind: 'booking', objectId: b });
    expect([stranger.status, stranger.body.message]).toEqual([404, '预约不存在']);
    expect((await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user2)).status).toBe(404);
    expect((await leave('user', { kind: 'booking', objectId: 2147483647 })).status).toBe(404);

    const r = await leave('user', { kind: 'booking', objectId: b, rating: 4, anonymous: false });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('感谢您的反馈，专家会尽快处理');
    expect(r.body.data).toMatchObject({
      status: 'open',
      rating: 4,
      content: words,
      anonymous: false,
      subject: { kind: 'booking', id: b, link: `/booking/detail?id=${b}` },
      user: { id: id.user, name: '张小雨' },
      expert: { id: id.expert, name: '王静怡' },
      reply: null,
      handledAt: null,
      can: { edit: true, handle: false },
    });
    expect(r.body.data.subject.title).toMatch(/^王静怡 老师的咨询（\d{4}-\d\d-\d\d \d\d:\d\d）$/);
    bookingFeedback = r.body.data.id;

    const twice = await leave('user', { kind: 'booking', objectId: b, rating: 1 });
    expect([twice.status, twice.body.message]).toEqual([409, '您已经反馈过了，专家处理前可以修改']);
    // Both at once: exactly one gets through.
    const again = await Promise.all([1, 2, 3].map(() => leave('user', { kind: 'booking', objectId: b })));
    expect(again.map((x) => x.status)).toEqual([409, 409, 409]);

    const mine = await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user);
    expect(mine.body.data).toMatchObject({
      canLeave: false,
      reason: null,
      feedback: { id: bookingFeedback },
    });
    const told = await notes('expert', '收到新的反馈');
    expect(told[0]).toMatchObject({
      content: expect.stringContaining('张小雨 对「王静怡 老师的咨询'),
      link: `/expert/feedback/feedbackDetail?id=${bookingFeedback}`,
    });
  });

  it('the writer edits it while it is open; nobody else can', async () => {
    const r = await api('PUT', `/api/user/feedback/${bookingFeedback}`, t.user, {
      rating: 5,
      content: '修改一下：回去按老师说的做了一周，睡眠明显好转了。',
      anonymous: true,
    });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ rating: 5, anonymous: true, status: 'open' });
    const other = await api('PUT', `/api/user/feedback/${bookingFeedback}`, t.user2, {
      rating: 1,
      content: '不是我的反馈也想改一改',
    });
    expect(other.status).toBe(404);
    const bad = await api('PUT', `/api/user/feedback/${bookingFeedback}`, t.user, {
      rating: 0,
      content: words,
    });
    expect([bad.status, bad.body.message]).toEqual([400, '评分须为1到5分']);
    const now = (await api('GET', `/api/user/feedback/${bookingFeedback}`, t.user)).body.data;
    expect(now).toMatchObject({ rating: 5, anonymous: true });
  });

  it('refuses a booking that is not completed yet (409), and takes it once completed', async () => {
    const b = await booking('user', 'expert', 48, false);
    const early = await leave('user', { kind: 'booking', objectId: b });
    expect([early.status, early.body.message]).toEqual([409, '咨询完成后才能反馈']);
    const on = await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user);
    expect(on.body.data).toEqual({ feedback: null, canLeave: false, reason: '咨询完成后才能反馈' });
  });

  it('a report: refused while the paid report is locked, taken once paid; it goes to the person’s expert', async () => {
    const aid = await takeScale('PHQ9');
    const locked = await leave('user', { kind: 'report', objectId: aid });
    expect([locked.status, locked.body.message]).toEqual([409, '购买或解锁完整报告后才能反馈']);
    const order = await api('POST', `/api/assessment/${aid}/report/order`, t.user);
    await api('POST', `/api/pay/sandbox/${order.body.data.orderNo}/confirm`, t.user, { action: 'pay' });
    expect((await leave('user2', { kind: 'report', objectId: aid })).status).toBe(404);
    const r = await leave('user', { kind: 'report', objectId: aid, rating: 3 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      subject: {
        kind: 'report',
        id: aid,
        title: expect.stringContaining('抑郁'),
        link: `/reportView?id=${aid}`,
      },
      expert: { id: id.expert },
    });
    // A free report is open at once.
    const free = await takeScale('WHO5');
    expect((await leave('user', { kind: 'report', objectId: free })).status).toBe(200);
    // An assessment never submitted has no report.
    const list = await api('GET', '/api/scale/list?pageSize=50');
    const k10 = list.body.data.list.find((s: { code: string }) => s.code === 'K10').id;
    const open = await api('POST', '/api/assessment/start', t.user, { scaleId: k10 });
    const none = await leave('user', { kind: 'report', objectId: open.body.data.id });
    expect([none.status, none.body.message]).toEqual([404, '报告不存在']);
  });

  it('a course: only a learner who bought it, for its author', async () => {
    const [course] = await ctx.database.db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.title, '情绪急救箱：与焦虑和低落好好相处'));
    const notBought = await leave('other', { kind: 'course', objectId: course!.id });
    expect([notBought.status, notBought.body.message]).toEqual([403, '购买课程后才能反馈']);
    const on = await api('GET', `/api/user/feedback/on?kind=course&objectId=${course!.id}`, t.other);
    expect(on.body.data).toEqual({ feedback: null, canLeave: false, reason: '购买课程后才能反馈' });
    const missing = await leave('user', { kind: 'course', objectId: 2147483647 });
    expect([missing.status, missing.body.message]).toEqual([404, '课程不存在']);
    const r = await leave('user', { kind: 'course', objectId: course!.id, rating: 4 });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({
      subject: { kind: 'course', title: '情绪急救箱：与焦虑和低落好好相处' },
      expert: { id: id.expert },
    });
    // The author of a course never rates it.
    const own = await leave('expert', { kind: 'course', objectId: course!.id });
    expect(own.status).toBe(403);
  });
});

describe(`handling feedback on ${testDbKind}: open -> handled, the reply and the notification`, () => {
  const listOf = async (who: Who, q = '') => (await api('GET', `/api/expert/feedback${q}`, t[who])).body.data;

  it('the expert lists what is addressed to them, by state, with counts; others see none of it', async () => {
    const open = await listOf('expert', '?status=open');
    // Four from these tests (a booking, two reports, a course) and the seeded anonymous one.
    expect(open.counts).toEqual({ open: 5, handled: 1 });
    expect(open.total).toBe(5);
    expect(open.list.every((f: { status: string }) => f.status === 'open')).toBe(true);
    expect(open.list[0].subject.link).toMatch(/^\/expert\//);
    const courseOnly = await listOf('expert', '?kind=course');
    expect(courseOnly.counts).toEqual({ open: 1, handled: 0 });
    expect(courseOnly.total).toBe(1);
    const other = await listOf('other');
    expect(other.list.every((f: { expert: { id: number } }) => f.expert.id === id.other)).toBe(true);
    // A user is no expert; the auditors' list is the auditors'.
    expect((await api('GET', '/api/expert/feedback', t.user)).status).toBe(403);
    expect((await api('GET', '/api/audit/feedback', t.expert)).status).toBe(403);
  });

  it('another expert gets 404 for the detail and for handling; the writer gets 404 on the expert side', async () => {
    const [f] = (await listOf('expert', '?kind=booking&status=open')).list as { id: number }[];
    for (const [method, url, who] of [
      ['GET', `/api/expert/feedback/${f!.id}`, 'other'],
      ['POST', `/api/expert/feedback/${f!.id}/handle`, 'other'],
      ['GET', `/api/user/feedback/${f!.id}`, 'user2'],
      ['GET', `/api/expert/feedback/99999`, 'expert'],
    ] as const) {
      const r = await api(method, url, t[who], method === 'POST' ? { reply: '不是我的' } : undefined);
      expect([r.status, r.body.message], `${who} ${url}`).toEqual([404, '反馈不存在']);
    }
    expect((await api('GET', `/api/expert/feedback/${f!.id}`, t.user)).status).toBe(403);
  });

  it('a reply marks it handled; the person reads the reply and is told', async () => {
    const b = await seededBooking();
    const mine = (await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user)).body.data;
    const fid: number = mine.feedback.id;
    const seen = await api('GET', `/api/expert/feedback/${fid}`, t.expert);
    expect(seen.body.data).toMatchObject({
      can: { edit: false, handle: true },
      subject: { link: `/expert/mybooking/detail?id=${b}` },
      // The expert addressed knows who wrote it; anonymity is about other users.
      user: { name: '张小雨' },
      anonymous: true,
    });
    const tooLong = await api('POST', `/api/expert/feedback/${fid}/handle`, t.expert, {
      reply: '谢'.repeat(501),
    });
    expect([tooLong.status, tooLong.body.message]).toEqual([400, '回复最多500个字']);
    expect((await api('GET', `/api/expert/feedback/${fid}`, t.expert)).body.data.status).toBe('open');

    const reply = '谢谢你的反馈！很高兴睡眠有改善，继续保持规律作息，下次咨询我们再看看进展。';
    const r = await api('POST', `/api/expert/feedback/${fid}/handle`, t.expert, { reply: `  ${reply}  ` });
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('已回复并标记为已处理');
    expect(r.body.data).toMatchObject({ status: 'handled', reply, can: { edit: false, handle: false } });
    expect(r.body.data.handledAt).toBe(time.clock().toISOString());

    const twice = await api('POST', `/api/expert/feedback/${fid}/handle`, t.expert, { reply: '再回复一次' });
    expect([twice.status, twice.body.message]).toEqual([409, '该反馈已处理']);
    const edit = await api('PUT', `/api/user/feedback/${fid}`, t.user, {
      rating: 1,
      content: '还想再改一下内容',
    });
    expect([edit.status, edit.body.message]).toEqual([409, '专家已处理该反馈，不能再修改']);

    // The person: on the booking, in their list, and a notification.
    const on = (await api('GET', `/api/user/feedback/on?kind=booking&objectId=${b}`, t.user)).body.data;
    expect(on.feedback).toMatchObject({ status: 'handled', reply, can: { edit: false } });
    const list = (await api('GET', '/api/user/feedback', t.user)).body.data;
    expect(list.list.find((x: { id: number }) => x.id === fid)).toMatchObject({ reply, status: 'handled' });
    expect(list.list.every((x: { user: { id: number } }) => x.user.id === id.user)).toBe(true);
    // The person's record shows it with the reply, to the expert who serves them; never to another.
    const record = await api('GET', `/api/expert/records/${id.user}`, t.expert);
    expect(record.status, record.body.message).toBe(200);
    expect(
      record.body.data.timeline.find(
        (e: { kind: string; id: number }) => e.kind === 'feedback' && e.id === fid,
      ),
    ).toMatchObject({
      about: 'booking',
      status: 'handled',
      reply,
      expert: { id: id.expert, name: '王静怡' },
    });
    expect((await api('GET', `/api/expert/records/${id.user}`, t.other)).status).toBe(404);
    const told = await notes('user', '专家回复了您的反馈');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      content: expect.stringContaining('王静怡 老师回复了您对「王静怡 老师的咨询'),
      link: '/user/feedback',
    });
  });

  it('handling without a reply is handling too; the person is told it was handled', async () => {
    const [f] = (await listOf('expert', '?kind=course&status=open')).list as { id: number }[];
    const r = await api('POST', `/api/expert/feedback/${f!.id}/handle`, t.expert);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.message).toBe('已标记为已处理');
    expect(r.body.data).toMatchObject({ status: 'handled', reply: null });
    const blank = (await listOf('expert', '?kind=report&status=open')).list as { id: number }[];
    const b = await api('POST', `/api/expert/feedback/${blank[0]!.id}/handle`, t.expert, { reply: '   ' });
    expect(b.body.data).toMatchObject({ status: 'handled', reply: null });
    const told = await notes('user', '您的反馈已处理');
    expect(told).toHaveLength(2);
    expect(told[0]!.content).toContain('王静怡 老师已处理您对「');
    const handled = await listOf('expert', '?status=handled');
    expect(handled.counts).toEqual({ open: 2, handled: 4 });
  });

  it('auditors read all feedback, read only', async () => {
    const all = (await api('GET', '/api/audit/feedback?pageSize=100', t.auditor)).body.data;
    expect(all.total).toBe(await rows());
    const one = await api('GET', `/api/audit/feedback/${all.list[0].id}`, t.auditor);
    expect(one.status).toBe(200);
    expect(one.body.data.can).toEqual({ edit: false, handle: false });
    expect((await api('POST', `/api/expert/feedback/${all.list[0].id}/handle`, t.auditor)).status).toBe(403);
  });
});

describe(`the expert's rating on ${testDbKind}`, () => {
  it('is exactly the mean of their booking feedback, with the count; other kinds do not count', async () => {
    const given: [Who, number][] = [
      ['user', 5],
      ['user2', 4],
      ['user3', 4],
    ];
    for (const [i, [who, rating]] of given.entries()) {
      const b = await booking(who, 'sun', 24 + i * 3, true);
      const r = await leave(who, { kind: 'booking', objectId: b, rating });
      expect(r.status, r.body.message).toBe(200);
      expect(r.body.data.expert.id).toBe(id.sun);
    }
    const mean = Math.round(((5 + 4 + 4) / 3) * 100) / 100;
    const detail = await api('GET', `/api/expert/detail/${id.sun}`);
    expect(detail.body.data).toMatchObject({ rating: mean, ratingCount: 3 });
    expect(mean).toBe(4.33);
    const card = (await api('GET', '/api/expert/list?pageSize=50')).body.data.list.find(
      (c: { id: number }) => c.id === id.sun,
    );
    expect(card).toMatchObject({ rating: 4.33, ratingCount: 3 });
    // The demo expert: the seeded 5 and 4 and the demo user's booking feedback (edited to 5);
    // the report and course feedback addressed to them are not in it.
    const demo = await api('GET', `/api/expert/detail/${id.expert}`);
    expect(demo.body.data).toMatchObject({
      rating: Math.round(((5 + 4 + 5) / 3) * 100) / 100,
      ratingCount: 3,
    });
    // Editing a rating moves the mean at once.
    const open = (await api('GET', '/api/user/feedback?pageSize=50', t.user3)).body.data.list.find(
      (f: { expert: { id: number } }) => f.expert.id === id.sun,
    );
    await api('PUT', `/api/user/feedback/${open.id}`, t.user3, { rating: 1, content: words });
    expect((await api('GET', `/api/expert/detail/${id.sun}`)).body.data).toMatchObject({
      rating: Math.round(((5 + 4 + 1) / 3) * 100) / 100,
      ratingCount: 3,
    });
    // On the expert's page: the newest first, names masked, the anonymous one as 匿名用户.
    const pub = (await api('GET', `/api/expert/detail/${id.sun}/feedback?pageSize=2`)).body.data;
    expect(pub.total).toBe(3);
    expect(pub.list.map((f: { name: string }) => f.name)).toEqual(['黄**', '李*']);
  });
});
