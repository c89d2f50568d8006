import {
  cooperationBody,
  cooperationStatuses,
  type CooperationBody,
  type CooperationClosingBody,
  type CooperationDetail,
  type CooperationItem,
  type CooperationMessage,
  type CooperationMessageBody,
  type CooperationPerson,
  type ConsultedExpert,
  type CooperationExpert,
  type ExpertCooperationsPage,
  type ExpertCooperationsQuery,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { AssessmentsService } from '../assessments';
import {
  canAccept,
  canDecline,
  canEnd,
  canInvite,
  canPost,
  canSeeCooperation,
  canWithdraw,
  grantOf,
  inviteeProblem,
  isInvitee,
  isInviter,
} from './cooperations.policy';
import {
  cooperationsRepository as repo,
  type CooperationRow,
  type CooperationScopeOfList,
  type NamedCooperation,
} from './cooperations.repository';

export interface CooperationsServiceDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  assessments: Pick<AssessmentsService, 'follows' | 'peopleOf'>;
}

const missing = () => notFound('协作不存在');
const ALREADY_ACTIVE = '您与该专家已有关于该用户的进行中的协作';
/** How many messages of the thread a detail page holds (the newest). */
const THREAD_LIMIT = 200;

function toItem(n: NamedCooperation): CooperationItem {
  const { c } = n;
  return {
    id: c.id,
    status: c.status,
    scope: c.scope,
    person: { id: c.userId, name: n.personName },
    inviter: {
      id: c.inviterId,
      name: n.fromName,
      title: n.fromTitle,
      institution: n.fromInstitution,
    },
    invitee: {
      id: c.inviteeId,
      name: n.toName,
      title: n.toTitle,
      institution: n.toInstitution,
    },
    reason: c.reason,
    createdAt: c.createdAt.toISOString(),
    respondedAt: c.respondedAt?.toISOString() ?? null,
    closedAt: c.closedAt?.toISOString() ?? null,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * 协作: the expert who serves a person invites another expert onto the case (reason, scope);
 * the invited expert accepts or declines; the inviter may withdraw an unanswered invitation;
 * either ends an accepted one. While accepted, the invited expert reads the person's record
 * (the records module asks `cooperationGrantOf`) and, with `record_and_warnings`, follows up
 * their warnings (the warnings module asks the same). Every step emits `cooperation.changed` in
 * its transaction; the person hears that another expert was consulted once one accepts.
 */
export function createCooperationsService(deps: CooperationsServiceDeps) {
  const { db, clock, events, assessments } = deps;

  async function announce(tx: DbOrTx, id: number, actorId: number) {
    const n = (await repo.named(tx, id))!;
    await events.emit(tx, 'cooperation.changed', {
      cooperationId: id,
      status: n.c.status,
      scope: n.c.scope,
      userId: n.c.userId,
      userName: n.personName,
      inviterId: n.c.inviterId,
      inviterName: n.fromName,
      inviteeId: n.c.inviteeId,
      inviteeName: n.toName,
      inviteeInstitution: n.toInstitution,
      actorId,
      reason: n.c.closingReason,
    });
  }

  /** The cooperation as its two experts see it (404 for anyone else), locked in a transaction when asked. */
  async function visible(tx: DbOrTx, actor: Actor, id: number, lock = false): Promise<CooperationRow> {
    const c = await repo.byId(tx, id, { lock });
    if (!c || !canSeeCooperation(actor, c)) throw missing();
    return c;
  }

  async function detailOf(actor: Actor, id: number): Promise<CooperationDetail> {
    const c = await visible(db, actor, id);
    const n = (await repo.named(db, id))!;
    const ender = c.endedBy ? await repo.account(db, c.endedBy) : undefined;
    return {
      ...toItem(n),
      side: isInviter(actor, c) ? 'inviter' : 'invitee',
      closingReason: c.closingReason,
      endedBy: ender ? { id: ender.id, name: ender.name } : null,
      can: {
        accept: canAccept(actor, c),
        decline: canDecline(actor, c),
        withdraw: canWithdraw(actor, c),
        end: canEnd(actor, c),
        post: canPost(actor, c),
        // The inviter reads it as the person's expert (the records module decides); the invitee once accepted.
        readRecord: isInviter(actor, c) || grantOf(c, actor.userId) !== null,
      },
    };
  }

  /**
   * One step on a cooperation in one transaction, under its row lock: `allowed` says whether
   * the caller may take it now; a party who may not gets 403 (`forbidden`), a step too late 409.
   */
  async function step(
    actor: Actor,
    id: number,
    rule: {
      party: (a: Actor, c: CooperationRow) => boolean;
      allowed: (a: Actor, c: CooperationRow) => boolean;
      forbidden: string;
      late: string;
      set: (now: Date) => Partial<CooperationRow>;
    },
  ): Promise<CooperationDetail> {
    await db.transaction(async (tx) => {
      const c = await visible(tx, actor, id, true);
      if (!rule.party(actor, c)) throw new AppError('FORBIDDEN', rule.forbidden);
      if (!rule.allowed(actor, c)) throw new AppError('CONFLICT', rule.late);
      await repo.update(tx, id, rule.set(clock()));
      await announce(tx, id, actor.userId);
    });
    return detailOf(actor, id);
  }

  /** The discussion (newest 200, oldest first), for the two experts. */
  async function messagesOf(actor: Actor, id: number): Promise<CooperationMessage[]> {
    await visible(db, actor, id);
    const rows = await repo.messages(db, id, THREAD_LIMIT);
    return rows.map(({ m, authorName }) => ({
      id: m.id,
      author: { id: m.authorId, name: authorName },
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    }));
  }

  const closing = (b: CooperationClosingBody | undefined) => b?.reason?.trim() || null;

  return {
    /** The invitations I sent or received, by state, with counts. */
    async expertList(
      actor: Actor,
      q: ExpertCooperationsQuery & { pageNum: number; pageSize: number },
    ): Promise<ExpertCooperationsPage> {
      const list: CooperationScopeOfList = { kind: q.direction ?? 'sent', expertId: actor.userId };
      const [{ rows, total }, byStatus, sent, received] = await Promise.all([
        repo.page(db, list, q),
        repo.countByStatus(db, list),
        repo.countOf(db, { kind: 'sent', expertId: actor.userId }),
        repo.countOf(db, { kind: 'received', expertId: actor.userId }),
      ]);
      return {
        list: rows.map(toItem),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: Object.fromEntries(
          cooperationStatuses.map((s) => [s, byStatus.get(s) ?? 0]),
        ) as ExpertCooperationsPage['counts'],
        totals: { sent, received },
      };
    },

    detail: detailOf,

    /** The people I serve, to choose whose case to share. */
    async people(actor: Actor, keyword?: string): Promise<CooperationPerson[]> {
      return assessments.peopleOf(actor.userId, keyword);
    },

    /** Experts who may be invited (any institution), by name, institution or title. */
    invitees: (actor: Actor, keyword?: string): Promise<CooperationExpert[]> =>
      repo.invitees(db, actor.userId, keyword, 20),

    async invite(actor: Actor, body: CooperationBody): Promise<CooperationDetail> {
      const b = cooperationBody.parse(body);
      const id = await db
        .transaction(async (tx) => {
          const person = await repo.account(tx, b.userId);
          const serves = person?.role === 'user' && (await assessments.follows(tx, actor.userId, b.userId));
          if (!canInvite(actor, serves)) throw notFound('该用户不在您的服务对象中');
          const problem = inviteeProblem(actor, await repo.account(tx, b.inviteeId));
          if (problem) throw new AppError('BAD_REQUEST', problem);
          if (await repo.activeBetween(tx, b.userId, actor.userId, b.inviteeId))
            throw new AppError('CONFLICT', ALREADY_ACTIVE);
          const c = await repo.insert(tx, {
            userId: b.userId,
            inviterId: actor.userId,
            inviteeId: b.inviteeId,
            scope: b.scope,
            reason: b.reason,
          });
          await announce(tx, c.id, actor.userId);
          return c.id;
        })
        .catch((err: unknown) => {
          // Two invitations at once: the partial unique index lets one through.
          if (pgError(err).code === UNIQUE_VIOLATION) throw new AppError('CONFLICT', ALREADY_ACTIVE);
          throw err;
        });
      return detailOf(actor, id);
    },

    accept: (actor: Actor, id: number) =>
      step(actor, id, {
        party: isInvitee,
        allowed: canAccept,
        forbidden: '只有受邀专家可以接受邀请',
        late: '该邀请已处理，不能再接受',
        set: (now) => ({ status: 'accepted', respondedAt: now }),
      }),

    decline: (actor: Actor, id: number, body?: CooperationClosingBody) =>
      step(actor, id, {
        party: isInvitee,
        allowed: canDecline,
        forbidden: '只有受邀专家可以拒绝邀请',
        late: '该邀请已处理，不能再拒绝',
        set: (now) => ({ status: 'declined', respondedAt: now, closingReason: closing(body) }),
      }),

    withdraw: (actor: Actor, id: number) =>
      step(actor, id, {
        party: isInviter,
        allowed: canWithdraw,
        forbidden: '只有发起协作的专家可以撤回邀请',
        late: '对方已处理该邀请，不能撤回',
        set: (now) => ({ status: 'withdrawn', closedAt: now }),
      }),

    end: (actor: Actor, id: number, body?: CooperationClosingBody) =>
      step(actor, id, {
        party: canSeeCooperation,
        allowed: canEnd,
        forbidden: '无操作权限',
        late: '只有协作中的协作可以结束',
        set: (now) => ({
          status: 'ended',
          closedAt: now,
          endedBy: actor.userId,
          closingReason: closing(body),
        }),
      }),

    messages: messagesOf,

    async post(actor: Actor, id: number, body: CooperationMessageBody): Promise<CooperationMessage[]> {
      await db.transaction(async (tx) => {
        const c = await visible(tx, actor, id, true);
        if (!canPost(actor, c)) throw new AppError('CONFLICT', '协作已结束，不能再发言');
        await repo.insertMessage(tx, {
          cooperationId: id,
          authorId: actor.userId,
          body: body.body.trim(),
          createdAt: clock(),
        });
      });
      return messagesOf(actor, id);
    },

    // ---- for the records module (the person's record) ----

    /** Every cooperation on the person, newest first, with the experts' names. */
    async ofPerson(tx: DbOrTx, userId: number) {
      return (await repo.ofPerson(tx, userId, 100)).map(toItem);
    },

    /** The experts consulted on the person's case (accepted cooperations), for the person's own page. */
    async consultedOn(tx: DbOrTx, userId: number): Promise<ConsultedExpert[]> {
      return (await repo.consultedOn(tx, userId)).map((n) => ({
        id: n.c.id,
        expert: { name: n.toName, title: n.toTitle, institution: n.toInstitution },
        invitedBy: n.fromName,
        scope: n.c.scope,
        active: n.c.status === 'accepted',
        since: n.c.respondedAt!.toISOString(),
        endedAt: n.c.status === 'ended' ? (n.c.closedAt?.toISOString() ?? null) : null,
      }));
    },
  };
}
export type CooperationsService = ReturnType<typeof createCooperationsService>;
