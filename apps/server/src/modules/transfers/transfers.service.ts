import {
  transferBody,
  transferStatuses,
  type ExpertTransfersPage,
  type ExpertTransfersQuery,
  type ReviewDecisionBody,
  type TransferBody,
  type TransferDeclineBody,
  type TransferDetail,
  type TransferItem,
  type TransferPerson,
  type TransferReceiver,
  type UserTransfersPage,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { AssessmentsService } from '../assessments';
import type { AssignmentsService } from '../assignments';
import type { ReviewService } from '../review';
import type { WarningsService } from '../warnings';
import {
  canConfirm,
  canDecline,
  canPropose,
  canReviewTransfer,
  canSeeTransfer,
  canWithdraw,
  isProposer,
  receiverProblem,
  type TransferView,
} from './transfers.policy';
import {
  transfersRepository as repo,
  type NamedTransfer,
  type TransferRow,
  type TransferScope,
} from './transfers.repository';

export interface TransfersServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  review: ReviewService;
  assessments: Pick<AssessmentsService, 'follows' | 'peopleOf' | 'submittedCountOf'>;
  warnings: Pick<WarningsService, 'reassignOpen' | 'openCountOf'>;
  assignments: AssignmentsService;
}

const missing = () => notFound('转介不存在');
const ALREADY_OPEN = '该用户已有进行中的转介，请等待其结束后再发起';

function toItem(n: NamedTransfer): TransferItem {
  const { t } = n;
  return {
    id: t.id,
    status: t.status,
    person: { id: t.userId, name: n.personName },
    from: { id: t.fromExpertId, name: n.fromName, title: n.fromTitle, institution: n.fromInstitution },
    to: { id: t.toExpertId, name: n.toName, title: n.toTitle, institution: n.toInstitution },
    reason: t.reason,
    createdAt: t.createdAt.toISOString(),
    confirmedAt: t.confirmedAt?.toISOString() ?? null,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * 转介: an expert who follows a person up proposes moving them to another expert (with a
 * reason, and a summary for the receiver); the person confirms or declines; an auditor
 * approves or rejects through the review workflow (kind `transfer`, submitted when the person
 * confirms). Approval moves the person's assignment and open warnings to the receiver in one
 * transaction; their history becomes readable to the receiver through the assignment, and
 * bookings stay as they are. Every step is announced (`transfer.changed`).
 */
export function createTransfersService(deps: TransfersServiceDeps) {
  const { db, clock, events, review, assessments, warnings, assignments } = deps;

  /** Tells the parties (notification-rules.ts) in the transaction of the change. */
  async function announce(tx: DbOrTx, id: number, reason: string | null) {
    const n = (await repo.named(tx, id))!;
    await events.emit(tx, 'transfer.changed', {
      transferId: id,
      status: n.t.status,
      userId: n.t.userId,
      userName: n.personName,
      fromExpertId: n.t.fromExpertId,
      fromExpertName: n.fromName,
      toExpertId: n.t.toExpertId,
      toExpertName: n.toName,
      toInstitution: n.toInstitution,
      reason,
      receiverKnows: n.t.confirmedAt !== null,
      auditorIds: n.t.status === 'user_confirmed' ? await repo.auditorIds(tx) : [],
    });
  }

  const workflow = review.createReviewWorkflow<TransferRow>({
    kind: 'transfer',
    async load(tx, id, reviewer) {
      const t = await repo.byId(tx, id, { lock: true });
      if (!t || !canSeeTransfer(reviewer, t, 'auditor')) throw missing();
      if (t.status === 'requested') throw new AppError('CONFLICT', '用户尚未确认该转介，暂不能审核');
      if (!canReviewTransfer(reviewer, t)) throw new AppError('CONFLICT', '该转介不在待审核状态');
      return t;
    },
    async onApprove(tx, t, d) {
      if (receiverProblem({ userId: t.fromExpertId, role: 'expert' }, await repo.account(tx, t.toExpertId)))
        throw new AppError('CONFLICT', '接收专家的账号已停用，无法完成转介，请驳回');
      await repo.update(tx, t.id, { status: 'approved' });
      // The person's care moves in this transaction: their assignment and open warnings.
      await assignments.assign(tx, t.userId, t.toExpertId);
      await warnings.reassignOpen(tx, t.userId, t.toExpertId);
      await announce(tx, t.id, d.reason);
    },
    async onReject(tx, t, d) {
      await repo.update(tx, t.id, { status: 'rejected' });
      await announce(tx, t.id, d.reason);
    },
    what: (title) => `转介申请（${title}）`,
    links: {
      submitter: (id) => `/expert/archives/transferDetail?id=${id}`,
      reviewer: (id) => `/audit/archives/detail?id=${id}`,
    },
    messages: {
      reasonRequired: '请填写驳回原因',
      notPending: '该转介不在待审核状态',
      alreadyPending: '该转介已在审核中',
    },
  });

  /** The transfer as `view` may see it (404 otherwise), locked in a transaction when asked. */
  async function visible(tx: DbOrTx, actor: Actor, id: number, view: TransferView, lock = false) {
    const t = await repo.byId(tx, id, { lock });
    if (!t || !canSeeTransfer(actor, t, view)) throw missing();
    return t;
  }

  async function detailOf(actor: Actor, id: number, view: TransferView): Promise<TransferDetail> {
    const t = await visible(db, actor, id, view);
    const [n, request, assessed, open] = await Promise.all([
      repo.named(db, id),
      workflow.latest(db, id),
      assessments.submittedCountOf(db, t.userId),
      view === 'person' ? Promise.resolve(null) : warnings.openCountOf(db, t.userId),
    ]);
    const reviewer = request?.reviewerId ? await repo.account(db, request.reviewerId) : undefined;
    return {
      ...toItem(n!),
      summary: view === 'person' ? null : t.summary,
      declineReason: t.declineReason,
      declinedAt: t.declinedAt?.toISOString() ?? null,
      withdrawnAt: t.withdrawnAt?.toISOString() ?? null,
      review: request
        ? {
            submittedAt: request.submittedAt.toISOString(),
            reviewer: reviewer?.name ?? null,
            reason: request.reason,
            decidedAt: request.decidedAt?.toISOString() ?? null,
          }
        : null,
      moves: { assessments: assessed, openWarnings: open },
      can: {
        withdraw: view === 'expert' && canWithdraw(actor, t),
        confirm: view === 'person' && canConfirm(actor, t),
        decline: view === 'person' && canDecline(actor, t),
        review: view === 'auditor' && canReviewTransfer(actor, t),
      },
    };
  }

  async function pageOf(
    scope: TransferScope,
    q: ExpertTransfersQuery & { pageNum: number; pageSize: number },
  ) {
    const { rows, total } = await repo.page(db, scope, q);
    return { list: rows.map(toItem), total, pageNum: q.pageNum, pageSize: q.pageSize };
  }

  return {
    // ---- experts ----

    /** The transfers I proposed (outgoing) or that come to me (incoming), by state, with counts. */
    async expertList(
      actor: Actor,
      q: ExpertTransfersQuery & { pageNum: number; pageSize: number },
    ): Promise<ExpertTransfersPage> {
      const direction = q.direction ?? 'outgoing';
      const scope: TransferScope = { kind: direction, expertId: actor.userId };
      const [page, byStatus, outgoing, incoming] = await Promise.all([
        pageOf(scope, q),
        repo.countByStatus(db, scope),
        repo.countOf(db, { kind: 'outgoing', expertId: actor.userId }),
        repo.countOf(db, { kind: 'incoming', expertId: actor.userId }),
      ]);
      return {
        ...page,
        counts: Object.fromEntries(
          transferStatuses.map((s) => [s, byStatus.get(s) ?? 0]),
        ) as ExpertTransfersPage['counts'],
        totals: { outgoing, incoming },
      };
    },

    expertDetail: (actor: Actor, id: number) => detailOf(actor, id, 'expert'),

    /** The people I follow up, to choose whom to transfer. */
    async people(actor: Actor, keyword?: string): Promise<TransferPerson[]> {
      return assessments.peopleOf(actor.userId, keyword);
    },

    /** Experts who may receive a transfer (any institution), by name, institution or title. */
    async receivers(actor: Actor, keyword?: string): Promise<TransferReceiver[]> {
      return repo.receivers(db, actor.userId, keyword, 20);
    },

    async propose(actor: Actor, body: TransferBody): Promise<TransferDetail> {
      const b = transferBody.parse(body);
      const id = await db
        .transaction(async (tx) => {
          const person = await repo.account(tx, b.userId);
          const serves = person?.role === 'user' && (await assessments.follows(tx, actor.userId, b.userId));
          if (!canPropose(actor, serves)) throw notFound('该用户不在您的服务对象中');
          const problem = receiverProblem(actor, await repo.account(tx, b.toExpertId));
          if (problem) throw new AppError('BAD_REQUEST', problem);
          if (await repo.openOf(tx, b.userId)) throw new AppError('CONFLICT', ALREADY_OPEN);
          const t = await repo.insert(tx, {
            userId: b.userId,
            fromExpertId: actor.userId,
            toExpertId: b.toExpertId,
            reason: b.reason,
            summary: b.summary,
          });
          await announce(tx, t.id, null);
          return t.id;
        })
        .catch((err: unknown) => {
          // Two proposals at once: the partial unique index lets one through.
          if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', ALREADY_OPEN);
          throw err;
        });
      return detailOf(actor, id, 'expert');
    },

    /** The proposer takes it back before it is decided; a pending review request is withdrawn too. */
    async withdraw(actor: Actor, id: number): Promise<TransferDetail> {
      await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, 'expert', true);
        if (!isProposer(actor, t)) throw new AppError('FORBIDDEN', '只有发起转介的专家可以撤回');
        if (!canWithdraw(actor, t)) throw new AppError('CONFLICT', '该转介已结束，不能撤回');
        await repo.update(tx, id, { status: 'withdrawn', withdrawnAt: clock() });
        await workflow.withdraw(tx, id, '发起专家已撤回转介');
        await announce(tx, id, null);
      });
      return detailOf(actor, id, 'expert');
    },

    // ---- the person ----

    async mine(actor: Actor, q: { pageNum: number; pageSize: number }): Promise<UserTransfersPage> {
      const scope: TransferScope = { kind: 'person', userId: actor.userId };
      const [page, waiting] = await Promise.all([pageOf(scope, q), repo.countOf(db, scope, 'requested')]);
      return { ...page, waiting };
    },

    personDetail: (actor: Actor, id: number) => detailOf(actor, id, 'person'),

    /** The person agrees: the transfer goes to the auditors (review request, kind transfer). */
    async confirm(actor: Actor, id: number): Promise<TransferDetail> {
      await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, 'person', true);
        if (!canConfirm(actor, t))
          throw new AppError(
            'CONFLICT',
            t.status === 'user_confirmed' ? '您已同意该转介，正在等待平台审核' : '该转介已结束',
          );
        const n = (await repo.named(tx, id))!;
        await repo.update(tx, id, { status: 'user_confirmed', confirmedAt: clock() });
        await workflow.submit(tx, {
          itemId: id,
          title: `${n.personName}：${n.fromName} → ${n.toName}`,
          submittedBy: t.fromExpertId,
        });
        await announce(tx, id, null);
      });
      return detailOf(actor, id, 'person');
    },

    /** The person says no (before the decision); nothing about their care changes. */
    async decline(actor: Actor, id: number, body: TransferDeclineBody): Promise<TransferDetail> {
      const reason = body.reason?.trim() || null;
      await db.transaction(async (tx) => {
        const t = await visible(tx, actor, id, 'person', true);
        if (!canDecline(actor, t)) throw new AppError('CONFLICT', '该转介已结束，不能再拒绝');
        await repo.update(tx, id, { status: 'declined_by_user', declinedAt: clock(), declineReason: reason });
        await workflow.withdraw(tx, id, '用户已拒绝转介');
        await announce(tx, id, reason);
      });
      return detailOf(actor, id, 'person');
    },

    // ---- the records module ----

    /** The person's transfers for their record (no summary: the list facts only). */
    async ofPerson(tx: DbOrTx, userId: number): Promise<TransferItem[]> {
      return (await repo.ofPerson(tx, userId, 100)).map(toItem);
    },

    // ---- auditors ----

    auditDetail: (actor: Actor, id: number) => detailOf(actor, id, 'auditor'),

    decide: (actor: Actor, id: number, d: ReviewDecisionBody) => workflow.decide(actor, id, d),
  };
}
export type TransfersService = ReturnType<typeof createTransfersService>;
