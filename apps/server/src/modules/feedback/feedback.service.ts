import {
  feedbackBody,
  feedbackEditBody,
  feedbackHandleBody,
  feedbackStatuses,
  type FeedbackBody,
  type FeedbackDetail,
  type FeedbackEditBody,
  type FeedbackHandleBody,
  type FeedbackItem,
  type FeedbackKind,
  type FeedbackListQuery,
  type FeedbackOn,
  type FeedbackPage,
  type MyFeedbackPage,
  type PublicFeedbackPage,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import {
  canEditFeedback,
  canHandleFeedback,
  canSeeFeedback,
  leaveProblem,
  publicName,
  type FeedbackView,
  type LeaveProblem,
  type SubjectFacts,
} from './feedback.policy';
import { feedbackRepository as repo, type FeedbackScope, type NamedFeedback } from './feedback.repository';

/** What the owning module answers about one of its objects: the facts the policy needs, and its name. */
export type FeedbackSubjectOf = (
  tx: DbOrTx,
  objectId: number,
  userId: number,
) => Promise<(SubjectFacts & { title: string }) | undefined>;

export interface FeedbackServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  /**
   * Each kind's owner reads its own objects: bookings (the booking's expert, once completed),
   * reports (the expert who follows the assessment up and approves its report, else the person's
   * assigned expert; once paid or free), courses (the author, while the enrolment is active).
   */
  subjects: Record<FeedbackKind, FeedbackSubjectOf>;
}

const missing = () => notFound('反馈不存在');
const ALREADY = '您已经反馈过了，专家处理前可以修改';

/** Why the caller may not leave feedback on an object, as the caller reads it. */
function refusal(kind: FeedbackKind, problem: Exclude<LeaveProblem, null>): AppError {
  const gone = { booking: '预约不存在', report: '报告不存在', course: '课程不存在' }[kind];
  switch (problem) {
    case 'missing':
      return notFound(gone);
    case 'not_owner':
      // A course is public: not having bought it is no secret. Someone else's booking or report is.
      return kind === 'course' ? new AppError('FORBIDDEN', '购买课程后才能反馈') : notFound(gone);
    case 'not_ready':
      return new AppError(
        'CONFLICT',
        {
          booking: '咨询完成后才能反馈',
          report: '购买或解锁完整报告后才能反馈',
          course: '课程已退款，不能再反馈',
        }[kind],
      );
    case 'no_expert':
      return new AppError('CONFLICT', '暂无负责专家，暂不能反馈');
    case 'own':
      return new AppError('CONFLICT', '不能给自己反馈');
  }
}

/** The page each side opens the object on (auditors: only public pages). */
function linkOf(kind: FeedbackKind, id: number, view: FeedbackView): string | null {
  if (view === 'user')
    return {
      booking: `/booking/detail?id=${id}`,
      report: `/reportView?id=${id}`,
      course: `/course/detail?id=${id}`,
    }[kind];
  if (view === 'expert')
    return {
      booking: `/expert/mybooking/detail?id=${id}`,
      report: `/expert/test/detail?id=${id}`,
      course: `/expert/course/detail?id=${id}`,
    }[kind];
  return kind === 'course' ? `/course/detail?id=${id}` : null;
}

function toItem(n: NamedFeedback, view: FeedbackView): FeedbackItem {
  const { f } = n;
  return {
    id: f.id,
    status: f.status,
    rating: f.rating,
    content: f.content,
    anonymous: f.anonymous,
    subject: { kind: f.kind, id: f.objectId, title: f.subjectTitle, link: linkOf(f.kind, f.objectId, view) },
    user: { id: f.userId, name: n.userName },
    expert: { id: f.expertId, name: n.expertName },
    reply: f.reply,
    handledAt: f.handledAt?.toISOString() ?? null,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/**
 * 反馈: the owner of a completed booking, an open report or a bought course rates it (1–5) and
 * says why, once per object, and may change it until it is handled. The expert it is addressed
 * to handles it (`open -> handled`), with or without a reply; the person is told either way.
 * Booking feedback makes the expert's public rating (`feedbackQueries`) and the words on their page.
 */
export function createFeedbackService(deps: FeedbackServiceDeps) {
  const { db, clock, events, subjects } = deps;

  async function visible(tx: DbOrTx, actor: Actor, id: number, view: FeedbackView, lock = false) {
    const f = await repo.byId(tx, id, { lock });
    if (!f || !canSeeFeedback(actor, f, view)) throw missing();
    return f;
  }

  async function detailOf(actor: Actor, id: number, view: FeedbackView): Promise<FeedbackDetail> {
    const f = await visible(db, actor, id, view);
    const n = (await repo.named(db, id))!;
    return {
      ...toItem(n, view),
      can: {
        edit: view === 'user' && canEditFeedback(actor, f),
        handle: view === 'expert' && canHandleFeedback(actor, f),
      },
    };
  }

  async function pageOf(
    scope: FeedbackScope,
    q: FeedbackListQuery & { pageNum: number; pageSize: number },
    view: FeedbackView,
    known?: Promise<number>,
  ) {
    const { rows, total } = await repo.page(db, scope, q, known);
    return { list: rows.map((r) => toItem(r, view)), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  async function listWithCounts(
    scope: FeedbackScope,
    q: FeedbackListQuery & { pageNum: number; pageSize: number },
    view: FeedbackView,
  ): Promise<FeedbackPage> {
    // The page's total is one of the counts by state (or their sum): counted once, not twice.
    const counted = repo.countByStatus(db, scope, q.kind);
    const total = counted.then((by) =>
      q.status ? (by.get(q.status) ?? 0) : [...by.values()].reduce((n, c) => n + c, 0),
    );
    const [page, byStatus] = await Promise.all([pageOf(scope, q, view, total), counted]);
    return {
      ...page,
      counts: Object.fromEntries(
        feedbackStatuses.map((s) => [s, byStatus.get(s) ?? 0]),
      ) as FeedbackPage['counts'],
    };
  }

  return {
    // ---- the person ----

    async leave(actor: Actor, body: FeedbackBody): Promise<FeedbackDetail> {
      const b = feedbackBody.parse(body);
      const id = await db
        .transaction(async (tx) => {
          const s = await subjects[b.kind](tx, b.objectId, actor.userId);
          const problem = leaveProblem(actor, s);
          if (problem) throw refusal(b.kind, problem);
          if (await repo.on(tx, b.kind, b.objectId, actor.userId)) throw new AppError('CONFLICT', ALREADY);
          const f = await repo.insert(tx, {
            kind: b.kind,
            objectId: b.objectId,
            userId: actor.userId,
            expertId: s!.expertId!,
            subjectTitle: s!.title.slice(0, 200),
            rating: b.rating,
            content: b.content,
            anonymous: b.anonymous,
          });
          const n = (await repo.named(tx, f.id))!;
          await events.emit(tx, 'feedback.created', {
            feedbackId: f.id,
            kind: f.kind,
            expertId: f.expertId,
            userName: n.userName,
            subjectTitle: f.subjectTitle,
            rating: f.rating,
          });
          return f.id;
        })
        .catch((err: unknown) => {
          // Two submissions at once: the unique index lets one through.
          if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', ALREADY);
          throw err;
        });
      return detailOf(actor, id, 'user');
    },

    /** The writer changes the rating, words or anonymity while it is open. */
    async edit(actor: Actor, id: number, body: FeedbackEditBody): Promise<FeedbackDetail> {
      const b = feedbackEditBody.parse(body);
      await db.transaction(async (tx) => {
        const f = await visible(tx, actor, id, 'user', true);
        if (!canEditFeedback(actor, f)) throw new AppError('CONFLICT', '专家已处理该反馈，不能再修改');
        await repo.update(tx, id, { rating: b.rating, content: b.content, anonymous: b.anonymous });
      });
      return detailOf(actor, id, 'user');
    },

    async mine(actor: Actor, q: { pageNum: number; pageSize: number }): Promise<MyFeedbackPage> {
      return pageOf({ kind: 'user', userId: actor.userId }, q, 'user');
    },

    userDetail: (actor: Actor, id: number) => detailOf(actor, id, 'user'),

    /** My feedback on one object (with the reply), or whether I may leave one and why not. */
    async on(actor: Actor, kind: FeedbackKind, objectId: number): Promise<FeedbackOn> {
      const f = await repo.on(db, kind, objectId, actor.userId);
      if (f) return { feedback: await detailOf(actor, f.id, 'user'), canLeave: false, reason: null };
      const problem = leaveProblem(actor, await subjects[kind](db, objectId, actor.userId));
      if (problem === 'missing' || (problem === 'not_owner' && kind !== 'course'))
        throw refusal(kind, problem);
      return {
        feedback: null,
        canLeave: problem === null,
        reason: problem ? refusal(kind, problem).message : null,
      };
    },

    // ---- the expert addressed ----

    expertList: (actor: Actor, q: FeedbackListQuery & { pageNum: number; pageSize: number }) =>
      listWithCounts({ kind: 'expert', expertId: actor.userId }, q, 'expert'),

    expertDetail: (actor: Actor, id: number) => detailOf(actor, id, 'expert'),

    /** Marks it handled; a reply, when written, goes with it. The person is told either way. */
    async handle(actor: Actor, id: number, body: FeedbackHandleBody): Promise<FeedbackDetail> {
      const reply = feedbackHandleBody.parse(body).reply || null;
      await db.transaction(async (tx) => {
        const f = await visible(tx, actor, id, 'expert', true);
        if (!canHandleFeedback(actor, f)) throw new AppError('CONFLICT', '该反馈已处理');
        await repo.update(tx, id, { status: 'handled', reply, handledAt: clock() });
        const n = (await repo.named(tx, id))!;
        await events.emit(tx, 'feedback.handled', {
          feedbackId: id,
          kind: f.kind,
          userId: f.userId,
          expertName: n.expertName,
          subjectTitle: f.subjectTitle,
          replied: reply !== null,
        });
      });
      return detailOf(actor, id, 'expert');
    },

    // ---- auditors (read only) ----

    auditList: (q: FeedbackListQuery & { pageNum: number; pageSize: number }) =>
      listWithCounts({ kind: 'all' }, q, 'auditor'),

    auditDetail: (actor: Actor, id: number) => detailOf(actor, id, 'auditor'),

    // ---- everyone ----

    /** An expert's booking feedback on their public page: 匿名用户 or a masked name, never a whole one. */
    async publicOf(expertId: number, q: { pageNum: number; pageSize: number }): Promise<PublicFeedbackPage> {
      const { rows, total } = await repo.publicPage(db, expertId, q);
      return {
        list: rows.map(({ f, userName }) => ({
          id: f.id,
          name: publicName(userName, f.anonymous),
          rating: f.rating,
          content: f.content,
          createdAt: f.createdAt.toISOString(),
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
