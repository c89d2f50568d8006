import { and, asc, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { SessionUser } from '../auth/session.service';
import { optionsOf, visibleItems } from '../scales/engine';
import { parseDefinition } from '../scales/scales.service';
import { scaleVersions } from '../scales/scales.table';
import { users } from '../users/users.table';
import type { AssessmentsService } from './assessments.service';
import {
  activities,
  assessmentParts,
  assessments,
  plans,
  reports,
  warningProgress,
  warnings,
} from './assessments.table';

export const warningStatusLabels = { pending: '待处理', following: '跟进中', closed: '已关闭' } as const;

/**
 * The professional side of assessments: an expert sees the people they serve, their answers,
 * warnings and reports; auditors see all of it. Everyone else gets 404.
 */
export function createFollowupService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  assessments: AssessmentsService;
  escalateAfterMs: number;
}) {
  const { db, clock, events, escalateAfterMs } = deps;
  const isReviewer = (a: SessionUser) => a.role === 'auditor' || a.role === 'admin';

  async function visible(actor: SessionUser, id: number) {
    const [a] = await db.select().from(assessments).where(eq(assessments.id, id));
    if (!a || (!isReviewer(actor) && a.expertId !== actor.userId)) throw notFound('测评不存在');
    return a;
  }

  return {
    list(actor: SessionUser) {
      return deps.assessments.listOf(isReviewer(actor) ? undefined : eq(assessments.expertId, actor.userId));
    },

    /** Result plus every answer as the person gave it. */
    async detail(actor: SessionUser, id: number) {
      const a = await visible(actor, id);
      const parts = await db
        .select({ p: assessmentParts, v: scaleVersions })
        .from(assessmentParts)
        .innerJoin(scaleVersions, eq(scaleVersions.id, assessmentParts.scaleVersionId))
        .where(eq(assessmentParts.assessmentId, id))
        .orderBy(asc(assessmentParts.position));
      const [u] = await db
        .select({ name: users.name, telephone: users.telephone })
        .from(users)
        .where(eq(users.id, a.userId));
      const answers = parts.map(({ p, v }) => {
        const def = parseDefinition(v.definition);
        const shown = new Set(visibleItems(def, a.basicInfo ? { gender: a.basicInfo.gender } : undefined));
        return {
          scaleName: def.name,
          items: def.items
            .filter((i) => shown.has(i.number))
            .map((i) => {
              const pos = p.answers[String(i.number)] ?? null;
              return {
                number: i.number,
                text: i.text,
                answer: pos ? (optionsOf(def, i)[pos - 1]?.label ?? null) : null,
                value: p.result?.itemValues[i.number - 1] ?? null,
              };
            }),
        };
      });
      const ws = await db
        .select()
        .from(warnings)
        .where(eq(warnings.assessmentId, id))
        .orderBy(desc(warnings.level));
      const [report] = await db.select().from(reports).where(eq(reports.assessmentId, id));
      // The plan's and activity's own fields, to name `basicInfo.extra` entries in Chinese.
      const fields = [
        ...(a.planId
          ? ((await db.select({ f: plans.formFields }).from(plans).where(eq(plans.id, a.planId)))[0]?.f ?? [])
          : []),
        ...(a.activityId
          ? ((
              await db
                .select({ f: activities.formFields })
                .from(activities)
                .where(eq(activities.id, a.activityId))
            )[0]?.f ?? [])
          : []),
      ];
      return {
        id: a.id,
        title: a.title,
        status: a.status,
        user: { id: a.userId, name: u!.name, telephone: u!.telephone },
        basicInfo: a.basicInfo,
        extraLabels: Object.fromEntries(fields.map((f) => [f.key, f.label])),
        startedAt: a.startedAt.toISOString(),
        submittedAt: a.submittedAt?.toISOString() ?? null,
        result: a.status === 'submitted' ? await deps.assessments.resultOf(a, { professional: true }) : null,
        answers,
        warnings: ws.map((w) => ({ id: w.id, level: w.level, reason: w.reason, status: w.status })),
        report: report
          ? { status: report.status, comment: report.comment, requiresApproval: a.requiresApproval }
          : null,
      };
    },

    async warnings(actor: SessionUser, status?: 'pending' | 'following' | 'closed') {
      const rows = await db
        .select({ w: warnings, userName: users.name })
        .from(warnings)
        .innerJoin(users, eq(users.id, warnings.userId))
        .where(
          and(
            isReviewer(actor) ? undefined : eq(warnings.expertId, actor.userId),
            status ? eq(warnings.status, status) : undefined,
          ),
        )
        .orderBy(desc(warnings.level), desc(warnings.id))
        .limit(200);
      return rows.map(({ w, userName }) => ({
        id: w.id,
        assessmentId: w.assessmentId,
        userName,
        level: w.level,
        reason: w.reason,
        scaleName: w.scaleName,
        status: w.status,
        escalated: w.escalatedAt !== null,
        createdAt: w.createdAt.toISOString(),
      }));
    },

    async warning(actor: SessionUser, id: number) {
      const [w] = await db.select().from(warnings).where(eq(warnings.id, id));
      if (!w || (!isReviewer(actor) && w.expertId !== actor.userId)) throw notFound('预警不存在');
      const progress = await db
        .select({ p: warningProgress, actor: users.name })
        .from(warningProgress)
        .innerJoin(users, eq(users.id, warningProgress.actorId))
        .where(eq(warningProgress.warningId, id))
        .orderBy(asc(warningProgress.id));
      const [u] = await db
        .select({ name: users.name, telephone: users.telephone })
        .from(users)
        .where(eq(users.id, w.userId));
      return {
        id: w.id,
        assessmentId: w.assessmentId,
        user: { id: w.userId, name: u!.name, telephone: u!.telephone },
        level: w.level,
        reason: w.reason,
        scaleName: w.scaleName,
        status: w.status,
        escalated: w.escalatedAt !== null,
        createdAt: w.createdAt.toISOString(),
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
    async addProgress(
      actor: SessionUser,
      id: number,
      body: { status: 'following' | 'closed'; note: string },
    ) {
      await db.transaction(async (tx) => {
        const [w] = await tx.select().from(warnings).where(eq(warnings.id, id)).for('update');
        if (!w || (!isReviewer(actor) && w.expertId !== actor.userId)) throw notFound('预警不存在');
        if (w.status === 'closed') throw new AppError('CONFLICT', '预警已关闭');
        await tx.insert(warningProgress).values({
          warningId: id,
          actorId: actor.userId,
          status: body.status,
          note: body.note,
          createdAt: clock(),
        });
        await tx.update(warnings).set({ status: body.status }).where(eq(warnings.id, id));
      });
    },

    /** Reports waiting for approval: the expert's own people, or all for auditors. */
    async approvals(actor: SessionUser) {
      const rows = await db
        .select({ a: assessments, r: reports, userName: users.name })
        .from(reports)
        .innerJoin(assessments, eq(assessments.id, reports.assessmentId))
        .innerJoin(users, eq(users.id, assessments.userId))
        .where(
          and(
            eq(assessments.requiresApproval, true),
            isReviewer(actor) ? undefined : eq(assessments.expertId, actor.userId),
          ),
        )
        .orderBy(asc(reports.status), desc(assessments.submittedAt));
      return rows.map(({ a, r, userName }) => ({
        assessmentId: a.id,
        title: a.title,
        userName,
        status: r.status,
        comment: r.comment,
        submittedAt: a.submittedAt?.toISOString() ?? null,
      }));
    },

    async reviewReport(
      actor: SessionUser,
      id: number,
      body: { approve: boolean; comment?: string | undefined },
    ) {
      const a = await visible(actor, id);
      if (!a.requiresApproval) throw new AppError('CONFLICT', '该报告无需审批');
      if (!body.approve && !body.comment) throw new AppError('BAD_REQUEST', '请填写退回原因');
      await db.transaction(async (tx) => {
        const [r] = await tx
          .update(reports)
          .set({
            status: body.approve ? 'approved' : 'returned',
            reviewerId: actor.userId,
            reviewedAt: clock(),
            comment: body.comment ?? null,
          })
          .where(and(eq(reports.assessmentId, id), inArray(reports.status, ['generated', 'returned'])))
          .returning();
        if (!r) throw new AppError('CONFLICT', '报告已审批');
        await events.emit(tx, 'report.reviewed', {
          assessmentId: id,
          userId: a.userId,
          title: a.title,
          approved: body.approve,
        });
      });
    },

    /** Warnings nobody has picked up in time go to the auditors. */
    async escalate(): Promise<number> {
      // Marking a warning escalated and telling the auditors commit together: an alert is never lost.
      return db.transaction(async (tx) => {
        const due = await tx
          .update(warnings)
          .set({ escalatedAt: clock() })
          .where(
            and(
              eq(warnings.status, 'pending'),
              isNull(warnings.escalatedAt),
              lte(warnings.createdAt, new Date(clock().getTime() - escalateAfterMs)),
            ),
          )
          .returning();
        if (!due.length) return 0;
        const auditors = await tx
          .select({ id: users.id })
          .from(users)
          .where(or(eq(users.role, 'auditor'), eq(users.role, 'admin')));
        for (const w of due) {
          for (const a of auditors)
            await events.emit(tx, 'warning.escalated', {
              warningId: w.id,
              auditorId: a.id,
              level: w.level,
              reason: w.reason,
              scaleName: w.scaleName,
            });
        }
        return due.length;
      });
    },
  };
}
export type FollowupService = ReturnType<typeof createFollowupService>;
