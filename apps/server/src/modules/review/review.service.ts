import type { ReviewInbox, ReviewInboxQuery, ReviewKind } from '@psy/contracts';
import { reviewKinds } from '@psy/contracts';
import type { Db, DbOrTx, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import { reviewRepository as repo, type ReviewRow } from './review.repository';

/** Who decides: the workflow's `load` checks that they may. */
export interface Reviewer {
  userId: number;
  role: string;
}

export interface ReviewDecision {
  /** The request being decided (already updated to its decision when onApprove/onReject run). */
  request: ReviewRow;
  reviewerId: number;
  reason: string | null;
  at: Date;
}

/** How one kind of item is reviewed: what approving and rejecting do to it. */
export interface ReviewWorkflowDefinition<T> {
  kind: string;
  /** Loads and locks the item in the deciding transaction; throws 404 when the reviewer may not see it. */
  load(tx: Tx, itemId: number, reviewer: Reviewer): Promise<T>;
  onApprove(tx: Tx, item: T, decision: ReviewDecision): Promise<void>;
  onReject(tx: Tx, item: T, decision: ReviewDecision): Promise<void>;
  /** Where the submitter's notification leads, and where a reviewer opens the item. */
  links: { submitter(itemId: number): string; reviewer(itemId: number): string };
  messages: { reasonRequired: string; notPending: string; alreadyPending: string };
  /** How the submitter's notification names the item, from its title (default: the title). */
  what?: (title: string) => string;
  /**
   * A rejected item may be decided again without being submitted again (a returned report
   * is revised outside the platform); the new decision is recorded as a request of its own.
   */
  redecideRejected?: boolean;
}

export interface ReviewWorkflow {
  kind: string;
  /** Opens a request in the caller's transaction; a second open one for the item is a 409. */
  submit(
    tx: DbOrTx,
    r: { itemId: number; version?: number; title: string; submittedBy: number | null },
  ): Promise<ReviewRow>;
  /** Approves or rejects in a transaction of its own; the submitter is told (review.decided). */
  decide(
    reviewer: Reviewer,
    itemId: number,
    d: { approve: boolean; reason?: string | undefined },
  ): Promise<void>;
  /**
   * Takes the item's open request back, in the caller's transaction (the submitter changed
   * their mind before anyone decided); nothing when none is open. Nobody is told here: the
   * domain says what withdrawing means for its item.
   */
  withdraw(tx: DbOrTx, itemId: number, reason?: string | null): Promise<ReviewRow | undefined>;
  latest(tx: DbOrTx, itemId: number): Promise<ReviewRow | undefined>;
  latestOf(tx: DbOrTx, itemIds: number[]): Promise<Map<number, ReviewRow>>;
}

export interface ReviewServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
}

/**
 * One review workflow for every kind of content: a request row per submission
 * (review_requests), the decision in one transaction with what it does to the item, and
 * the submitter told through the outbox. Kinds plug in with `createReviewWorkflow`.
 */
export function createReviewService({ db, clock, events }: ReviewServiceDeps) {
  const kinds = new Map<string, ReviewWorkflowDefinition<unknown>>();

  function createReviewWorkflow<T>(def: ReviewWorkflowDefinition<T>): ReviewWorkflow {
    if (kinds.has(def.kind)) throw new Error(`review kind ${def.kind} registered twice`);
    kinds.set(def.kind, def as ReviewWorkflowDefinition<unknown>);
    const { kind, messages } = def;

    return {
      kind,
      async submit(tx, r) {
        if (await repo.lockPending(tx, kind, r.itemId))
          throw new AppError('CONFLICT', messages.alreadyPending);
        try {
          return await repo.insert(tx, {
            kind,
            itemId: r.itemId,
            version: r.version ?? 1,
            title: r.title,
            submittedBy: r.submittedBy,
            submittedAt: clock(),
          });
        } catch (err) {
          // Two submits at once: the partial unique index lets one through.
          if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', messages.alreadyPending);
          throw err;
        }
      },

      async decide(reviewer, itemId, d) {
        const reason = d.reason?.trim() || null;
        await db.transaction(async (tx) => {
          const item = await def.load(tx, itemId, reviewer);
          let request = await repo.lockPending(tx, kind, itemId);
          if (!request && def.redecideRejected) {
            const last = await repo.latest(tx, kind, itemId);
            if (last?.status === 'rejected')
              request = await repo.insert(tx, {
                kind,
                itemId,
                version: last.version,
                title: last.title,
                submittedBy: last.submittedBy,
                submittedAt: clock(),
              });
          }
          if (!request) throw new AppError('CONFLICT', messages.notPending);
          if (!d.approve && !reason) throw new AppError('BAD_REQUEST', messages.reasonRequired);
          const at = clock();
          const status = d.approve ? 'approved' : 'rejected';
          await repo.decide(tx, request.id, { status, reviewerId: reviewer.userId, reason, decidedAt: at });
          const decision: ReviewDecision = {
            request: { ...request, status, reviewerId: reviewer.userId, reason, decidedAt: at },
            reviewerId: reviewer.userId,
            reason,
            at,
          };
          if (d.approve) await def.onApprove(tx, item, decision);
          else await def.onReject(tx, item, decision);
          if (request.submittedBy)
            await events.emit(tx, 'review.decided', {
              kind,
              itemId,
              requestId: request.id,
              userId: request.submittedBy,
              title: request.title,
              what: def.what ? def.what(request.title) : request.title,
              approved: d.approve,
              reason,
              link: def.links.submitter(itemId),
            });
        });
      },

      async withdraw(tx, itemId, reason = null) {
        const request = await repo.lockPending(tx, kind, itemId);
        if (!request) return undefined;
        const at = clock();
        await repo.withdraw(tx, request.id, { reason, decidedAt: at });
        return { ...request, status: 'withdrawn', reason, decidedAt: at };
      },

      latest: (tx, itemId) => repo.latest(tx, kind, itemId),
      latestOf: (tx, itemIds) => repo.latestOf(tx, kind, itemIds),
    };
  }

  return {
    createReviewWorkflow,

    /** The auditors' inbox: one page of requests of the asked status, and counts per kind. */
    async inbox(q: ReviewInboxQuery): Promise<ReviewInbox> {
      const known = [...kinds.keys()];
      const [{ rows, total }, counts] = await Promise.all([
        repo.page(db, { ...q, kinds: known }),
        repo.countByKind(db, q.status),
      ]);
      return {
        list: rows.map(({ r, submitterName, reviewerName }) => ({
          id: r.id,
          kind: r.kind as ReviewKind,
          itemId: r.itemId,
          version: r.version,
          status: r.status,
          title: r.title,
          link: kinds.get(r.kind)?.links.reviewer(r.itemId) ?? null,
          submittedBy: r.submittedBy ? { id: r.submittedBy, name: submitterName ?? '' } : null,
          reviewer: r.reviewerId ? { id: r.reviewerId, name: reviewerName ?? '' } : null,
          reason: r.reason,
          submittedAt: r.submittedAt.toISOString(),
          decidedAt: r.decidedAt?.toISOString() ?? null,
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: Object.fromEntries(reviewKinds.map((k) => [k, counts.get(k) ?? 0])) as ReviewInbox['counts'],
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;
