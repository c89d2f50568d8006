import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import {
  API_PREFIX,
  courseDraftBody,
  courseMessages,
  UPLOAD_PATH,
  type AuditCourseRow,
  type BuyList,
  type BuyResult,
  type ContentStatus,
  type CourseCategory,
  type CourseDetail,
  type CourseDraftData,
  type CourseDraftView,
  type CourseReview,
  type CourseSummary,
  type CourseVideo,
  type LessonContent,
  type MyCourseRow,
  type MyLearning,
  type Page,
  type ProgressResult,
  type PurchaseMonth,
} from '@psy/contracts';
import { and, eq, ilike, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { Clock } from '../../lib/clock';
import { hmacHex, maskPhone, sameHex } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { loadRichText } from '../../lib/lazy-rich-text';
import { shareText, type ShareCard } from '../../lib/share-card';
import { likeEscape } from '../../lib/sql';
import type { OrdersService } from '../orders';
import type { ReviewService } from '../review';
import { reencodeImage, type Storage } from '../uploads';
import { users } from '../users';
import {
  applyProgress,
  canEditCourse,
  canOpenLesson,
  canReviewAsLearner,
  canReviewCourse,
  canSeeCourseDraft,
  progressPercent,
  refundableUntil,
} from './courses.policy';
import {
  coursesRepository as repo,
  isLive,
  isPublic,
  type CourseListRow,
  type CourseOrder,
  type CourseRow,
  type EnrolmentRow,
  type ProgressRow,
} from './courses.repository';
import { courses, type CourseVersionContent } from './courses.table';
import { looksLikeIsoMedia, probeVideo } from './video-probe';

/** How many fitting courses are ranked for a recommendation. */
const RECOMMEND_POOL = 60;

const coverUrl = (cover: string | null) => (cover ? `${UPLOAD_PATH}${cover}` : null);
const plainSummary = (intro: string) => intro.replace(/\s+/g, ' ').slice(0, 80);

function summary(r: CourseListRow): CourseSummary {
  return {
    id: r.c.id,
    title: r.c.title,
    category: r.c.category,
    coverUrl: coverUrl(r.c.cover),
    expert: {
      id: r.c.expertId,
      name: r.expertName,
      avatar: r.expertAvatar,
      title: r.expertTitle ?? '心理咨询师',
    },
    lessonCount: r.c.lessonCount,
    durationSec: r.c.durationSec,
    learnerCount: r.learnerCount,
    rating: r.ratingAvg,
    ratingCount: r.ratingCount,
    priceFen: r.c.priceFen,
    publishedAt: r.c.publishedAt?.toISOString() ?? null,
  };
}

const lessonsOf = <L>(content: { chapters: { lessons: L[] }[] }): L[] =>
  content.chapters.flatMap((c) => c.lessons);

interface LessonHead {
  key: string;
  title: string;
  kind: 'video' | 'text';
  freeTrial: boolean;
}

/** A course's chapters with each lesson's key, title, kind and trial flag, and what `more` adds to it. */
const chaptersWith = <L extends LessonHead, X>(
  chapters: { key: string; title: string; lessons: L[] }[],
  more: (l: L) => X,
) =>
  chapters.map((ch) => ({
    key: ch.key,
    title: ch.title,
    lessons: ch.lessons.map((l) => ({
      key: l.key,
      title: l.title,
      kind: l.kind,
      freeTrial: l.freeTrial,
      ...more(l),
    })),
  }));

/** What decides whether a draft differs from the live version. */
const comparable = (c: Omit<CourseVersionContent, 'chapters'> & { chapters: CourseDraftData['chapters'] }) =>
  JSON.stringify([
    c.title,
    c.category,
    c.intro,
    c.cover,
    c.priceFen,
    c.chapters.map((ch) => [
      ch.key,
      ch.title,
      ch.lessons.map((l) => [l.key, l.title, l.kind, l.freeTrial, l.videoId, l.body]),
    ]),
  ]);

/** Makes the draft the course's newest version: learners keep their progress by lesson key. */
export async function publishCourseDraft(tx: DbOrTx, c: CourseRow, now: Date): Promise<void> {
  const d = c.draft;
  const videos = new Map(
    (
      await repo.videos(
        tx,
        lessonsOf(d).flatMap((l) => (l.videoId ? [l.videoId] : [])),
      )
    ).map((v) => [v.id, v]),
  );
  const content: CourseVersionContent = {
    title: d.title,
    category: d.category,
    intro: d.intro,
    cover: d.cover,
    priceFen: d.priceFen,
    chapters: chaptersWith(d.chapters, (l) => ({
      videoId: l.kind === 'video' ? l.videoId : null,
      durationSec: l.kind === 'video' && l.videoId ? Math.round(videos.get(l.videoId)?.durationSec ?? 0) : 0,
      body: l.kind === 'text' ? l.body : null,
    })),
  };
  const v = await repo.insertVersion(tx, {
    courseId: c.id,
    version: await repo.nextVersion(tx, c.id),
    content,
  });
  const lessons = lessonsOf(content);
  await repo.update(tx, c.id, {
    publishedVersionId: v.id,
    status: 'published',
    // Approving a new version is the auditor's decision to put the course back on the shelves.
    takenOffline: false,
    title: d.title,
    category: d.category,
    intro: d.intro,
    cover: d.cover,
    priceFen: d.priceFen,
    lessonCount: lessons.length,
    durationSec: lessons.reduce((s, l) => s + l.durationSec, 0),
    publishedAt: c.publishedAt ?? now,
  });
}

export interface CoursesServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  orders: OrdersService;
  review: ReviewService;
  /** Public uploads: covers. */
  storage: Storage;
  /** Where lesson videos are kept (never served without a signed URL). */
  videoDir: string;
  secret: Buffer;
  signedUrlTtlMs: number;
  catalogue: CatalogueCache;
}

/** Media URLs: the signature (HMAC with the app secret over id and expiry) is the only key. */
export function createMediaSigner(secret: Buffer, ttlMs: number, now: Clock) {
  const sign = (id: string, exp: number) => hmacHex(secret, `course-media:${id}:${exp}`);
  return {
    url(id: string): string {
      const exp = Math.floor((now().getTime() + ttlMs) / 1000);
      return `${API_PREFIX}/api/course/media/${id}?exp=${exp}&sig=${sign(id, exp)}`;
    },
    verify(id: string, exp: number, sig: string): boolean {
      if (exp * 1000 < now().getTime()) return false;
      return /^[0-9a-f]{64}$/.test(sig) && sameHex(sign(id, exp), sig);
    },
  };
}

export function createCoursesService(deps: CoursesServiceDeps) {
  const { db, clock, events, orders, review, storage, videoDir, secret, signedUrlTtlMs, catalogue } = deps;
  const signer = createMediaSigner(secret, signedUrlTtlMs, clock);
  const notThere = () => notFound('课程不存在');

  // ---- review: submitting opens a request; approval publishes the draft as a new version ----
  const workflow = review.createReviewWorkflow<CourseRow>({
    kind: 'course',
    async load(tx, id, reviewer) {
      if (!canReviewCourse(reviewer)) throw new AppError('FORBIDDEN');
      const c = await repo.byId(tx, id, { lock: true });
      if (!c) throw notThere();
      return c;
    },
    onApprove: (tx, c) => publishCourseDraft(tx, c, clock()),
    async onReject(tx, c) {
      // A course an auditor took offline goes back to offline, not onto the shelves.
      const status = !c.publishedVersionId ? 'rejected' : c.takenOffline ? 'offline' : 'published';
      await repo.update(tx, c.id, { status });
    },
    what: (title) => `课程“${title}”`,
    links: {
      submitter: (id) => `/expert/course/detail?id=${id}`,
      reviewer: (id) => `/audit/course/detail?id=${id}`,
    },
    messages: {
      reasonRequired: '请填写驳回原因',
      notPending: '该课程不在待审核状态',
      alreadyPending: '课程已在审核中',
    },
  });

  // ---- paying for a course enrols the payer, in the payment's transaction ----
  orders.register('course', {
    async onPaid(tx, order) {
      const c = await repo.byId(tx, order.itemId);
      if (!c) return 'refund';
      const e = await repo.enrol(tx, {
        courseId: c.id,
        userId: order.userId,
        orderId: order.id,
        amountFen: order.amountFen,
        joinedAt: clock(),
      });
      // Already learning it (joined another way meanwhile): the money goes back.
      if (!e) return 'refund';
      await emitLearner(tx, 'course.enrolled', c, e);
      return 'ok';
    },
    async onCancelled() {
      // Nothing was held for an unpaid course order.
    },
    link: (id) => `/course/detail?id=${id}`,
  });

  async function userName(tx: DbOrTx, id: number): Promise<string> {
    const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, id));
    return u?.name ?? '';
  }

  /** Tells the expert that a learner joined the course, or was refunded. */
  async function emitLearner(
    tx: Tx,
    name: 'course.enrolled' | 'course.refunded',
    c: CourseRow,
    e: EnrolmentRow,
  ) {
    await events.emit(tx, name, {
      courseId: c.id,
      userId: e.userId,
      expertId: c.expertId,
      title: c.title,
      userName: await userName(tx, e.userId),
      amountFen: e.amountFen,
    });
  }

  /** The live version's content. */
  async function liveContent(tx: DbOrTx, c: CourseRow): Promise<CourseVersionContent | null> {
    if (!c.publishedVersionId) return null;
    return (await repo.version(tx, c.publishedVersionId))?.content ?? null;
  }

  /** A course the caller may see as a learner: public, or one they are enrolled in. */
  async function visible(actor: Actor | null, id: number) {
    const [row] = await repo.list(db, eq(courses.id, id), 'newest');
    if (!row || !row.c.publishedVersionId) throw notThere();
    const e = actor ? await repo.enrolment(db, id, actor.userId) : undefined;
    const enrolled = e?.status === 'active';
    if (!isLive(row.c) && !enrolled) throw notFound('课程不存在或已下架');
    const content = (await liveContent(db, row.c))!;
    return { row, enrolment: enrolled ? e! : null, content };
  }

  function progressView(content: CourseVersionContent, progress: ProgressRow[]) {
    const byKey = new Map(progress.map((p) => [p.lessonKey, p]));
    const lessons = lessonsOf(content);
    const done = lessons.filter((l) => byKey.get(l.key)?.doneAt).length;
    return { byKey, done, percent: progressPercent(done, lessons.length), lessons };
  }

  function enrolmentView(e: EnrolmentRow, done: number, percent: number) {
    return {
      progressPercent: percent,
      doneCount: done,
      lastLessonKey: e.lastLessonKey,
      lastPositionSec: e.lastPositionSec,
      lastStudiedAt: e.lastStudiedAt?.toISOString() ?? null,
      joinedAt: e.joinedAt.toISOString(),
      amountFen: e.amountFen,
      refundableUntil: refundableUntil(e, percent, clock())?.toISOString() ?? null,
    };
  }

  // ---- lesson bodies and drafts ----

  /** Checks a draft: keys unique, videos the author's own, text bodies cleaned. */
  async function cleanDraft(tx: DbOrTx, actor: Actor, input: unknown): Promise<CourseDraftData> {
    const { sanitizeRichText } = await loadRichText();
    const d = courseDraftBody.parse(input);
    const keys = new Set<string>();
    for (const ch of d.chapters) {
      for (const k of [ch.key, ...ch.lessons.map((l) => l.key)]) {
        if (keys.has(k)) throw new AppError('BAD_REQUEST', '章节或课时编号重复，请刷新后重试');
        keys.add(k);
      }
    }
    const videoIds = [...new Set(lessonsOf(d).flatMap((l) => (l.videoId ? [l.videoId] : [])))];
    const videos = await repo.videos(tx, videoIds);
    if (videos.length !== videoIds.length || videos.some((v) => v.ownerId !== actor.userId))
      throw new AppError('BAD_REQUEST', '视频不存在，请重新上传');
    if (d.cover && !(await storage.exists(d.cover)))
      throw new AppError('BAD_REQUEST', '封面不存在，请重新上传');
    return {
      ...d,
      chapters: d.chapters.map((ch) => ({
        ...ch,
        lessons: ch.lessons.map((l) => ({
          ...l,
          videoId: l.kind === 'video' ? l.videoId : null,
          body: l.kind === 'text' && l.body ? sanitizeRichText(l.body) : null,
        })),
      })),
    };
  }

  /** What must hold before a course goes to review; the message says what is missing. */
  async function checkComplete(d: CourseDraftData) {
    const { richTextIsEmpty } = await loadRichText();
    if (!d.cover) throw new AppError('BAD_REQUEST', '请上传课程封面');
    const lessons = lessonsOf(d);
    if (lessons.length === 0) throw new AppError('BAD_REQUEST', '请至少添加一个章节和一个课时');
    const empty = d.chapters.find((ch) => ch.lessons.length === 0);
    if (empty) throw new AppError('BAD_REQUEST', `章节“${empty.title}”还没有课时`);
    for (const l of lessons) {
      if (l.kind === 'video' && !l.videoId)
        throw new AppError('BAD_REQUEST', `课时“${l.title}”还没有上传视频`);
      if (l.kind === 'text' && (!l.body || richTextIsEmpty(l.body)))
        throw new AppError('BAD_REQUEST', `课时“${l.title}”还没有图文内容`);
    }
  }

  async function own(actor: Actor, id: number, opts: { lock?: boolean; tx?: DbOrTx } = {}) {
    const c = await repo.byId(opts.tx ?? db, id, opts);
    if (!c || !canEditCourse(actor, c)) throw notThere();
    return c;
  }

  const rejectReason = (c: CourseRow, last: { status: string; reason: string | null } | undefined) =>
    last?.status === 'rejected' && (c.status === 'rejected' || c.status === 'published') ? last.reason : null;

  async function draftLesson(actor: Actor, id: number, key: string): Promise<LessonContent> {
    const c = await repo.byId(db, id);
    if (!c || !canSeeCourseDraft(actor, c)) throw notThere();
    const l = lessonsOf(c.draft).find((x) => x.key === key);
    if (!l) throw notFound('课时不存在');
    const [v] = l.videoId ? await repo.videos(db, [l.videoId]) : [];
    return {
      key: l.key,
      title: l.title,
      kind: l.kind,
      durationSec: Math.round(v?.durationSec ?? 0),
      videoUrl: v ? signer.url(v.id) : null,
      body: l.kind === 'text' ? l.body : null,
      positionSec: 0,
      done: false,
    };
  }

  const videoFile = (id: string) => path.join(videoDir, `${id}.mp4`);

  return {
    signer,
    videoFile,

    // ---- the catalogue ----

    async catalog(q: {
      pageNum: number;
      pageSize: number;
      keyword?: string | undefined;
      category?: CourseCategory | undefined;
      sort: 'newest' | 'popular' | 'price_asc' | 'price_desc';
      price?: 'free' | 'paid' | undefined;
      expertId?: number | undefined;
    }): Promise<Page<CourseSummary>> {
      return catalogue.get('courses', JSON.stringify(q), async () => {
        const f: SQL[] = [isPublic];
        if (q.keyword) {
          const k = `%${likeEscape(q.keyword)}%`;
          f.push(or(ilike(courses.title, k), ilike(courses.intro, k), ilike(users.name, k))!);
        }
        if (q.category) f.push(eq(courses.category, q.category));
        if (q.price === 'free') f.push(eq(courses.priceFen, 0));
        if (q.price === 'paid') f.push(sql`${courses.priceFen} > 0`);
        if (q.expertId) f.push(eq(courses.expertId, q.expertId));
        const where = and(...f);
        const [rows, total] = await Promise.all([
          repo.list(db, where, q.sort as CourseOrder, q),
          q.keyword
            ? db
                .select({ n: sql<number>`count(*)::int` })
                .from(courses)
                .innerJoin(users, eq(users.id, courses.expertId))
                .where(where)
                .then((r) => Number(r[0]?.n ?? 0))
            : repo.count(db, where),
        ]);
        return { list: rows.map(summary), total, pageNum: q.pageNum, pageSize: q.pageSize };
      });
    },

    /** The home page's 精品课程: the most learned public courses. */
    async featured(limit: number): Promise<CourseSummary[]> {
      return (await repo.list(db, isPublic, 'popular', { pageNum: 1, pageSize: limit })).map(summary);
    },

    /**
     * Public courses for a report's next steps: `categories` in order of fit, the most learned
     * course of each category in turn (then the second of each …), at most `limit`.
     */
    async recommended(categories: readonly string[], limit: number): Promise<CourseSummary[]> {
      const wanted = [...new Set(categories)];
      if (!wanted.length || limit <= 0) return [];
      const rows = await repo.list(db, and(isPublic, inArray(courses.category, wanted)), 'popular', {
        pageNum: 1,
        pageSize: RECOMMEND_POOL,
      });
      const byCategory = wanted.map((c) => rows.filter((r) => r.c.category === c));
      const picked: CourseListRow[] = [];
      for (let round = 0; picked.length < limit && byCategory.some((l) => l.length > round); round++)
        for (const l of byCategory) {
          const next = l[round];
          if (next && picked.length < limit) picked.push(next);
        }
      return picked.map(summary);
    },

    /** What a shared link to a public course shows (served page metadata), or null. */
    async shareCard(id: number): Promise<ShareCard | null> {
      const [row] = await repo.list(db, and(eq(courses.id, id), isPublic), 'newest');
      if (!row) return null;
      return { title: row.c.title, description: shareText(row.c.intro), image: coverUrl(row.c.cover) };
    },

    async detail(actor: Actor | null, id: number): Promise<CourseDetail> {
      const { row, enrolment, content } = await visible(actor, id);
      const progress = enrolment ? await repo.progressOf(db, id, actor!.userId) : [];
      const p = progressView(content, progress);
      const reviewed = actor ? await repo.hasReviewed(db, id, actor.userId) : false;
      const pending =
        actor && !enrolment
          ? await db.transaction((tx) => orders.unpaidFor(tx, actor.userId, 'course', id))
          : undefined;
      return {
        ...summary(row),
        summary: plainSummary(row.c.intro),
        intro: content.intro,
        chapters: chaptersWith(content.chapters, (l) => ({
          durationSec: l.durationSec,
          open: canOpenLesson(!!enrolment, l),
          done: !!p.byKey.get(l.key)?.doneAt,
          positionSec: p.byKey.get(l.key)?.positionSec ?? 0,
        })),
        enrolment: enrolment ? enrolmentView(enrolment, p.done, p.percent) : null,
        pendingOrderId: pending?.id ?? null,
        reviewed,
        canReview: canReviewAsLearner(!!enrolment, reviewed),
      };
    },

    async reviews(id: number, q: { pageNum: number; pageSize: number }): Promise<Page<CourseReview>> {
      const c = await repo.byId(db, id);
      if (!c || !c.publishedVersionId) throw notThere();
      const { rows, total } = await repo.reviews(db, id, q);
      return {
        list: rows.map(({ r, userName: name, avatar }) => ({
          id: r.id,
          userName: name,
          avatar,
          rating: r.rating,
          content: r.content,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    async addReview(actor: Actor, id: number, body: { rating: number; content: string }): Promise<void> {
      const { enrolment } = await visible(actor, id);
      if (!enrolment) throw new AppError('FORBIDDEN', '购买课程后才能评价');
      const r = await repo.insertReview(db, { courseId: id, userId: actor.userId, ...body });
      if (!r) throw new AppError('CONFLICT', '您已评价过该课程');
    },

    /**
     * For feedback (the feedback module): the caller's enrolment in a course (ownerId null when
     * they never joined it), its author (who handles the feedback), whether the enrolment is
     * active (bought or joined, not refunded), and the title; undefined for a course nobody may see.
     */
    async feedbackSubject(tx: DbOrTx, id: number, userId: number) {
      const c = await repo.byId(tx, id);
      const e = c ? await repo.enrolment(tx, id, userId) : undefined;
      if (!c || !c.publishedVersionId || (!isLive(c) && !e)) return undefined;
      return {
        ownerId: e ? e.userId : null,
        expertId: c.expertId,
        ready: e?.status === 'active',
        title: c.title,
      };
    },

    // ---- buying and learning ----

    /**
     * Buys a course: a free one is joined at once, a paid one gets an order (or the unpaid one
     * already open). The database refuses a second enrolment and a second open order.
     */
    async buy(actor: Actor, id: number): Promise<BuyResult> {
      try {
        return await db.transaction(async (tx) => {
          const c = await repo.byId(tx, id);
          if (!c || !isLive(c)) throw notFound('课程不存在或已下架');
          if (c.expertId === actor.userId) throw new AppError('CONFLICT', '不能购买自己的课程');
          const e = await repo.enrolment(tx, id, actor.userId, { lock: true });
          if (e?.status === 'active') throw new AppError('CONFLICT', courseMessages.alreadyBought);
          if (c.priceFen === 0) {
            const joined = await repo.enrol(tx, {
              courseId: id,
              userId: actor.userId,
              orderId: null,
              amountFen: 0,
              joinedAt: clock(),
            });
            if (!joined) throw new AppError('CONFLICT', courseMessages.alreadyBought);
            await emitLearner(tx, 'course.enrolled', c, joined);
            return { orderId: null, joined: true };
          }
          const open = await orders.unpaidFor(tx, actor.userId, 'course', id);
          if (open) return { orderId: open.id, joined: false };
          const o = await orders.create(tx, {
            userId: actor.userId,
            kind: 'course',
            itemId: id,
            title: c.title,
            amountFen: c.priceFen,
          });
          return { orderId: o.id, joined: false };
        });
      } catch (err) {
        // Two buys at once: the unique indexes let one through.
        if (pgError(err).code === UNIQUE_VIOLATION)
          throw new AppError('CONFLICT', '已有该课程的订单，请到订单中完成支付');
        throw err;
      }
    },

    async lesson(actor: Actor | null, id: number, key: string): Promise<LessonContent> {
      const { enrolment, content } = await visible(actor, id);
      const l = lessonsOf(content).find((x) => x.key === key);
      if (!l) throw notFound('课时不存在');
      if (!canOpenLesson(!!enrolment, l)) throw new AppError('FORBIDDEN', '购买课程后即可学习本课时');
      const p = enrolment ? await repo.lessonProgress(db, id, actor!.userId, key) : undefined;
      return {
        key: l.key,
        title: l.title,
        kind: l.kind,
        durationSec: l.durationSec,
        videoUrl: l.videoId ? signer.url(l.videoId) : null,
        body: l.body,
        positionSec: p?.positionSec ?? 0,
        done: !!p?.doneAt,
      };
    },

    /** Saves where the learner is; marks the lesson done at 90% watched (or read). */
    async saveProgress(
      actor: Actor,
      id: number,
      body: { lessonKey: string; positionSec: number; watchedSec: number; read: boolean },
    ): Promise<ProgressResult> {
      return db.transaction(async (tx) => {
        const e = await repo.enrolment(tx, id, actor.userId, { lock: true });
        if (!e || e.status !== 'active') throw new AppError('FORBIDDEN', '购买课程后才能记录学习进度');
        const c = (await repo.byId(tx, id))!;
        const content = await liveContent(tx, c);
        const l = content && lessonsOf(content).find((x) => x.key === body.lessonKey);
        if (!content || !l) throw notFound('课时不存在');
        const now = clock();
        const prev = await repo.lessonProgress(tx, id, actor.userId, l.key, true);
        const elapsed = prev ? (now.getTime() - prev.updatedAt.getTime()) / 1000 : 60;
        const next = applyProgress(
          prev ? { positionSec: prev.positionSec, watchedSec: prev.watchedSec, done: !!prev.doneAt } : null,
          body,
          l,
          elapsed,
        );
        await repo.saveProgress(tx, {
          courseId: id,
          userId: actor.userId,
          lessonKey: l.key,
          positionSec: next.positionSec,
          watchedSec: next.watchedSec,
          doneAt: next.done ? (prev?.doneAt ?? now) : null,
          updatedAt: now,
        });
        await repo.updateEnrolment(tx, e.id, {
          lastLessonKey: l.key,
          lastPositionSec: next.positionSec,
          lastStudiedAt: now,
        });
        const p = progressView(content, await repo.progressOf(tx, id, actor.userId));
        return {
          lessonKey: l.key,
          positionSec: next.positionSec,
          done: next.done,
          progressPercent: p.percent,
        };
      });
    },

    /** 我的课程: what the caller learns (and what was refunded), most recently studied first. */
    async myLearning(actor: Actor): Promise<MyLearning[]> {
      const es = await repo.enrolmentsOf(db, actor.userId);
      if (es.length === 0) return [];
      const ids = es.map((e) => e.courseId);
      const [rows, progress] = await Promise.all([
        repo.list(db, inArray(courses.id, ids), 'newest'),
        repo.progressOfMany(db, actor.userId, ids),
      ]);
      const versions = new Map<number, CourseVersionContent>();
      for (const r of rows) {
        const content = await liveContent(db, r.c);
        if (content) versions.set(r.c.id, content);
      }
      const byId = new Map(rows.map((r) => [r.c.id, r]));
      return es.flatMap((e) => {
        const r = byId.get(e.courseId);
        const content = versions.get(e.courseId);
        if (!r || !content) return [];
        const p = progressView(
          content,
          progress.filter((x) => x.courseId === e.courseId),
        );
        const last = p.lessons.find((l) => l.key === e.lastLessonKey);
        return [
          {
            ...summary(r),
            status: e.status,
            progressPercent: p.percent,
            doneCount: p.done,
            lastLessonKey: last ? last.key : null,
            lastLessonTitle: last?.title ?? null,
            lastPositionSec: last ? e.lastPositionSec : 0,
            lastStudiedAt: e.lastStudiedAt?.toISOString() ?? null,
            joinedAt: e.joinedAt.toISOString(),
          },
        ];
      });
    },

    /** A refund within the rule: access ends at once, the money goes back through the order. */
    async refund(actor: Actor, id: number): Promise<void> {
      const orderId = await db.transaction(async (tx) => {
        const e = await repo.enrolment(tx, id, actor.userId, { lock: true });
        if (!e || e.status !== 'active') throw notFound('您没有购买该课程');
        const c = (await repo.byId(tx, id))!;
        const content = await liveContent(tx, c);
        const p = progressView(content!, await repo.progressOf(tx, id, actor.userId));
        if (!refundableUntil(e, p.percent, clock()) || !e.orderId)
          throw new AppError('CONFLICT', courseMessages.refundNotAllowed);
        await repo.updateEnrolment(tx, e.id, { status: 'refunded', refundedAt: clock() });
        const o = await orders.settleForCancelledItem(tx, e.orderId);
        if (o?.status === 'paid') await orders.startRefund(tx, o, o.amountFen);
        await emitLearner(tx, 'course.refunded', c, e);
        return e.orderId;
      });
      await orders.settleRefunds(orderId);
    },

    // ---- media ----

    /** The file behind a signed media URL, or null when the signature does not hold. */
    async mediaFile(id: string, exp: number, sig: string): Promise<string | null> {
      if (!signer.verify(id, exp, sig)) return null;
      return videoFile(id);
    },

    // ---- authoring (experts) ----

    async uploadCover(data: Buffer): Promise<{ cover: string; url: string }> {
      const img = await reencodeImage(data, { maxWidth: 960, maxHeight: 540, fit: 'cover', quality: 80 });
      const cover = `course-cover-${crypto.randomUUID()}.webp`;
      await storage.put(cover, img.data);
      return { cover, url: coverUrl(cover)! };
    },

    /**
     * Stores an uploaded lesson video: streamed to disk (the size cap is counted as it
     * arrives, a file that does not start like MP4/MOV is refused at its first bytes), then
     * its container and duration are read from the file itself.
     */
    async uploadVideo(
      actor: Actor,
      input: Readable & { truncated?: boolean },
      originalName: string,
      maxBytes: number,
    ): Promise<CourseVideo> {
      await fs.mkdir(videoDir, { recursive: true });
      const id = crypto.randomUUID();
      const tmp = path.join(videoDir, `${id}.part`);
      let size = 0;
      let head = Buffer.alloc(0);
      const check = new Transform({
        transform(chunk: Buffer, _enc, done) {
          if (head.length < 16) {
            head = Buffer.concat([head, chunk]).subarray(0, 16);
            if (head.length >= 8 && !looksLikeIsoMedia(head))
              return done(new AppError('BAD_REQUEST', courseMessages.notAVideo));
          }
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(input, check, createWriteStream(tmp));
        if (input.truncated || size > maxBytes)
          throw new AppError('TOO_LARGE', courseMessages.videoTooLarge(maxBytes));
        if (size < 8) throw new AppError('BAD_REQUEST', courseMessages.notAVideo);
        const facts = await probeVideo(tmp);
        await fs.rename(tmp, videoFile(id));
        const row = {
          id,
          ownerId: actor.userId,
          ...facts,
          sizeBytes: size,
          originalName: originalName.slice(0, 200) || 'video.mp4',
        };
        await repo.insertVideo(db, row);
        return { ...row, durationSec: row.durationSec };
      } catch (err) {
        await fs.rm(tmp, { force: true });
        if (err instanceof AppError) throw err;
        // The client gave up (cancel) or the stream broke: nothing is kept.
        throw new AppError('BAD_REQUEST', '视频上传未完成，请重试');
      }
    },

    async mine(actor: Actor): Promise<MyCourseRow[]> {
      const rows = await repo.list(db, eq(courses.expertId, actor.userId), 'recent');
      const ids = rows.map((r) => r.c.id);
      const [figures, last] = await Promise.all([repo.figuresOf(db, ids), workflow.latestOf(db, ids)]);
      const out: MyCourseRow[] = [];
      for (const r of rows) {
        const live = await liveContent(db, r.c);
        out.push({
          id: r.c.id,
          title: r.c.draft.title,
          category: r.c.draft.category,
          coverUrl: coverUrl(r.c.draft.cover ?? r.c.cover),
          status: r.c.status as ContentStatus,
          rejectReason: rejectReason(r.c, last.get(r.c.id)),
          published: r.c.publishedVersionId !== null,
          takenOffline: r.c.takenOffline,
          editing: !!live && comparable(live) !== comparable(r.c.draft),
          priceFen: r.c.draft.priceFen,
          learnerCount: figures.get(r.c.id)?.learners ?? 0,
          incomeFen: figures.get(r.c.id)?.incomeFen ?? 0,
          updatedAt: r.c.updatedAt.toISOString(),
        });
      }
      return out;
    },

    async draftOf(actor: Actor, id: number): Promise<CourseDraftView> {
      const c = await repo.byId(db, id);
      if (!c || !canSeeCourseDraft(actor, c)) throw notThere();
      const videos = await repo.videos(
        db,
        lessonsOf(c.draft).flatMap((l) => (l.videoId ? [l.videoId] : [])),
      );
      const version = c.publishedVersionId
        ? ((await repo.version(db, c.publishedVersionId))?.version ?? 0)
        : 0;
      return {
        id: c.id,
        status: c.status,
        rejectReason: rejectReason(c, await workflow.latest(db, c.id)),
        published: c.publishedVersionId !== null,
        takenOffline: c.takenOffline,
        version,
        coverUrl: coverUrl(c.draft.cover),
        expert: { id: c.expertId, name: await userName(db, c.expertId) },
        draft: c.draft,
        videos: videos.map((v) => ({
          id: v.id,
          container: v.container,
          durationSec: v.durationSec,
          sizeBytes: v.sizeBytes,
          width: v.width,
          height: v.height,
          originalName: v.originalName,
        })),
      };
    },

    draftLesson,

    async create(actor: Actor, input: unknown): Promise<{ id: number }> {
      const d = await cleanDraft(db, actor, input);
      const c = await repo.insert(db, {
        expertId: actor.userId,
        status: 'draft',
        draft: d,
        title: d.title,
        category: d.category,
        intro: d.intro,
        cover: d.cover,
        priceFen: d.priceFen,
      });
      return { id: c.id };
    },

    /** Saves the draft; a published course stays live with its current version meanwhile. */
    async update(actor: Actor, id: number, input: unknown): Promise<{ id: number }> {
      const c = await own(actor, id);
      if (c.status === 'pending_review') throw new AppError('CONFLICT', '审核中的课程不能修改');
      const d = await cleanDraft(db, actor, input);
      await repo.update(db, id, {
        draft: d,
        status: c.status === 'offline' ? 'offline' : c.publishedVersionId ? 'published' : 'draft',
        // Until a version is live, the row shows the draft in the expert's lists.
        ...(c.publishedVersionId
          ? {}
          : { title: d.title, category: d.category, intro: d.intro, cover: d.cover, priceFen: d.priceFen }),
      });
      return { id };
    },

    async submit(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const c = await own(actor, id, { lock: true, tx });
        if (c.status === 'pending_review') throw new AppError('CONFLICT', '课程已在审核中');
        await checkComplete(c.draft);
        await repo.update(tx, id, { status: 'pending_review' });
        await workflow.submit(tx, {
          itemId: id,
          version: await repo.nextVersion(tx, id),
          title: c.draft.title,
          submittedBy: actor.userId,
        });
      });
    },

    /** 购买记录: who bought which course, when, for how much, refunds; totals by month. */
    async buyList(
      actor: Actor,
      q: { pageNum: number; pageSize: number; courseId?: number | undefined },
    ): Promise<BuyList> {
      const { rows, total, months } = await repo.purchases(db, actor.userId, q.courseId, q);
      return {
        list: rows.map(purchase),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        months: months.map(monthTotals),
      };
    },

    /** Every purchase (optionally of one course) as an Excel workbook. */
    async buyListWorkbook(actor: Actor, courseId?: number): Promise<Buffer> {
      const { rows, months } = await repo.purchases(db, actor.userId, courseId);
      const { purchasesWorkbook } = await import('./buy-list-export');
      return purchasesWorkbook(rows.map(purchase), months.map(monthTotals));
    },

    // ---- review (auditors) ----

    async auditList(q: {
      pageNum: number;
      pageSize: number;
      status?: ContentStatus | undefined;
    }): Promise<Page<AuditCourseRow>> {
      // Without a status: every course that was ever submitted (drafts never sent are the expert's own).
      const where = q.status
        ? eq(courses.status, q.status)
        : or(ne(courses.status, 'draft'), isNotNull(courses.publishedVersionId));
      const [rows, total] = await Promise.all([repo.list(db, where, 'recent', q), repo.count(db, where)]);
      const last = await workflow.latestOf(
        db,
        rows.map((r) => r.c.id),
      );
      return {
        list: rows.map((r) => ({
          id: r.c.id,
          title: r.c.draft.title,
          category: r.c.draft.category,
          coverUrl: coverUrl(r.c.draft.cover),
          expertName: r.expertName,
          status: r.c.status as ContentStatus,
          published: r.c.publishedVersionId !== null,
          takenOffline: r.c.takenOffline,
          priceFen: r.c.draft.priceFen,
          lessonCount: lessonsOf(r.c.draft).length,
          submittedAt: last.get(r.c.id)?.submittedAt.toISOString() ?? null,
          rejectReason: rejectReason(r.c, last.get(r.c.id)),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    review: (reviewer: Actor, id: number, decision: { approve: boolean; reason?: string | undefined }) =>
      workflow.decide(reviewer, id, decision),

    /** Auditors take a course off the shelves (learners who bought keep it) and back. */
    async setOnline(actor: Actor, id: number, online: boolean): Promise<void> {
      if (!canReviewCourse(actor)) throw new AppError('FORBIDDEN');
      await db.transaction(async (tx) => {
        const c = await repo.byId(tx, id, { lock: true });
        if (!c) throw notThere();
        if (!c.publishedVersionId) throw new AppError('CONFLICT', '课程尚未上架过');
        if (c.status === 'pending_review') throw new AppError('CONFLICT', '课程正在审核中，请先处理审核');
        if (online === (c.status !== 'offline')) return;
        await repo.update(tx, id, { status: online ? 'published' : 'offline', takenOffline: !online });
        await events.emit(tx, 'course.shelved', {
          courseId: id,
          expertId: c.expertId,
          title: c.title,
          online,
        });
      });
    },
  };

  /** A month of the purchase list: the database's sums as numbers, and what is left after refunds. */
  function monthTotals(m: {
    month: string;
    count: number;
    amountFen: number;
    refundFen: number;
  }): PurchaseMonth {
    return {
      month: m.month,
      count: Number(m.count),
      amountFen: Number(m.amountFen),
      refundFen: Number(m.refundFen),
      netFen: Number(m.amountFen) - Number(m.refundFen),
    };
  }

  function purchase(r: { e: EnrolmentRow; courseTitle: string; userName: string; telephone: string }) {
    return {
      id: r.e.id,
      courseId: r.e.courseId,
      courseTitle: r.courseTitle,
      userName: r.userName,
      telephone: maskPhone(r.telephone),
      amountFen: r.e.amountFen,
      status: r.e.status,
      joinedAt: r.e.joinedAt.toISOString(),
      refundedAt: r.e.refundedAt?.toISOString() ?? null,
    };
  }
}
export type CoursesService = ReturnType<typeof createCoursesService>;
