import type {
  AssessmentResult,
  ExpertAssessment,
  FullReport,
  ReportReview,
  Order,
  ReportApprovalPage,
  ReportContents,
  ReportCourse,
  ReportDecisionBody,
  ReportExpert,
  ReportStatus,
} from '@psy/contracts';
import { reportReviewText, reportStatuses } from '@psy/contracts';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { AssessmentRow, AssessmentsService, ReportPort } from '../assessments';
import { assignedExpertOf } from '../assignments';
import { formatDateTime } from '../../lib/time';
import type { CoursesService } from '../courses';
import type { ExpertsService } from '../experts';
import type { OrdersService } from '../orders';
import type { ReviewService } from '../review';
import { approvalScope, canApproveReport, canReadReport } from './reports.policy';
import { reportsRepository as repo, type ReportRow } from './reports.repository';
import { dimensions, reportPart, retest, reviewDueBy } from './report-content';
import { CRISIS_SPECIALTY, GENERAL_COURSES, GENERAL_SPECIALTIES, scaleGuides } from './report-guide';

/** How many experts and courses a report recommends. */
export const REPORT_EXPERTS_MAX = 3;
export const REPORT_COURSES_MAX = 3;

/**
 * The full report: what paying unlocks (the report Fulfiller), approval by the expert or an
 * auditor where the plan asks for it (the review workflow, kind 'report'), the JSON and PDF.
 */
export function createReportsService(deps: {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  review: ReviewService;
  assessments: AssessmentsService;
  experts: ExpertsService;
  courses: CoursesService;
}) {
  const { db, clock, orders, review, assessments, experts, courses } = deps;

  const workflow = review.createReviewWorkflow<AssessmentRow>({
    kind: 'report',
    async load(tx, id, reviewer) {
      const a = await assessments.followed(tx, reviewer, id);
      if (!canApproveReport(reviewer, a)) throw notFound('测评不存在');
      if (!a.requiresApproval) throw new AppError('CONFLICT', '该报告无需审批');
      const r = await repo.byAssessment(tx, id, { lock: true });
      if (awaitingPayment(a, r)) throw new AppError('CONFLICT', '用户尚未购买完整报告，购买后才会提交审批');
      return a;
    },
    onApprove: (tx, a) => repo.update(tx, a.id, { status: 'approved' }),
    onReject: (tx, a) => repo.update(tx, a.id, { status: 'returned' }),
    links: {
      submitter: (id) => `/reportView?id=${id}`,
      reviewer: (id) => `/audit/warning/detail?id=${id}`,
    },
    messages: {
      reasonRequired: '请填写退回原因',
      notPending: '报告已审批',
      alreadyPending: '报告已在审批中',
    },
    // A returned report is revised outside the platform and may then be approved directly.
    redecideRejected: true,
  });

  /** The report has a price nobody has paid yet: nothing to review before that. */
  function awaitingPayment(a: AssessmentRow, r: ReportRow | undefined): boolean {
    return a.priceFen > 0 && !r?.paidAt;
  }

  /** Asks for the review: at payment for a paid report, at submission for a free one. */
  async function requestReview(tx: DbOrTx, a: { id: number; title: string; userId: number }) {
    // A request already open (written at submission before reviews waited for payment) stands.
    if ((await workflow.latest(tx, a.id))?.status === 'pending') return;
    await workflow.submit(tx, { itemId: a.id, title: a.title, submittedBy: a.userId });
  }

  /** The reviewer's note of the newest decision (approval comment or why it was returned). */
  async function comment(a: AssessmentRow): Promise<string | null> {
    if (!a.requiresApproval) return null;
    const last = await workflow.latest(db, a.id);
    return last && last.status !== 'pending' ? last.reason : null;
  }

  /** Where the review stands and what the person reads about it (null: the plan needs none). */
  async function reviewState(
    a: AssessmentRow,
    r: ReportRow | undefined,
  ): Promise<AssessmentResult['report']['review']> {
    if (!a.requiresApproval) return null;
    if (awaitingPayment(a, r)) {
      // The review is asked for when the report is paid: the time it would take from now.
      const due = reviewDueBy(clock());
      return {
        status: 'awaiting_payment',
        message: reportReviewText.awaitingPayment(formatDateTime(due)),
        expectedBy: due.toISOString(),
      };
    }
    const last = await workflow.latest(db, a.id);
    if (last?.status === 'approved')
      return { status: 'approved', message: reportReviewText.approved(last.reason), expectedBy: null };
    if (last?.status === 'rejected')
      return { status: 'returned', message: reportReviewText.returned(last.reason), expectedBy: null };
    const due = reviewDueBy(last?.submittedAt ?? a.submittedAt ?? clock());
    return {
      status: 'pending',
      message: reportReviewText.pending(due > clock() ? formatDateTime(due) : null),
      expectedBy: due.toISOString(),
    };
  }

  /** The approval as the report prints it: who, when, and their comment. */
  async function approval(a: AssessmentRow): Promise<ReportReview | null> {
    if (!a.requiresApproval) return null;
    const last = await workflow.latest(db, a.id);
    if (last?.status !== 'approved' || !last.decidedAt) return null;
    return {
      reviewerName: last.reviewerId ? await repo.userName(db, last.reviewerId) : null,
      comment: last.reason,
      decidedAt: last.decidedAt.toISOString(),
    };
  }

  /** The report's parts and what the platform suggests, as the full report shows them. */
  async function content(a: AssessmentRow, rows?: ReturnType<AssessmentsService['partsOf']>) {
    const basic = assessments.basicInfoOf(a);
    const material = await assessments.reportMaterial(a, rows);
    const scored = material.map((m) => m.result);
    const guides = material.map((m) => scaleGuides[m.def.code]);
    const crisis = scored.some((r) => r.alerts.some((al) => al.crisis));
    const concerning = (i: number) => !!scored[i]?.positive || !!scored[i]?.alerts.length;
    // Which dimensions are positive is the result's alone (not its history), so what to
    // recommend is known before the history is read, and both are read in one round.
    const positiveDimensions = material.flatMap((m, i) =>
      dimensions(m.result, guides[i])
        .filter((d) => d.positive)
        .map((d) => ({ guide: guides[i], key: d.key })),
    );
    // Experts who work on what the result shows: the crisis first, then positive dimensions.
    const tags = [
      ...(crisis ? [CRISIS_SPECIALTY] : []),
      ...positiveDimensions.flatMap((d) => d.guide?.dimensionSpecialties?.[d.key] ?? []),
      ...guides.flatMap((g) => g?.specialties ?? []),
      ...GENERAL_SPECIALTIES,
    ];
    // Courses whose category fits: positive dimensions first, then the scales that raised
    // a concern, then every scale of the report, then what fits anyone.
    const categories = [
      ...positiveDimensions.flatMap((d) => d.guide?.dimensionCourses?.[d.key] ?? []),
      ...guides.flatMap((g, i) => (concerning(i) ? (g?.courses ?? []) : [])),
      ...guides.flatMap((g) => g?.courses ?? []),
      ...GENERAL_COURSES,
    ];
    const [parts, matched, fitting] = await Promise.all([
      Promise.all(
        material.map(async (m) =>
          reportPart({
            ...m,
            basicInfo: basic,
            history: await assessments.history(a, m.scaleId),
            currentId: a.id,
          }),
        ),
      ),
      experts.matching([...new Set(tags)], REPORT_EXPERTS_MAX),
      courses.recommended(categories, REPORT_COURSES_MAX),
    ]);
    return {
      parts,
      scored,
      /** Sooner retest: any part positive or an alert fired. */
      concern: crisis || scored.some((_, i) => concerning(i)),
      experts: matched.map((e): ReportExpert => ({
        id: e.id,
        name: e.name,
        avatar: e.avatar,
        title: e.title,
        specialties: e.specialties,
        institution: e.institution,
      })),
      courses: fitting.map((c): ReportCourse => ({
        id: c.id,
        title: c.title,
        category: c.category,
        coverUrl: c.coverUrl,
        priceFen: c.priceFen,
        expertName: c.expert.name,
        link: `/course/detail?id=${c.id}`,
      })),
    };
  }

  /** What the full report of this assessment will hold, for the page that sells it. */
  async function contents(a: AssessmentRow): Promise<ReportContents> {
    const { parts, scored, ...c } = await content(a);
    return {
      interpretation:
        scored.some((r) => !!(r.band?.interpretation || r.band?.advice)) ||
        parts.some((p) => !!p.summary || p.dimensions.some((d) => !!d.interpretation)),
      scoreScale: parts.some((p) => p.scoreScale !== null),
      standard: parts.some((p) => p.standard !== null),
      profile: parts.some((p) => p.dimensions.length > 0),
      norms: parts.some((p) => p.dimensions.some((d) => d.norm !== null)),
      trend: parts.some((p) => p.change !== null),
      highItems: parts.some((p) => p.highItems.length > 0),
      alerts: scored.some((r) => r.alerts.length > 0),
      review: a.requiresApproval,
      experts: c.experts.length > 0,
      courses: c.courses.length > 0,
    };
  }

  const port: ReportPort = {
    async prepare(tx, a) {
      const made = await repo.create(tx, a.id, a.requiresApproval ? 'generated' : 'approved');
      // A report to be paid for is reviewed once paid (the Fulfiller below), not before.
      if (made && a.requiresApproval && a.priceFen <= 0) await requestReview(tx, a);
    },
    async access(a): Promise<AssessmentResult['report']> {
      const r = await repo.byAssessment(db, a.id);
      let access: AssessmentResult['report']['access'] = 'available';
      if (a.priceFen > 0 && !r?.paidAt) access = 'locked';
      else if (r?.status === 'generated') access = 'pending_approval';
      else if (r?.status === 'returned') access = 'returned';
      return {
        access,
        priceFen: a.priceFen,
        orderId: r?.orderId ?? null,
        comment: await comment(a),
        review: await reviewState(a, r),
        contents: access === 'locked' ? await contents(a) : null,
      };
    },
    async summary(a): Promise<ExpertAssessment['report']> {
      const r = await repo.byAssessment(db, a.id);
      return r
        ? {
            status: r.status,
            comment: await comment(a),
            requiresApproval: a.requiresApproval,
            awaitingPayment: awaitingPayment(a, r),
          }
        : null;
    },
  };
  assessments.useReports(port);

  // Paying for a full report unlocks it, in the payment's transaction; where the plan asks for
  // approval, paying is what asks for the review (so reviewers see only reports someone bought).
  orders.register('report', {
    async onPaid(tx, order) {
      const r = await repo.byAssessment(tx, order.itemId, { lock: true });
      if (!r || r.paidAt) return 'refund';
      await repo.update(tx, order.itemId, { paidAt: clock(), orderId: order.id });
      const a = await repo.assessment(tx, order.itemId);
      if (a?.requiresApproval && r.status === 'generated') await requestReview(tx, a);
      return 'ok';
    },
    async onCancelled() {},
    link: (id) => `/reportView?id=${id}`,
  });

  async function owned(tx: DbOrTx, actor: Actor, id: number) {
    const a = await assessments.owned(tx, actor, id);
    if (!canReadReport(actor, a)) throw notFound('测评不存在');
    return a;
  }

  return {
    /** Creates (or returns) the order that unlocks the full report. */
    async order(actor: Actor, id: number): Promise<Order> {
      const a = await owned(db, actor, id);
      if (a.status !== 'submitted') throw new AppError('CONFLICT', '测评尚未完成');
      if (a.priceFen <= 0) throw new AppError('CONFLICT', '该报告免费，无需购买');
      if ((await repo.byAssessment(db, id))?.paidAt) throw new AppError('CONFLICT', '报告已购买');
      return db.transaction(async (tx) => {
        const o =
          (await repo.openOrder(tx, id, clock())) ??
          (await orders.create(tx, {
            userId: actor.userId,
            kind: 'report',
            itemId: id,
            title: `完整测评报告：${a.title}`,
            amountFen: a.priceFen,
          }));
        await repo.update(tx, id, { orderId: o.id });
        return orders.present(o);
      });
    },

    /** The full report (JSON and PDF) once it is open to its owner. */
    async full(actor: Actor, id: number): Promise<FullReport> {
      const a = await owned(db, actor, id);
      // Everything is read together (the parts once, for the result and the report); a withheld
      // result or a report not yet open is refused before anything read is used.
      if (a.status !== 'submitted') throw new AppError('CONFLICT', '测评尚未完成');
      const parts = assessments.partsOf(a);
      const [shown, read, ...rest] = await Promise.allSettled([
        assessments.mustShowOwner(a),
        assessments.resultOf(a, { parts }),
        content(a, parts),
        approval(a),
        repo.institutionName(db, [a.userId, ...(a.expertId ? [a.expertId] : [])]),
      ] as const);
      // The refusals in the order a reader is owed them: withheld, then not open, then any failure.
      if (shown.status === 'rejected') throw shown.reason;
      if (read.status === 'rejected') throw read.reason;
      const result = read.value;
      if (!result.full) {
        const why = {
          locked: '请先购买完整报告',
          pending_approval: '报告正在由专家审核，审核后即可查看',
          returned: '报告正在修订，出具后会通知您',
          available: '',
        };
        throw new AppError('FORBIDDEN', why[result.report.access]);
      }
      const [c, review, institution] = rest.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      }) as [Awaited<ReturnType<typeof content>>, ReportReview | null, string | null];
      return {
        result,
        basicInfo: a.basicInfo,
        parts: c.parts,
        review,
        institution,
        next: {
          experts: c.experts,
          courses: c.courses,
          ...retest(new Date(result.submittedAt), c.concern),
        },
        generatedAt: clock().toISOString(),
      };
    },

    /**
     * For feedback (the feedback module): the report's person, the expert who handles feedback
     * on it — the one who follows the assessment up and approves its report (assessments.expert_id),
     * else the person's assigned expert — whether it is open to them (free, or paid), and its
     * name; undefined when the assessment has no report (not submitted) or does not exist.
     */
    async feedbackSubject(tx: DbOrTx, id: number) {
      const [a, r] = await Promise.all([repo.assessment(tx, id), repo.byAssessment(tx, id)]);
      if (!a || !r) return undefined;
      return {
        ownerId: a.userId,
        expertId: a.expertId ?? (await assignedExpertOf(tx, a.userId)),
        ready: a.priceFen <= 0 || r.paidAt !== null,
        title: a.title,
      };
    },

    /** Reports that need approval: the expert's own people, or all for auditors; paged, with counts. */
    async approvals(
      actor: Actor,
      q: { pageNum: number; pageSize: number; status?: ReportStatus | undefined },
    ): Promise<ReportApprovalPage> {
      const { rows, counts } = await repo.approvals(
        db,
        { expertId: approvalScope(actor), status: q.status },
        q,
      );
      const last = await workflow.latestOf(
        db,
        rows.map((r) => r.a.id),
      );
      const total = q.status ? (counts.get(q.status) ?? 0) : [...counts.values()].reduce((s, n) => s + n, 0);
      return {
        list: rows.map(({ a, r, userName }) => {
          const l = last.get(a.id);
          return {
            assessmentId: a.id,
            title: a.title,
            userName,
            status: r.status,
            comment: l && l.status !== 'pending' ? l.reason : null,
            submittedAt: a.submittedAt?.toISOString() ?? null,
          };
        }),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        counts: Object.fromEntries(
          reportStatuses.map((s) => [s, counts.get(s) ?? 0]),
        ) as ReportApprovalPage['counts'],
      };
    },

    decide: (actor: Actor, id: number, body: ReportDecisionBody) =>
      workflow.decide(actor, id, { approve: body.approve, reason: body.comment }),
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
