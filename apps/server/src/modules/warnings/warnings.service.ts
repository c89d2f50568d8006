import type {
  Page,
  WarningDetail,
  WarningItem,
  WarningLevel,
  WarningProgressBody,
  WarningStatus,
} from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { cooperationGrantOf } from '../cooperations';
import { canHandleWarning, warningScope } from './warnings.policy';
import { warningsRepository as repo, type WarningRow } from './warnings.repository';

/** What a warning's list row and its detail both say of it (the wire order is the contract's). */
function warningFacts(w: WarningRow) {
  return {
    id: w.id,
    assessmentId: w.assessmentId,
    level: w.level as WarningLevel,
    reason: w.reason,
    scaleName: w.scaleName,
    status: w.status,
    escalated: w.escalatedAt !== null,
    createdAt: w.createdAt.toISOString(),
  };
}

/** What a submitted assessment's alert rules fired. */
export interface RaisedAlert {
  level: number;
  reason: string;
  scaleName: string;
}

/**
 * 预警: raised by a scale's alert rules, followed up by the assigned expert
 * (pending -> following -> closed, with progress records), escalated to the auditors when
 * nobody picks it up in time.
 */
export function createWarningsService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  escalateAfterMs: number;
}) {
  const { db, clock, events, escalateAfterMs } = deps;

  /**
   * Whether `actor` follows the person's warnings up through an accepted cooperation with that
   * scope (asked only when their own assignment does not already decide it).
   */
  async function coFollows(tx: DbOrTx, actor: Actor, w: { userId: number; expertId: number | null }) {
    if (actor.role !== 'expert' || w.expertId === actor.userId) return false;
    return (await cooperationGrantOf(tx, actor.userId, w.userId))?.scope === 'record_and_warnings';
  }

  async function visible(actor: Actor, id: number, opts: { lock?: boolean; tx?: DbOrTx } = {}) {
    const tx = opts.tx ?? db;
    const w = await repo.byId(tx, id, opts);
    if (!w || !canHandleWarning(actor, w, await coFollows(tx, actor, w))) throw notFound('预警不存在');
    return w;
  }

  return {
    /**
     * Raises the warnings of a submitted assessment, in its transaction, and announces them
     * there too: an alert is never lost to a crash after commit. A high-level warning reaches
     * the person's institution and, if nobody is assigned, the auditors at once.
     */
    async raise(
      tx: DbOrTx,
      a: { assessmentId: number; userId: number; userName: string; expertId: number | null },
      alerts: RaisedAlert[],
    ): Promise<void> {
      if (!alerts.length) return;
      const now = clock();
      const raised: (RaisedAlert & { warningId: number })[] = [];
      for (const alert of alerts) {
        const w = await repo.insert(tx, {
          assessmentId: a.assessmentId,
          userId: a.userId,
          expertId: a.expertId,
          level: alert.level,
          reason: alert.reason,
          scaleName: alert.scaleName,
          createdAt: now,
        });
        raised.push({ ...alert, warningId: w.id });
      }
      const high = raised.some((w) => w.level >= 3);
      const colleagues = high ? await repo.activeExpertsOfInstitutionOf(tx, a.userId) : [];
      const auditors = high && !a.expertId ? await repo.auditorIds(tx) : [];
      for (const w of raised) {
        const isHigh = w.level >= 3;
        await events.emit(tx, 'warning.raised', {
          warningId: w.warningId,
          level: w.level,
          reason: w.reason,
          scaleName: w.scaleName,
          userId: a.userId,
          userName: a.userName,
          expertId: a.expertId,
          colleagueIds: isHigh ? colleagues.filter((id) => id !== a.expertId) : [],
          auditorIds: isHigh ? auditors : [],
        });
      }
    },

    async list(
      actor: Actor,
      q: {
        pageNum: number;
        pageSize: number;
        status?: WarningStatus | undefined;
        level?: number | undefined;
        escalated?: boolean | undefined;
      },
    ): Promise<Page<WarningItem>> {
      const { rows, total } = await repo.page(db, { expertId: warningScope(actor), ...q }, q);
      return {
        list: rows.map(({ w, userName }) => ({ ...warningFacts(w), userId: w.userId, userName })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    async detail(actor: Actor, id: number): Promise<WarningDetail> {
      const w = await visible(actor, id);
      const [progress, u] = await Promise.all([repo.progressOf(db, id), repo.person(db, w.userId)]);
      return {
        ...warningFacts(w),
        user: { id: w.userId, name: u!.name, telephone: u!.telephone },
        progress: progress.map(({ p, actor: name }) => ({
          id: p.id,
          actorName: name,
          status: p.status,
          note: p.note,
          createdAt: p.createdAt.toISOString(),
        })),
      };
    },

    /** A follow-up record: who, when, what was done; the warning moves to following or closed. */
    async addProgress(actor: Actor, id: number, body: WarningProgressBody): Promise<void> {
      await db.transaction(async (tx) => {
        const w = await visible(actor, id, { lock: true, tx });
        if (w.status === 'closed') throw new AppError('CONFLICT', '预警已关闭');
        await repo.addProgress(
          tx,
          { warningId: id, actorId: actor.userId, status: body.status, note: body.note, createdAt: clock() },
          body.status,
        );
      });
    },

    /**
     * The person's warnings with their follow-up records, newest first (at most 200), and
     * whether `actor` may follow each up: their record's timeline.
     */
    async ofPerson(tx: DbOrTx, actor: Actor, userId: number) {
      const rows = await repo.ofPerson(tx, userId, 200);
      const co = rows.length ? await coFollows(tx, actor, { userId, expertId: null }) : false;
      return rows.map(({ w, progress }) => ({
        ...warningFacts(w),
        progress: progress.map(({ p, actor: name }) => ({
          actorName: name,
          status: p.status,
          note: p.note,
          createdAt: p.createdAt.toISOString(),
        })),
        canFollowUp: canHandleWarning(actor, w, co),
      }));
    },

    /** The warnings of one assessment (the expert's assessment detail), highest level first. */
    async ofAssessment(tx: DbOrTx, assessmentId: number) {
      return (await repo.ofAssessment(tx, assessmentId)).map((w) => ({
        id: w.id,
        level: w.level as WarningLevel,
        reason: w.reason,
        status: w.status,
      }));
    },

    maxLevels: (tx: DbOrTx, assessmentIds: number[]) => repo.maxLevels(tx, assessmentIds),

    /**
     * A transfer was approved: the person's open warnings (pending, following) are followed up
     * by `expertId` from now on, in the approval's transaction; closed ones stay as they were.
     */
    reassignOpen: (tx: DbOrTx, userId: number, expertId: number) => repo.reassignOpen(tx, userId, expertId),

    /** How many of the person's warnings are still open. */
    openCountOf: (tx: DbOrTx, userId: number) => repo.openCountOf(tx, userId),

    /**
     * A screening campaign's routing took the warning past every unit to the centre, in the
     * caller's transaction: it shows as escalated (已超时) as the sweeper's escalation would.
     */
    markEscalated: (tx: DbOrTx, id: number, at: Date) => repo.markEscalated(tx, id, at),
    /** Warnings nobody has picked up in time go to the auditors. */
    async escalate(): Promise<number> {
      // Marking a warning escalated and telling the auditors commit together: an alert is never lost.
      return db.transaction(async (tx) => {
        const now = clock();
        const due = await repo.escalateDue(tx, new Date(now.getTime() - escalateAfterMs), now);
        if (!due.length) return 0;
        const auditors = await repo.auditorIds(tx);
        for (const w of due)
          for (const auditorId of auditors)
            await events.emit(tx, 'warning.escalated', {
              warningId: w.id,
              auditorId,
              level: w.level,
              reason: w.reason,
              scaleName: w.scaleName,
            });
        return due.length;
      });
    },
  };
}
export type WarningsService = ReturnType<typeof createWarningsService>;
