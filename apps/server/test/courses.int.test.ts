import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { courseMessages, COURSE_REFUND_MAX_PERCENT } from '@psy/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseEnrolments } from '../src/modules/courses/courses.table';
import { notifications } from '../src/modules/notifications/notifications.table';
import { users } from '../src/modules/users/users.table';
import { createTestContext, testClock, testDbKind, type TestContext } from './context';
import { call, DEMO, login, loginCast, multipart } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const VIDEO = fs.readFileSync(path.join(here, '../src/db/seed/courses/emotion-1.mp4'));

const time = testClock(new Date());
let ctx: TestContext;
const t = {} as Record<'user' | 'user2' | 'user3' | 'expert' | 'expert2' | 'auditor', string>;
const ids = {} as Record<'user' | 'user2' | 'expert', number>;

beforeAll(async () => {
  // 100 KB: the demo video (about 85 KB) fits, twice its size does not.
  ctx = await createTestContext({ seed: true, clock: time.clock, env: { COURSE_VIDEO_MAX_MB: '0.1' } });
  Object.assign(t, await loginCast(ctx.app, ['user', 'user2', 'user3', 'expert', 'expert2', 'auditor']));
  const idOf = async (telephone: string) =>
    (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.telephone, telephone)))[0]!.id;
  ids.user = await idOf(DEMO.user);
  ids.user2 = await idOf('13800000021');
  ids.expert = await idOf(DEMO.expert);
});
afterAll(() => ctx.close());

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) =>
  call(ctx.app, method, url, { token, body });

async function upload(url: string, token: string, file: Buffer, filename: string, type: string) {
  const { payload, contentType } = multipart(file, filename, type);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/SysAdmin${url}`,
    headers: { serviceToken: token, 'content-type': contentType },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { data: any; message: string } };
}

const uploadVideo = (token: string, file = VIDEO, name = 'lesson.mp4') =>
  upload('/api/expert/course/video', token, file, name, 'video/mp4');

async function notificationsOf(userId: number) {
  await ctx.app.deps.events.drain();
  return ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

/** A course with a paid video lesson, a free-trial video lesson and a text lesson. */
function draft(videoId: string, cover: string, extra: Record<string, unknown> = {}) {
  return {
    title: '走出焦虑：八周情绪练习',
    category: '情绪管理',
    intro: '用八周时间认识焦虑、理解焦虑，并在生活中练习与焦虑相处的具体方法。',
    cover,
    priceFen: 1990,
    chapters: [
      {
        key: 'chaptera1',
        title: '第一章 认识焦虑',
        lessons: [
          { key: 'lessona1', title: '焦虑从哪里来', kind: 'video', videoId, freeTrial: false },
          { key: 'lessona2', title: '试看：身体的信号', kind: 'video', videoId, freeTrial: true },
          {
            key: 'lessona3',
            title: '练习手册',
            kind: 'text',
            body: '<p>每天记录三件小事。</p><script>alert(1)</script>',
          },
        ],
      },
    ],
    ...extra,
  };
}

const course = { id: 0, videoId: '', cover: '', orderId: 0 };

describe(`courses on ${testDbKind}`, () => {
  it('seeds six demo courses in different categories; the demo user is half-way through one', async () => {
    const cat = await api('GET', '/api/course/list?pageSize=100');
    expect(cat.body.data.total).toBeGreaterThanOrEqual(6);
    const categories = new Set(cat.body.data.list.map((c: { category: string }) => c.category));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    const mine = await api('GET', '/api/course/mine', t.user);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({
      title: '情绪急救箱：与焦虑和低落好好相处',
      progressPercent: 50,
      lastLessonKey: 'emo01b',
      lastPositionSec: 5,
    });
    // Its video is a real file the browser can play: a byte range of an MP4.
    const lesson = await api('GET', `/api/course/${mine.body.data[0].id}/lesson/emo01b`, t.user);
    const part = await ctx.app.inject({
      method: 'GET',
      url: lesson.body.data.videoUrl,
      headers: { range: 'bytes=4-11' },
    });
    expect([part.statusCode, part.rawPayload.toString('latin1')]).toEqual([206, 'ftypisom']);
    expect(lesson.body.data).toMatchObject({ durationSec: 12, positionSec: 5 });
  });

  it('reads a video from its own bytes; refuses a renamed .exe and a file past the cap', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 7)]);
    const fake = await uploadVideo(t.expert, exe, 'setup.mp4');
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(courseMessages.notAVideo);

    const big = await uploadVideo(t.expert, Buffer.concat([VIDEO, VIDEO]), 'big.mp4');
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('视频不能超过 102 KB');

    const r = await uploadVideo(t.expert);
    expect(r.status, r.body.message).toBe(200);
    expect(r.body.data).toMatchObject({ container: 'mp4', width: 480, height: 270 });
    expect(r.body.data.durationSec).toBeCloseTo(12, 0);
    course.videoId = r.body.data.id;
    // Nothing half-written is left behind.
    const dir = path.join(ctx.config.privateDir, 'course-videos');
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(fs.readdirSync(dir)).toContain(`${course.videoId}.mp4`);

    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#4f7cac' } })
      .png()
      .toBuffer();
    const cover = await upload('/api/expert/course/cover', t.expert, png, 'c.png', 'image/png');
    expect(cover.status, cover.body.message).toBe(200);
    course.cover = cover.body.data.cover;
    const stored = await sharp(path.join(ctx.config.uploadDir, course.cover)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['webp', 960, 540]);
  });

  it('saves a draft with clean text, the author’s own videos only, and clear messages', async () => {
    const bad = await api(
      'POST',
      '/api/expert/course',
      t.expert,
      draft(course.videoId, course.cover, { priceFen: 200_000 }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('课程价格不能超过1000元');

    const stolen = await api('POST', '/api/expert/course', t.expert2, draft(course.videoId, course.cover));
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('视频不存在，请重新上传');

    const r = await api('POST', '/api/expert/course', t.expert, draft(course.videoId, course.cover));
    expect(r.status, r.body.message).toBe(200);
    course.id = r.body.data.id;
    const view = await api('GET', `/api/expert/course/${course.id}`, t.expert);
    const text = view.body.data.draft.chapters[0].lessons[2];
    expect(text.body).toContain('每天记录三件小事');
    expect(text.body).not.toContain('<script');
    expect(view.body.data.status).toBe('draft');
    // Another expert, and learners, cannot see it.
    expect((await api('GET', `/api/expert/course/${course.id}`, t.expert2)).status).toBe(404);
    expect((await api('GET', `/api/expert/course/${course.id}`, t.user)).status).toBe(403);
    expect((await api('GET', `/api/course/detail/${course.id}`)).status).toBe(404);
  });

  it('goes through review: rejected with a reason, then approved into the catalogue and search', async () => {
    expect((await api('POST', `/api/expert/course/${course.id}/submit`, t.expert)).status).toBe(200);
    expect((await api('POST', `/api/expert/course/${course.id}/submit`, t.expert)).status).toBe(409);
    const list = await api('GET', '/api/audit/course/list?status=pending_review', t.auditor);
    expect(list.body.data.list.map((c: { id: number }) => c.id)).toContain(course.id);
    // The inbox of the shared workflow shows it too.
    const inbox = await api('GET', '/api/audit/inbox?kind=course', t.auditor);
    expect(inbox.body.data.list[0]).toMatchObject({
      itemId: course.id,
      link: `/audit/course/detail?id=${course.id}`,
    });
    // Auditors watch the lessons of the draft.
    const preview = await api('GET', `/api/expert/course/${course.id}/lesson/lessona1`, t.auditor);
    expect(preview.body.data.videoUrl).toMatch(/^\/SysAdmin\/api\/course\/media\//);
    expect(
      (await api('POST', `/api/audit/course/${course.id}/review`, t.expert, { approve: true })).status,
    ).toBe(403);

    const noReason = await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, {
      approve: false,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('请填写驳回原因');
    await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, {
      approve: false,
      reason: '封面文字不清晰',
    });
    const mine = await api('GET', '/api/expert/course/list', t.expert);
    expect(mine.body.data.find((c: { id: number }) => c.id === course.id)).toMatchObject({
      status: 'rejected',
      rejectReason: '封面文字不清晰',
    });
    const told = await notificationsOf(ids.expert);
    expect(told.map((n) => n.content)).toContain(
      '课程“走出焦虑：八周情绪练习”未通过审核，原因：封面文字不清晰。',
    );

    await api('POST', `/api/expert/course/${course.id}/submit`, t.expert);
    expect(
      (await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, { approve: true })).status,
    ).toBe(200);
    const cat = await api('GET', '/api/course/list?category=情绪管理&keyword=焦虑');
    const card = cat.body.data.list.find((c: { id: number }) => c.id === course.id);
    expect(card).toMatchObject({ lessonCount: 3, durationSec: 24, priceFen: 1990, learnerCount: 0 });
    expect(card.expert.name).toBe('王静怡');
    for (const q of ['八周情绪', '王静怡', '与焦虑相处']) {
      const s = await api('GET', `/api/search?code=${encodeURIComponent(q)}&kind=course`);
      expect(
        s.body.data.list.map((i: { url: string }) => i.url),
        q,
      ).toContain(`/course/detail?id=${course.id}`);
    }
  });

  it('sells through the sandbox cashier once; the database refuses a second purchase', async () => {
    const visitor = await api('GET', `/api/course/detail/${course.id}`);
    expect(visitor.body.data.enrolment).toBeNull();
    expect(visitor.body.data.chapters[0].lessons.map((l: { open: boolean }) => l.open)).toEqual([
      false,
      true,
      false,
    ]);

    const buy = await api('POST', `/api/course/buy/${course.id}`, t.user);
    expect(buy.body.data.joined).toBe(false);
    course.orderId = buy.body.data.orderId;
    // Asking again answers the same unpaid order.
    expect((await api('POST', `/api/course/buy/${course.id}`, t.user)).body.data.orderId).toBe(
      course.orderId,
    );
    expect((await api('GET', `/api/course/detail/${course.id}`, t.user)).body.data.pendingOrderId).toBe(
      course.orderId,
    );

    const pay = await api('POST', `/api/order/pay/${course.orderId}`, t.user);
    const orderNo = new URL(pay.body.data.cashierUrl, 'http://x').searchParams.get('orderNo');
    const paid = await api('POST', `/api/pay/sandbox/${orderNo}/confirm`, t.user, { action: 'pay' });
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', itemLink: `/course/detail?id=${course.id}` });

    const detail = await api('GET', `/api/course/detail/${course.id}`, t.user);
    expect(detail.body.data.enrolment).toMatchObject({ amountFen: 1990, progressPercent: 0 });
    expect(detail.body.data.chapters[0].lessons.every((l: { open: boolean }) => l.open)).toBe(true);
    const again = await api('POST', `/api/course/buy/${course.id}`, t.user);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(courseMessages.alreadyBought);

    // Past the service, the database itself holds: one enrolment, one open order per (user, course).
    const { db } = ctx.database;
    await expect(
      db.insert(courseEnrolments).values({ courseId: course.id, userId: ids.user, joinedAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into orders (order_no, user_id, kind, item_id, title, amount_fen, status, provider, expires_at)
        values ('P00000000000000000001', ${ids.user}, 'course', ${course.id}, 'x', 1990, 'unpaid', 'sandbox', now())`),
    ).rejects.toThrow();

    const expertNotes = await notificationsOf(ids.expert);
    expect(expertNotes.map((n) => n.content)).toContain(
      '张小雨 购买了您的课程“走出焦虑：八周情绪练习”（19.90 元）。',
    );
  });

  it('serves media to buyers with ranges; non-buyers get 403, stale signatures 403', async () => {
    const lesson = await api('GET', `/api/course/${course.id}/lesson/lessona1`, t.user);
    expect(lesson.status).toBe(200);
    const url: string = lesson.body.data.videoUrl;
    expect(url).not.toContain(t.user);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${VIDEO.length}`);
    expect(part.rawPayload.equals(VIDEO.subarray(0, 100))).toBe(true);
    const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-16' } });
    expect(tail.rawPayload.equals(VIDEO.subarray(VIDEO.length - 16))).toBe(true);
    const whole = await ctx.app.inject({ method: 'GET', url });
    expect([whole.statusCode, whole.headers['accept-ranges'], whole.rawPayload.length]).toEqual([
      200,
      'bytes',
      VIDEO.length,
    ]);
    const beyond = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${VIDEO.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${VIDEO.length}`);

    // Not bought: the paid lesson is refused, the free trial opens (to visitors too).
    const refused = await api('GET', `/api/course/${course.id}/lesson/lessona1`, t.user2);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('购买课程后即可学习本课时');
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona1`)).status).toBe(403);
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona2`)).body.data.videoUrl).toMatch(/sig=/);

    const forged = url.replace(/sig=([0-9a-f])/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    time.advance(ctx.config.signedUrlTtlMs + 1000);
    const stale = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe('视频链接已失效，请刷新页面后重试');
  });

  it('saves progress, resumes on another device at the same second, and counts 90% as done', async () => {
    const save = (token: string, body: Record<string, unknown>) =>
      api('POST', `/api/course/${course.id}/progress`, token, body);
    let r;
    for (const at of [2, 4, 6]) {
      time.advance(2000);
      r = await save(t.user, { lessonKey: 'lessona1', positionSec: at, watchedSec: 2 });
    }
    expect(r!.body.data).toMatchObject({ positionSec: 6, done: false, progressPercent: 0 });

    // Another device: a new sign-in of the same person.
    const other = await login(ctx.app, DEMO.user);
    const mine = await api('GET', '/api/course/mine', other);
    expect(mine.body.data[0]).toMatchObject({
      id: course.id,
      lastLessonKey: 'lessona1',
      lastLessonTitle: '焦虑从哪里来',
      lastPositionSec: 6,
    });
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona1`, other)).body.data.positionSec).toBe(
      6,
    );

    // Seeking to the end in one go is not watching it.
    time.advance(1000);
    r = await save(other, { lessonKey: 'lessona1', positionSec: 11.5, watchedSec: 11.5 });
    expect(r.body.data.done).toBe(false);
    time.advance(5000);
    r = await save(other, { lessonKey: 'lessona1', positionSec: 11.5, watchedSec: 5 });
    expect(r.body.data).toMatchObject({ done: true, progressPercent: 33 });
    r = await save(other, { lessonKey: 'lessona3', positionSec: 0, read: true });
    expect(r.body.data).toMatchObject({ done: true, progressPercent: 66 });

    const bad = await save(other, { lessonKey: 'lessona1', positionSec: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('播放位置');
    expect((await save(t.user2, { lessonKey: 'lessona1', positionSec: 1 })).status).toBe(403);
    expect((await save(other, { lessonKey: 'nosuchkey', positionSec: 1 })).status).toBe(404);
  });

  it('lets learners review once, and nobody else', async () => {
    expect(
      (
        await api('POST', `/api/course/${course.id}/review`, t.user2, {
          rating: 5,
          content: '非常实用的课程',
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('POST', `/api/course/${course.id}/review`, t.user, { rating: 5, content: '非常实用的课程' }))
        .status,
    ).toBe(200);
    expect(
      (await api('POST', `/api/course/${course.id}/review`, t.user, { rating: 4, content: '想再评一次分数' }))
        .status,
    ).toBe(409);
    const d = await api('GET', `/api/course/detail/${course.id}`);
    expect(d.body.data).toMatchObject({ rating: 5, ratingCount: 1 });
    expect((await api('GET', `/api/course/${course.id}/reviews`)).body.data.list[0].content).toBe(
      '非常实用的课程',
    );
  });

  it('makes a new version of a published course live only when approved; learners keep progress', async () => {
    const edited = draft(course.videoId, course.cover, { title: '走出焦虑：八周情绪练习（第二版）' });
    edited.chapters[0]!.lessons.splice(1, 0, {
      key: 'lessona4',
      title: '新增：呼吸练习',
      kind: 'video',
      videoId: course.videoId,
      freeTrial: false,
    });
    expect((await api('PUT', `/api/expert/course/${course.id}`, t.expert, edited)).status).toBe(200);
    // Still the first version for learners.
    let d = await api('GET', `/api/course/detail/${course.id}`, t.user);
    expect(d.body.data.title).toBe('走出焦虑：八周情绪练习');
    const row = (await api('GET', '/api/expert/course/list', t.expert)).body.data.find(
      (c: { id: number }) => c.id === course.id,
    );
    expect(row).toMatchObject({ status: 'published', editing: true, learnerCount: 1, incomeFen: 1990 });

    await api('POST', `/api/expert/course/${course.id}/submit`, t.expert);
    expect((await api('GET', `/api/course/detail/${course.id}`)).body.data.title).toBe(
      '走出焦虑：八周情绪练习',
    );
    await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, { approve: true });
    d = await api('GET', `/api/course/detail/${course.id}`, t.user);
    expect(d.body.data.title).toBe('走出焦虑：八周情绪练习（第二版）');
    const lessons = d.body.data.chapters[0].lessons;
    expect(lessons.map((l: { key: string; done: boolean }) => [l.key, l.done])).toEqual([
      ['lessona1', true],
      ['lessona4', false],
      ['lessona2', false],
      ['lessona3', true],
    ]);
    expect(d.body.data.enrolment).toMatchObject({
      progressPercent: 50,
      doneCount: 2,
      lastLessonKey: 'lessona3',
    });
  });

  it('joins a free course without an order', async () => {
    const body = draft(course.videoId, course.cover, {
      title: '睡个好觉：入门',
      category: '睡眠',
      priceFen: 0,
    });
    const { id } = (await api('POST', '/api/expert/course', t.expert, body)).body.data;
    await api('POST', `/api/expert/course/${id}/submit`, t.expert);
    await api('POST', `/api/audit/course/${id}/review`, t.auditor, { approve: true });
    const r = await api('POST', `/api/course/buy/${id}`, t.user2);
    expect(r.body.data).toEqual({ orderId: null, joined: true });
    expect((await api('POST', `/api/course/buy/${id}`, t.user2)).status).toBe(409);
    const orders = await api('GET', '/api/order/list', t.user2);
    expect(orders.body.data.list.filter((o: { itemId: number }) => o.itemId === id)).toEqual([]);
    expect((await api('GET', `/api/course/${id}/lesson/lessona1`, t.user2)).status).toBe(200);
    const notes = await notificationsOf(ids.user2);
    expect(notes.map((n) => n.title)).toContain('已加入课程');
  });

  it('refunds within the rule, which ends access; past it, refuses', async () => {
    const late = await api('POST', `/api/course/refund/${course.id}`, t.user);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(courseMessages.refundNotAllowed);
    expect(COURSE_REFUND_MAX_PERCENT).toBeLessThanOrEqual(50);

    const buy = await api('POST', `/api/course/buy/${course.id}`, t.user3);
    const pay = await api('POST', `/api/order/pay/${buy.body.data.orderId}`, t.user3);
    const orderNo = new URL(pay.body.data.cashierUrl, 'http://x').searchParams.get('orderNo');
    await api('POST', `/api/pay/sandbox/${orderNo}/confirm`, t.user3, { action: 'pay' });
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona1`, t.user3)).status).toBe(200);
    expect(
      (await api('GET', `/api/course/detail/${course.id}`, t.user3)).body.data.enrolment.refundableUntil,
    ).not.toBeNull();

    const r = await api('POST', `/api/course/refund/${course.id}`, t.user3);
    expect(r.status, r.body.message).toBe(200);
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona1`, t.user3)).status).toBe(403);
    expect((await api('GET', `/api/course/detail/${course.id}`, t.user3)).body.data.enrolment).toBeNull();
    const order = await api('GET', `/api/order/orderDetail/${buy.body.data.orderId}`, t.user3);
    expect(order.body.data).toMatchObject({ status: 'refunded', refundFen: 1990 });
    const mine = await api('GET', '/api/course/mine', t.user3);
    expect(mine.body.data.find((c: { id: number }) => c.id === course.id)).toMatchObject({
      status: 'refunded',
    });

    const list = await api('GET', `/api/expert/course/buyList?courseId=${course.id}`, t.expert);
    expect(list.body.data.total).toBe(2);
    // The months' totals (both purchases fall in one month, or two when the test runs across
    // midnight at a month's end in Beijing time).
    type Month = { count: number; amountFen: number; refundFen: number; netFen: number };
    const months = list.body.data.months as Month[];
    const sum = (k: keyof Month) => months.reduce((n, m) => n + m[k], 0);
    expect({
      count: sum('count'),
      amountFen: sum('amountFen'),
      refundFen: sum('refundFen'),
      netFen: sum('netFen'),
    }).toEqual({ count: 2, amountFen: 3980, refundFen: 1990, netFen: 1990 });
    expect(list.body.data.list.find((p: { status: string }) => p.status === 'refunded')).toMatchObject({
      telephone: '138****0022',
      amountFen: 1990,
    });

    // Buying again after a refund works: the same enrolment reopens.
    const again = await api('POST', `/api/course/buy/${course.id}`, t.user3);
    expect(again.status).toBe(200);
    expect(again.body.data.orderId).not.toBe(buy.body.data.orderId);
  });

  it('exports the purchase records as an Excel workbook', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/SysAdmin/api/expert/course/buyList/export?courseId=${course.id}`,
      headers: { serviceToken: t.expert },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('购买记录')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('课程');
    const statuses = [2, 3].map((i) => sheet.getRow(i).getCell(6).value);
    expect(statuses.sort()).toEqual(['已支付', '已退款'].sort());
    // Net of the months (one row, or two across a month's end in Beijing time), in yuan.
    const monthly = wb.getWorksheet('月度汇总')!;
    const net = [...Array(monthly.rowCount - 1).keys()].reduce(
      (n, i) => n + Number(monthly.getRow(i + 2).getCell(5).value),
      0,
    );
    expect(net).toBeCloseTo(19.9, 2);
  });

  it('lets auditors take a course offline: gone from the shelves, kept by its learners', async () => {
    expect(
      (await api('POST', `/api/audit/course/${course.id}/online`, t.expert, { online: false })).status,
    ).toBe(403);
    expect(
      (await api('POST', `/api/audit/course/${course.id}/online`, t.auditor, { online: false })).status,
    ).toBe(200);
    const cat = await api('GET', '/api/course/list?pageSize=100');
    expect(cat.body.data.list.map((c: { id: number }) => c.id)).not.toContain(course.id);
    expect((await api('GET', `/api/course/detail/${course.id}`)).status).toBe(404);
    expect((await api('GET', `/api/course/detail/${course.id}`, t.user)).status).toBe(200);
    expect((await api('GET', `/api/course/${course.id}/lesson/lessona1`, t.user)).status).toBe(200);
    expect((await api('POST', `/api/course/buy/${course.id}`, t.user2)).status).toBe(404);
    const notes = await notificationsOf(ids.expert);
    expect(notes.map((n) => n.title)).toContain('课程已下架');
    await api('POST', `/api/audit/course/${course.id}/online`, t.auditor, { online: true });
    expect((await api('GET', `/api/course/detail/${course.id}`)).status).toBe(200);
  });

  it('keeps a course an auditor took offline off the shelves while its edit is reviewed and after a rejection', async () => {
    const listed = async () =>
      (await api('GET', '/api/course/list?pageSize=100')).body.data.list.map((c: { id: number }) => c.id);
    expect(
      (await api('POST', `/api/audit/course/${course.id}/online`, t.auditor, { online: false })).status,
    ).toBe(200);
    // The expert edits and resubmits: under review it is still not public or for sale.
    const edited = draft(course.videoId, course.cover);
    edited.title = '走出焦虑：修订版';
    expect((await api('PUT', `/api/expert/course/${course.id}`, t.expert, edited)).status).toBe(200);
    expect((await api('POST', `/api/expert/course/${course.id}/submit`, t.expert)).status).toBe(200);
    expect(await listed()).not.toContain(course.id);
    expect((await api('GET', `/api/course/detail/${course.id}`)).status).toBe(404);
    expect((await api('POST', `/api/course/buy/${course.id}`, t.user2)).status).toBe(404);
    const mine = (await api('GET', '/api/expert/course/list', t.expert)).body.data.find(
      (c: { id: number }) => c.id === course.id,
    );
    expect(mine).toMatchObject({ status: 'pending_review', takenOffline: true });
    // Rejected: back to offline, not to the shelves.
    await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, {
      approve: false,
      reason: '仍需修改',
    });
    expect((await api('GET', `/api/expert/course/${course.id}`, t.expert)).body.data).toMatchObject({
      status: 'offline',
      takenOffline: true,
    });
    expect(await listed()).not.toContain(course.id);
    // Approving a resubmission relists it.
    expect((await api('POST', `/api/expert/course/${course.id}/submit`, t.expert)).status).toBe(200);
    await api('POST', `/api/audit/course/${course.id}/review`, t.auditor, { approve: true });
    expect(await listed()).toContain(course.id);
    expect((await api('GET', `/api/course/detail/${course.id}`)).body.data.title).toBe('走出焦虑：修订版');
  });

  it('answers 400 with a Chinese message for bad input, never a 500', async () => {
    expect((await api('GET', '/api/course/list?sort=cheap')).body.message).toBe('排序方式不正确');
    expect((await api('GET', '/api/course/detail/abc')).body.message).toBe('课程编号不正确');
    const noVideo = draft(course.videoId, course.cover);
    noVideo.chapters[0]!.lessons[0] = {
      key: 'lessonz1',
      title: '空课时',
      kind: 'video',
      videoId: null as never,
      freeTrial: false,
    };
    const { id } = (await api('POST', '/api/expert/course', t.expert, noVideo)).body.data;
    const submit = await api('POST', `/api/expert/course/${id}/submit`, t.expert);
    expect(submit.status).toBe(400);
    expect(submit.body.message).toBe('课时“空课时”还没有上传视频');
    const dup = draft(course.videoId, course.cover);
    dup.chapters[0]!.lessons[1]!.key = 'lessona1';
    expect((await api('PUT', `/api/expert/course/${id}`, t.expert, dup)).body.message).toBe(
      '章节或课时编号重复，请刷新后重试',
    );
    const enrolled = await ctx.database.db
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.courseId, id)));
    expect(enrolled).toEqual([]);
  });
});
