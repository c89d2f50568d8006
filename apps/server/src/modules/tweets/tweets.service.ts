import type {
  MyTweet,
  MyTweetsPage,
  MyTweetsQuery,
  ReviewDecisionBody,
  ReviewTweet,
  ReviewTweetsPage,
  ReviewTweetsQuery,
  TweetBody,
  TweetCard,
  TweetFeedQuery,
  TweetLikeResult,
  Page,
} from '@psy/contracts';
import { tweetBody, tweetStatuses } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import { AppError, notFound } from '../../lib/errors';
import type { ReviewService } from '../review';
import type { Storage } from '../uploads';
import {
  canDeleteTweet,
  canEditTweet,
  canLikeTweet,
  canReadTweet,
  canReviewTweet,
  canSeeTweet,
  canWithdrawTweet,
  isTweetAuthor,
} from './tweets.policy';
import { tweetsRepository as repo, type TweetWithAuthor } from './tweets.repository';

export interface TweetsServiceDeps {
  db: Db;
  review: ReviewService;
  uploads: Pick<Storage, 'exists'>;
  /** The feeds are held in memory between the writes that change them (topic `tweets`). */
  catalogue: Pick<CatalogueCache, 'get'>;
}

const missing = () => notFound('动态不存在');

const toCard = (t: TweetWithAuthor): TweetCard => ({
  id: t.id,
  content: t.content,
  images: t.images,
  likeCount: t.likeCount,
  publishedAt: (t.publishedAt ?? t.updatedAt).toISOString(),
  author: t.author,
});

/** How the review list and the expert name a tweet: its first words. */
const titleOf = (content: string) => (content.length > 30 ? `${content.slice(0, 30)}…` : content);

/**
 * 专家动态: experts write short posts with pictures; an auditor approves each before it is
 * published (the shared review workflow, kind `tweet`); signed-in accounts like them once.
 */
export function createTweetsService({ db, review, uploads, catalogue }: TweetsServiceDeps) {
  const workflow = review.createReviewWorkflow<TweetWithAuthor>({
    kind: 'tweet',
    async load(tx, id, reviewer) {
      if (!canReviewTweet(reviewer)) throw new AppError('FORBIDDEN');
      const t = await repo.byId(tx, id, { lock: true });
      if (!t || !canSeeTweet(reviewer, t)) throw missing();
      return t;
    },
    async onApprove(tx, t, d) {
      await repo.update(tx, t.id, { status: 'published', publishedAt: d.at });
    },
    async onReject(tx, t) {
      await repo.update(tx, t.id, { status: 'rejected' });
    },
    what: (title) => `动态“${title}”`,
    links: {
      submitter: (id) => `/expert/tweet/detail?id=${id}`,
      reviewer: (id) => `/audit/tweet/detail?id=${id}`,
    },
    messages: {
      reasonRequired: '请填写驳回原因',
      notPending: '该动态不在待审核状态',
      alreadyPending: '动态已在审核中',
    },
  });

  async function toMine(tx: DbOrTx, list: TweetWithAuthor[]): Promise<MyTweet[]> {
    const last = await workflow.latestOf(
      tx,
      list.map((t) => t.id),
    );
    return list.map((t) => {
      const r = last.get(t.id);
      return {
        id: t.id,
        content: t.content,
        images: t.images,
        visibility: t.visibility,
        status: t.status,
        rejectReason: t.status === 'rejected' && r?.status === 'rejected' ? r.reason : null,
        likeCount: t.likeCount,
        publishedAt: t.publishedAt?.toISOString() ?? null,
        updatedAt: t.updatedAt.toISOString(),
      };
    });
  }

  /** Tweets with who submitted and who decided them (the newest review request). */
  async function forReview(rows: TweetWithAuthor[]): Promise<ReviewTweet[]> {
    const [mine, last] = await Promise.all([
      toMine(db, rows),
      workflow.latestOf(
        db,
        rows.map((t) => t.id),
      ),
    ]);
    const names = await repo.namesOf(
      db,
      [...last.values()].flatMap((r) => (r.reviewerId ? [r.reviewerId] : [])),
    );
    return rows.map((t, i) => {
      const r = last.get(t.id);
      return {
        ...mine[i]!,
        author: t.author,
        submittedAt: r?.submittedAt.toISOString() ?? null,
        reviewer: r?.reviewerId ? (names.get(r.reviewerId) ?? null) : null,
        decidedAt: r?.decidedAt?.toISOString() ?? null,
      };
    });
  }

  async function own(actor: Actor, id: number, tx: DbOrTx = db) {
    const t = await repo.byId(tx, id, { lock: tx !== db });
    if (!t || !isTweetAuthor(actor, t)) throw missing();
    return t;
  }

  async function checked(body: TweetBody) {
    const b = tweetBody.parse(body);
    for (const name of new Set(b.images))
      if (!(await uploads.exists(name))) throw new AppError('BAD_REQUEST', '图片不存在，请重新上传');
    return b;
  }

  /** A tweet the public (or this account) may read, for liking. */
  async function readable(actor: Actor, id: number) {
    const t = await repo.byId(db, id);
    if (!t || !canLikeTweet(actor, t)) throw missing();
    return t;
  }

  return {
    // ---- everyone ----
    /** One answer for all visitors and one for all signed-in accounts (who also see members-only posts). */
    feed(actor: Actor | null, q: TweetFeedQuery): Promise<Page<TweetCard>> {
      const signedIn = actor !== null;
      return catalogue.get('tweets', JSON.stringify([signedIn, q]), async () => {
        const { rows, total } = await repo.feed(db, q, signedIn);
        return { list: rows.map(toCard), total, pageNum: q.pageNum, pageSize: q.pageSize };
      });
    },

    /** One published tweet the caller may read (a search hit opened on the expert's page). */
    async one(actor: Actor | null, id: number): Promise<TweetCard> {
      const t = await repo.byId(db, id);
      if (!t || !canReadTweet(actor, t)) throw missing();
      return toCard(t);
    },

    /** The newest public tweets (home page). */
    latest(limit: number): Promise<TweetCard[]> {
      return catalogue.get('tweets', `latest:${limit}`, async () => {
        const { rows } = await repo.feed(db, { pageNum: 1, pageSize: limit }, false);
        return rows.map(toCard);
      });
    },

    liked: (actor: Actor, ids: number[]): Promise<number[]> => repo.likedOf(db, actor.userId, ids),

    async like(actor: Actor, id: number): Promise<TweetLikeResult> {
      await readable(actor, id);
      return { liked: true, likeCount: await db.transaction((tx) => repo.like(tx, id, actor.userId)) };
    },

    async unlike(actor: Actor, id: number): Promise<TweetLikeResult> {
      await readable(actor, id);
      return { liked: false, likeCount: await db.transaction((tx) => repo.unlike(tx, id, actor.userId)) };
    },

    // ---- the expert's own ----
    async mine(actor: Actor, q: MyTweetsQuery): Promise<MyTweetsPage> {
      const [{ rows, total }, counts] = await Promise.all([
        repo.page(db, {
          expertId: actor.userId,
          statuses: q.status ? [q.status] : [...tweetStatuses],
          pageNum: q.pageNum,
          pageSize: q.pageSize,
        }),
        repo.counts(db, actor.userId),
      ]);
      return {
        list: await toMine(db, rows),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: Object.fromEntries(
          tweetStatuses.map((s) => [s, counts.byStatus.get(s) ?? 0]),
        ) as MyTweetsPage['counts'],
        totalLikes: counts.likes,
      };
    },

    async get(actor: Actor, id: number): Promise<MyTweet> {
      return (await toMine(db, [await own(actor, id)]))[0]!;
    },

    async create(actor: Actor, body: TweetBody): Promise<MyTweet> {
      const b = await checked(body);
      const row = await repo.insert(db, { expertId: actor.userId, ...b });
      return this.get(actor, row.id);
    },

    async update(actor: Actor, id: number, body: TweetBody): Promise<MyTweet> {
      const b = await checked(body);
      await db.transaction(async (tx) => {
        const t = await own(actor, id, tx);
        if (!canEditTweet(actor, t))
          throw new AppError(
            'CONFLICT',
            t.status === 'pending' ? '审核中的动态不能修改' : '已发布的动态请先撤回再修改',
          );
        await repo.update(tx, id, b);
      });
      return this.get(actor, id);
    },

    /** Sends a draft (or a rejected tweet) to the auditors. */
    async submit(actor: Actor, id: number): Promise<MyTweet> {
      await db.transaction(async (tx) => {
        const t = await own(actor, id, tx);
        if (t.status === 'pending') throw new AppError('CONFLICT', '动态已在审核中');
        if (!canEditTweet(actor, t)) throw new AppError('CONFLICT', '动态已发布');
        await repo.update(tx, id, { status: 'pending' });
        await workflow.submit(tx, { itemId: id, title: titleOf(t.content), submittedBy: actor.userId });
      });
      return this.get(actor, id);
    },

    /** Takes a published tweet off the feeds, back to a draft (likes are kept). */
    async withdraw(actor: Actor, id: number): Promise<MyTweet> {
      await db.transaction(async (tx) => {
        const t = await own(actor, id, tx);
        if (!canWithdrawTweet(actor, t)) throw new AppError('CONFLICT', '只有已发布的动态可以撤回');
        await repo.update(tx, id, { status: 'draft', publishedAt: null });
      });
      return this.get(actor, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const t = await own(actor, id, tx);
        if (!canDeleteTweet(actor, t)) throw new AppError('CONFLICT', '审核中的动态不能删除');
        await repo.remove(tx, id);
      });
    },

    // ---- auditors ----
    async reviewList(actor: Actor, q: ReviewTweetsQuery): Promise<ReviewTweetsPage> {
      if (!canReviewTweet(actor)) throw new AppError('FORBIDDEN');
      // The platform's counts by state are kept by the writes (row_counts): not counted here.
      const counts = repo.platformCounts(db);
      const [{ rows, total }, byStatus] = await Promise.all([
        repo.page(
          db,
          { statuses: [q.status], pageNum: q.pageNum, pageSize: q.pageSize },
          counts.then((by) => by.get(q.status) ?? 0),
        ),
        counts,
      ]);
      return {
        list: await forReview(rows),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: {
          pending: byStatus.get('pending') ?? 0,
          published: byStatus.get('published') ?? 0,
          rejected: byStatus.get('rejected') ?? 0,
        },
      };
    },

    async reviewDetail(actor: Actor, id: number): Promise<ReviewTweet> {
      if (!canReviewTweet(actor)) throw new AppError('FORBIDDEN');
      const t = await repo.byId(db, id);
      if (!t || !canSeeTweet(actor, t)) throw missing();
      return (await forReview([t]))[0]!;
    },

    decide: (actor: Actor, id: number, d: ReviewDecisionBody) => workflow.decide(actor, id, d),
  };
}
export type TweetsService = ReturnType<typeof createTweetsService>;
