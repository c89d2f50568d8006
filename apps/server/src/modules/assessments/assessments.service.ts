import {
  type AssessmentResult,
  type AssessmentState,
  type BasicInfoBody,
  type FormField,
  type ScaleScoreResult,
  type StartAssessmentBody,
} from '@psy/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { SessionUser } from '../auth/session.service';
import { HOTLINES } from '../home/home.service';
import type { OrdersService } from '../orders/orders.service';
import { orders as ordersTable } from '../orders/orders.table';
import { optionsOf, scoreAssessment, visibleItems } from '../scales/engine';
import { parseDefinition, type ScalesService } from '../scales/scales.service';
import { scaleVersions } from '../scales/scales.table';
import { users } from '../users/users.table';
import {
  activities,
  assessmentParts,
  assessments,
  planScales,
  plans,
  reports,
  warnings,
} from './assessments.table';

/** The platform's informed consent for single scales; plans bring their own. */
export const DEFAULT_CONSENT =
  '本测评用于帮助您了解自身的心理健康状况，结果仅供参考，不能替代专业诊断。您的作答与结果将被严格保密，仅您本人及为您提供服务的专业人员可以查看。若测评提示存在较高风险，平台会及时提醒为您服务的专家与您联系。您可以随时停止作答。点击“同意并继续”即表示您已阅读并理解上述内容，自愿参加本次测评。';

type PartRow = typeof assessmentParts.$inferSelect;
type AssessmentRow = typeof assessments.$inferSelect;

export interface AssessmentsDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  orders: OrdersService;
  scales: ScalesService;
}

export function createAssessmentsService({
  db,
  clock,
  events,
  orders,
  scales: scaleService,
}: AssessmentsDeps) {
  async function own(tx: DbOrTx, userId: number, id: number): Promise<AssessmentRow> {
    const [a] = await tx
      .select()
      .from(assessments)
      .where(and(eq(assessments.id, id), eq(assessments.userId, userId)));
    if (!a) throw notFound('测评不存在');
    return a;
  }

  async function partsOf(tx: DbOrTx, assessmentId: number) {
    return tx
      .select({ p: assessmentParts, v: scaleVersions })
      .from(assessmentParts)
      .innerJoin(scaleVersions, eq(scaleVersions.id, assessmentParts.scaleVersionId))
      .where(eq(assessmentParts.assessmentId, assessmentId))
      .orderBy(asc(assessmentParts.position));
  }

  const genderOf = (a: AssessmentRow) => (a.basicInfo ? { gender: a.basicInfo.gender } : undefined);

  /** Who follows this person up: the plan's author if an expert, else an expert of their institution. */
  async function assignExpert(tx: DbOrTx, userId: number, authorId: number | null): Promise<number | null> {
    if (authorId) {
      const [a] = await tx.select({ role: users.role }).from(users).where(eq(users.id, authorId));
      if (a?.role === 'expert') return authorId;
    }
    const [row] = await tx
      .execute<{ id: number }>(
        sql`select e.id from ${users} u join ${users} e on e.institution_id = u.institution_id
      where u.id = ${userId} and e.role = 'expert' and e.status = 'active' order by e.id limit 1`,
      )
      .then((r) =>
        Array.isArray(r) ? (r as { id: number }[]) : ((r as { rows: { id: number }[] }).rows ?? []),
      );
    return row?.id ?? null;
  }

  async function state(a: AssessmentRow): Promise<AssessmentState> {
    const parts = await partsOf(db, a.id);
    let guidance: string | null = null;
    let formFields: FormField[] = [];
    if (a.planId) {
      const [p] = await db.select().from(plans).where(eq(plans.id, a.planId));
      guidance = p?.guidance ?? null;
      formFields = p?.formFields ?? [];
    }
    if (a.activityId) {
      const [act] = await db.select().from(activities).where(eq(activities.id, a.activityId));
      formFields = [...formFields, ...(act?.formFields ?? [])];
    }
    const takingParts = parts.map(({ p, v }) => {
      const def = parseDefinition(v.definition);
      const shown = new Set(visibleItems(def, genderOf(a)));
      return {
        index: p.position,
        scaleId: p.scaleId,
        name: def.name,
        shortName: def.shortName,
        instructions: def.instructions,
        timeframe: def.timeframe,
        status: p.status,
        items: def.items
          .filter((i) => shown.has(i.number))
          .map((i) => ({
            number: i.number,
            text: i.text,
            image: i.image ?? null,
            options: optionsOf(def, i).map((o, k) => ({ position: k + 1, label: o.label })),
          })),
        answers: Object.fromEntries([...shown].map((n) => [String(n), p.answers[String(n)] ?? null])),
      };
    });
    const next: AssessmentState['next'] =
      a.status === 'submitted'
        ? 'done'
        : !a.consentAcceptedAt
          ? guidance
            ? 'guidance'
            : 'consent'
          : !a.basicInfo
            ? 'basic_info'
            : 'questions';
    return {
      id: a.id,
      kind: a.kind,
      title: a.title,
      status: a.status,
      guidance,
      consentText: a.consentText,
      consentAcceptedAt: a.consentAcceptedAt?.toISOString() ?? null,
      basicInfo: a.basicInfo,
      formFields,
      parts: takingParts,
      next,
      startedAt: a.startedAt.toISOString(),
      submittedAt: a.submittedAt?.toISOString() ?? null,
    };
  }

  /** When every part is scored: the assessment is submitted, warnings raised, the report prepared. */
  async function finish(tx: DbOrTx, a: AssessmentRow, parts: PartRow[], userName: string): Promise<void> {
    const now = clock();
    const duration = parts.reduce((s, p) => s + (p.durationSeconds ?? 0), 0);
    await tx
      .update(assessments)
      .set({ status: 'submitted', submittedAt: now, durationSeconds: duration })
      .where(eq(assessments.id, a.id));
    await tx
      .insert(reports)
      .values({ assessmentId: a.id, status: a.requiresApproval ? 'generated' : 'approved' })
      .onConflictDoNothing();
    const raised: { warningId: number; level: number; reason: string; scaleName: string }[] = [];
    for (const p of parts) {
      const result = p.result!;
      const [v] = await tx.select().from(scaleVersions).where(eq(scaleVersions.id, p.scaleVersionId));
      const scaleName = (v!.definition as { name: string }).name;
      for (const alert of result.alerts) {
        const [w] = await tx
          .insert(warnings)
          .values({
            assessmentId: a.id,
            userId: a.userId,
            expertId: a.expertId,
            level: alert.level,
            reason: alert.reason,
            scaleName,
            createdAt: now,
          })
          .returning({ id: warnings.id });
        raised.push({ warningId: w!.id, level: alert.level, reason: alert.reason, scaleName });
      }
    }
    // A high-level warning reaches the person's institution and, if nobody is assigned, the auditors at once.
    const high = raised.some((w) => w.level >= 3);
    const colleagues = high
      ? await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.role, 'expert'),
              eq(users.status, 'active'),
              sql`${users.institutionId} = (select u.institution_id from ${users} u where u.id = ${a.userId})`,
            ),
          )
      : [];
    const auditors =
      high && !a.expertId
        ? await tx
            .select({ id: users.id })
            .from(users)
            .where(sql`${users.role} in ('auditor', 'admin')`)
        : [];
    // Announced in the submitting transaction: an alert is never lost to a crash after commit.
    for (const w of raised) {
      const isHigh = w.level >= 3;
      await events.emit(tx, 'warning.raised', {
        ...w,
        userId: a.userId,
        userName,
        expertId: a.expertId,
        colleagueIds: isHigh ? colleagues.map((c) => c.id).filter((id) => id !== a.expertId) : [],
        auditorIds: isHigh ? auditors.map((x) => x.id) : [],
      });
    }
  }

  async function reportAccess(a: AssessmentRow) {
    const [r] = await db.select().from(reports).where(eq(reports.assessmentId, a.id));
    let access: AssessmentResult['report']['access'] = 'available';
    if (a.priceFen > 0 && !r?.paidAt) access = 'locked';
    else if (r?.status === 'generated') access = 'pending_approval';
    else if (r?.status === 'returned') access = 'returned';
    return { access, priceFen: a.priceFen, orderId: r?.orderId ?? null, comment: r?.comment ?? null };
  }

  // Paying for a full report unlocks it, in the payment's transaction.
  orders.register('report', {
    async onPaid(tx, order) {
      const [r] = await tx.select().from(reports).where(eq(reports.assessmentId, order.itemId)).for('update');
      if (!r || r.paidAt) return 'refund';
      await tx
        .update(reports)
        .set({ paidAt: clock(), orderId: order.id })
        .where(eq(reports.assessmentId, order.itemId));
      return 'ok';
    },
    async onCancelled() {},
    link: (id) => `/reportView?id=${id}`,
  });

  return {
    async start(actor: SessionUser, body: StartAssessmentBody): Promise<AssessmentState> {
      const now = clock();
      let target: { kind: 'scale' | 'plan'; scaleId?: number; planId?: number } = body.scaleId
        ? { kind: 'scale', scaleId: body.scaleId }
        : { kind: 'plan', planId: body.planId! };
      if (body.activityId) {
        const [act] = await db.select().from(activities).where(eq(activities.id, body.activityId));
        if (!act) throw notFound('活动不存在');
        if (act.startsAt > now) throw new AppError('CONFLICT', '活动尚未开始');
        if (act.endsAt <= now) throw new AppError('CONFLICT', '活动已结束');
        target = act.planId ? { kind: 'plan', planId: act.planId } : { kind: 'scale', scaleId: act.scaleId! };
      }
      // A test left half-way is resumed, not started again.
      const [open] = await db
        .select()
        .from(assessments)
        .where(
          and(
            eq(assessments.userId, actor.userId),
            eq(assessments.status, 'in_progress'),
            target.scaleId ? eq(assessments.scaleId, target.scaleId) : eq(assessments.planId, target.planId!),
            body.activityId
              ? eq(assessments.activityId, body.activityId)
              : sql`${assessments.activityId} is null`,
          ),
        )
        .orderBy(desc(assessments.id))
        .limit(1);
      if (open) return state(open);

      const id = await db.transaction(async (tx) => {
        let title: string;
        let consentText = DEFAULT_CONSENT;
        let scaleIds: number[];
        let priceFen: number;
        let requiresApproval = false;
        let authorId: number | null = null;
        if (target.kind === 'scale') {
          const v = await scaleService.publishedVersion(tx, target.scaleId!);
          if (!v) throw notFound('量表不存在或未发布');
          title = v.s.name;
          scaleIds = [v.s.id];
          priceFen = v.s.priceFen;
          authorId = v.s.authorId;
        } else {
          const [p] = await tx
            .select()
            .from(plans)
            .where(and(eq(plans.id, target.planId!), eq(plans.published, true)));
          if (!p) throw notFound('测评方案不存在');
          title = p.title;
          consentText = p.consentText;
          priceFen = p.priceFen;
          requiresApproval = p.requiresApproval;
          authorId = p.authorId;
          scaleIds = (
            await tx
              .select()
              .from(planScales)
              .where(eq(planScales.planId, p.id))
              .orderBy(asc(planScales.position))
          ).map((r) => r.scaleId);
        }
        const expertId = await assignExpert(tx, actor.userId, authorId);
        const [a] = await tx
          .insert(assessments)
          .values({
            userId: actor.userId,
            kind: target.kind,
            scaleId: target.scaleId ?? null,
            planId: target.planId ?? null,
            activityId: body.activityId ?? null,
            title,
            consentText,
            expertId,
            requiresApproval,
            priceFen,
            startedAt: now,
          })
          .returning();
        for (const [position, scaleId] of scaleIds.entries()) {
          const v = await scaleService.publishedVersion(tx, scaleId);
          if (!v) throw new AppError('CONFLICT', '方案中的量表已下线，暂时无法测评');
          await tx
            .insert(assessmentParts)
            .values({ assessmentId: a!.id, position, scaleId, scaleVersionId: v.v.id });
        }
        return a!.id;
      });
      return state(await own(db, actor.userId, id));
    },

    async get(actor: SessionUser, id: number): Promise<AssessmentState> {
      return state(await own(db, actor.userId, id));
    },

    async consent(actor: SessionUser, id: number): Promise<AssessmentState> {
      const a = await own(db, actor.userId, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt)
        await db.update(assessments).set({ consentAcceptedAt: clock() }).where(eq(assessments.id, id));
      return state(await own(db, actor.userId, id));
    },

    async basicInfo(actor: SessionUser, id: number, body: BasicInfoBody): Promise<AssessmentState> {
      const a = await own(db, actor.userId, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt) throw new AppError('CONFLICT', '请先阅读并同意知情同意书');
      const fields = (await state(a)).formFields;
      for (const f of fields) {
        const v = body.extra[f.key]?.trim() ?? '';
        if (f.required && !v) throw new AppError('BAD_REQUEST', `请填写${f.label}`);
        if (v && f.type === 'select' && !f.options?.includes(v))
          throw new AppError('BAD_REQUEST', `${f.label}的选项不正确`);
      }
      const extra = Object.fromEntries(
        fields.filter((f) => body.extra[f.key]).map((f) => [f.key, body.extra[f.key]!.trim()]),
      );
      await db
        .update(assessments)
        .set({ basicInfo: { ...body, extra } })
        .where(eq(assessments.id, id));
      return state(await own(db, actor.userId, id));
    },

    /** Saves one answer the moment it is given, so a closed tab resumes where it left off. */
    async answer(
      actor: SessionUser,
      id: number,
      body: { part: number; item: number; position: number | null },
    ) {
      const a = await own(db, actor.userId, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt || !a.basicInfo) throw new AppError('CONFLICT', '请先完成知情同意和基本信息');
      const [row] = (await partsOf(db, id)).filter((r) => r.p.position === body.part);
      if (!row) throw new AppError('BAD_REQUEST', '量表序号不正确');
      if (row.p.status !== 'in_progress') throw new AppError('CONFLICT', '该量表已提交');
      const def = parseDefinition(row.v.definition);
      const item = def.items.find((i) => i.number === body.item);
      if (!item || !visibleItems(def, genderOf(a)).includes(body.item))
        throw new AppError('BAD_REQUEST', `第${body.item}题不存在`);
      if (body.position !== null && body.position > optionsOf(def, item).length) {
        throw new AppError('BAD_REQUEST', `第${body.item}题的选项超出范围`);
      }
      const key = String(body.item);
      await db
        .update(assessmentParts)
        .set({
          answers:
            body.position === null
              ? sql`${assessmentParts.answers} - ${key}`
              : sql`${assessmentParts.answers} || jsonb_build_object(${key}::text, ${body.position}::int)`,
        })
        .where(eq(assessmentParts.id, row.p.id));
      return { saved: true };
    },

    /** Scores one scale once every shown item is answered (the server checks, whatever the client says). */
    async submitPart(
      actor: SessionUser,
      id: number,
      body: { part: number; durationSeconds?: number | undefined },
    ) {
      await db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(assessments)
          .where(and(eq(assessments.id, id), eq(assessments.userId, actor.userId)))
          .for('update');
        if (!a) throw notFound('测评不存在');
        if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
        const rows = await partsOf(tx, id);
        const row = rows.find((r) => r.p.position === body.part);
        if (!row) throw new AppError('BAD_REQUEST', '量表序号不正确');
        if (row.p.status === 'submitted') throw new AppError('CONFLICT', '该量表已提交');
        const def = parseDefinition(row.v.definition);
        const shown = new Set(visibleItems(def, genderOf(a)));
        const answers = def.items.map((i) =>
          shown.has(i.number) ? (row.p.answers[String(i.number)] ?? null) : null,
        );
        const missing = def.items.find((i, k) => shown.has(i.number) && answers[k] === null);
        if (missing) throw new AppError('BAD_REQUEST', `第${missing.number}题未作答，请答完所有题目再提交`);
        const result: ScaleScoreResult = scoreAssessment(def, answers, genderOf(a));
        await tx
          .update(assessmentParts)
          .set({
            status: 'submitted',
            result,
            durationSeconds: body.durationSeconds ?? null,
            submittedAt: clock(),
          })
          .where(eq(assessmentParts.id, row.p.id));
        const updated = (await partsOf(tx, id)).map((r) => r.p);
        if (updated.every((p) => p.status === 'submitted')) {
          const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, a.userId));
          await finish(tx, a, updated, a.basicInfo?.name ?? u!.name);
        }
      });
      return state(await own(db, actor.userId, id));
    },

    async result(actor: SessionUser, id: number): Promise<AssessmentResult> {
      const a = await own(db, actor.userId, id);
      return resultOf(a);
    },

    /** Creates (or returns) the order that unlocks the full report. */
    async orderReport(actor: SessionUser, id: number) {
      const a = await own(db, actor.userId, id);
      if (a.status !== 'submitted') throw new AppError('CONFLICT', '测评尚未完成');
      if (a.priceFen <= 0) throw new AppError('CONFLICT', '该报告免费，无需购买');
      const [r] = await db.select().from(reports).where(eq(reports.assessmentId, id));
      if (r?.paidAt) throw new AppError('CONFLICT', '报告已购买');
      return db.transaction(async (tx) => {
        const [open] = await tx
          .select()
          .from(ordersTable)
          .where(
            and(
              eq(ordersTable.kind, 'report'),
              eq(ordersTable.itemId, id),
              eq(ordersTable.status, 'unpaid'),
              sql`${ordersTable.expiresAt} > ${clock().toISOString()}::timestamptz`,
            ),
          );
        const o =
          open ??
          (await orders.create(tx, {
            userId: actor.userId,
            kind: 'report',
            itemId: id,
            title: `完整测评报告：${a.title}`,
            amountFen: a.priceFen,
          }));
        await tx.update(reports).set({ orderId: o.id }).where(eq(reports.assessmentId, id));
        return orders.present(o);
      });
    },

    /** The full report (JSON and PDF) once it is open to its owner. */
    async fullReport(actor: SessionUser, id: number) {
      const a = await own(db, actor.userId, id);
      const result = await resultOf(a);
      if (!result.full) {
        const why = {
          locked: '请先购买完整报告',
          pending_approval: '报告正在由专家审核，审核后即可查看',
          returned: '报告正在修订，出具后会通知您',
          available: '',
        };
        throw new AppError('FORBIDDEN', why[result.report.access]);
      }
      return { result, basicInfo: a.basicInfo };
    },

    async mine(actor: SessionUser) {
      return listOf(eq(assessments.userId, actor.userId));
    },

    resultOf,
    listOf,
  };

  /**
   * The result. Scores, bands' labels and alerts are free; interpretation and advice come with
   * the full report (`full`), which professionals always see.
   */
  async function resultOf(
    a: AssessmentRow,
    opts: { professional?: boolean } = {},
  ): Promise<AssessmentResult> {
    if (a.status !== 'submitted') throw new AppError('CONFLICT', '测评尚未完成');
    const parts = await partsOf(db, a.id);
    const report = await reportAccess(a);
    const full = opts.professional === true || report.access === 'available';
    const strip = <T extends { label: string; interpretation: string; advice: string } | null>(b: T): T =>
      (b && !full ? { ...b, interpretation: '', advice: '' } : b) as T;
    const out = parts.map(({ p, v }) => {
      const r = p.result!;
      const def = v.definition as {
        name: string;
        shortName: string;
        scores?: { key: string; name: string }[];
      };
      return {
        scaleName: def.name,
        shortName: def.shortName,
        rawScore: r.rawScore,
        standardScore: r.standardScore,
        band: strip(r.band),
        dimensions: r.dimensions.map((d) => ({ ...d, band: strip(d.band) })),
        indices: r.indices,
        indexLabels: Object.fromEntries(
          (def.scores ?? []).filter((s) => s.key in r.indices).map((s) => [s.key, s.name]),
        ),
        positive: r.positive,
        alerts: r.alerts,
        notes: r.notes,
        durationSeconds: p.durationSeconds,
      };
    });
    return {
      id: a.id,
      title: a.title,
      submittedAt: a.submittedAt!.toISOString(),
      durationSeconds: a.durationSeconds ?? 0,
      parts: out,
      crisis: out.some((p) => p.alerts.some((al) => al.crisis)),
      hotlines: HOTLINES,
      report,
      full,
    };
  }

  async function listOf(where: SQL | undefined) {
    const rows = await db
      .select({ a: assessments, userName: users.name })
      .from(assessments)
      .innerJoin(users, eq(users.id, assessments.userId))
      .where(where)
      .orderBy(desc(assessments.startedAt), desc(assessments.id))
      .limit(200);
    const ids = rows.map((r) => r.a.id);
    const parts = ids.length
      ? await db.select().from(assessmentParts).where(inArray(assessmentParts.assessmentId, ids))
      : [];
    const w = ids.length
      ? await db
          .select({ id: warnings.assessmentId, level: sql<number>`max(${warnings.level})` })
          .from(warnings)
          .where(inArray(warnings.assessmentId, ids))
          .groupBy(warnings.assessmentId)
      : [];
    const levels = new Map(w.map((x) => [x.id, Number(x.level)]));
    const versionIds = [...new Set(parts.map((p) => p.scaleVersionId))];
    const versions = versionIds.length
      ? await db
          .select({ id: scaleVersions.id, definition: scaleVersions.definition })
          .from(scaleVersions)
          .where(inArray(scaleVersions.id, versionIds))
      : [];
    const shortNames = new Map(
      versions.map((v) => [v.id, (v.definition as { shortName: string }).shortName]),
    );
    return rows.map(({ a, userName }) => ({
      id: a.id,
      title: a.title,
      kind: a.kind,
      scaleId: a.scaleId,
      planId: a.planId,
      activityId: a.activityId,
      status: a.status,
      startedAt: a.startedAt.toISOString(),
      submittedAt: a.submittedAt?.toISOString() ?? null,
      summary: parts
        .filter((p) => p.assessmentId === a.id && p.result?.band)
        .sort((x, y) => x.position - y.position)
        .map((p) => `${shortNames.get(p.scaleVersionId) ?? ''} ${p.result!.band!.label}`.trim()),
      maxWarningLevel: levels.get(a.id) ?? null,
      user: { id: a.userId, name: a.basicInfo?.name ?? userName },
    }));
  }
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
