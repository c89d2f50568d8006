import { ASSESSMENT_SEARCH_COUNT_MAX } from '@psy/contracts';
import type {
  AssessmentListItem,
  AssessmentResult,
  AssessmentState,
  BasicInfoBody,
  BasicInfoPrefill,
  ExpertAssessment,
  ExpertAssessmentPage,
  ExpertAssessmentsQuery,
  MyAssessmentsPage,
  MyAssessmentsQuery,
  ScaleDefinition,
  ScaleScoreResult,
  StartAssessmentBody,
} from '@psy/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { maskPhone } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import type { PersonalCache } from '../../lib/personal-cache';
import { assignedExpertOf, peopleAssignedTo } from '../assignments';
import { HOTLINES } from '../home';
import type { PlansService } from '../plans';
import { optionsOf, parseDefinition, scoreAssessment, visibleItems, type ScalesService } from '../scales';
import type { AuditService } from '../audit';
import type { WarningsService } from '../warnings';
import { prefillBasicInfo } from './basic-info-prefill';
import { canFollowUp, canTake, followUpScope } from './assessments.policy';
import { assessmentsRepository as repo, type AssessmentRow, type PartRow } from './assessments.repository';
import { assessments } from './assessments.table';

/** The platform's informed consent for single scales; plans bring their own. */
export const RESULT_WITHHELD = '本次筛查的结果由机构统一反馈，不向个人展示；如有需要请联系机构老师';

export const DEFAULT_CONSENT =
  '本测评用于帮助您了解自身的心理健康状况，结果仅供参考，不能替代专业诊断。您的作答与结果将被严格保密，仅您本人及为您提供服务的专业人员可以查看。若测评提示存在较高风险，平台会及时提醒为您服务的专家与您联系。您可以随时停止作答。点击“同意并继续”即表示您已阅读并理解上述内容，自愿参加本次测评。';

/**
 * What the reports domain provides to results: it plugs in after both are created (reports
 * needs the assessments to check owners and build the full report), like an order Fulfiller.
 */
export interface ReportPort {
  /** In the submitting transaction: the report row, queued for approval when the plan asks. */
  prepare(tx: DbOrTx, a: AssessmentRow): Promise<void>;
  /** Whether the full report is open to its owner, and why not. */
  access(a: AssessmentRow): Promise<AssessmentResult['report']>;
  /** The report's state as the expert's detail shows it. */
  summary(a: AssessmentRow): Promise<ExpertAssessment['report']>;
}

export interface AssessmentsDeps {
  db: Db;
  clock: Clock;
  scales: ScalesService;
  plans: PlansService;
  warnings: WarningsService;
  /** Every professional's view of an individual's result is written to `audit_logs` (`result_view`). */
  audit?: Pick<AuditService, 'record'>;
  /** Each person's list of their assessments, kept between the writes that change it. */
  personal: Pick<PersonalCache, 'get'>;
}

/** One of the people an expert serves, as a picker lists them. */
export interface ServedPerson {
  id: number;
  name: string;
  telephone: string;
  lastAssessmentAt: string | null;
}

type PartsOf = Awaited<ReturnType<typeof repo.partsOf>>;

/** Scale versions whose parsed rules are kept (a few hundred KB at most). */
const PARSED_VERSIONS_MAX = 200;

export function createAssessmentsService({
  db,
  clock,
  scales,
  plans,
  warnings,
  audit,
  personal,
}: AssessmentsDeps) {
  let reports: ReportPort | null = null;
  const reportPort = () => {
    if (!reports) throw new Error('assessments: the report port is not wired (services.ts)');
    return reports;
  };

  async function own(tx: DbOrTx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
    const a = await repo.byId(tx, id, { ...opts, userId: actor.userId });
    if (!a || !canTake(actor, a)) throw notFound('测评不存在');
    return a;
  }

  async function followed(tx: DbOrTx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
    const a = await repo.byId(tx, id, opts);
    if (!a || !canFollowUp(actor, a, await assignedExpertOf(tx, a.userId))) throw notFound('测评不存在');
    return a;
  }

  /**
   * A scale version's rules, parsed once: a version is never changed once written (a new one is
   * published instead), and parsing a long scale's rules on every page of it costs milliseconds.
   */
  const parsed = new Map<number, ScaleDefinition>();
  function definitionOf(v: { id: number; definition: unknown }): ScaleDefinition {
    let def = parsed.get(v.id);
    if (!def) {
      def = parseDefinition(v.definition);
      if (parsed.size >= PARSED_VERSIONS_MAX) parsed.delete(parsed.keys().next().value!);
      parsed.set(v.id, def);
    }
    return def;
  }

  const genderOf = (a: AssessmentRow) => (a.basicInfo ? { gender: a.basicInfo.gender } : undefined);

  /**
   * Who follows this person up: their assigned expert (care_assignments); without one, the
   * plan's author if an expert, else an expert of their institution.
   */
  async function assignExpert(tx: DbOrTx, userId: number, authorId: number | null): Promise<number | null> {
    const assigned = await assignedExpertOf(tx, userId);
    if (assigned !== null) return assigned;
    if (authorId && (await repo.person(tx, authorId))?.role === 'expert') return authorId;
    return repo.expertOfInstitutionOf(tx, userId);
  }

  async function state(a: AssessmentRow): Promise<AssessmentState> {
    const [parts, { guidance, formFields }] = await Promise.all([
      repo.partsOf(db, a.id),
      plans.takingInfo(db, a.planId, a.activityId),
    ]);
    const takingParts = parts.map(({ p, v }) => {
      const def = definitionOf(v);
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
  async function finish(
    tx: DbOrTx,
    a: AssessmentRow,
    parts: { p: PartRow; scaleName: string }[],
    userName: string,
  ) {
    const duration = parts.reduce((s, { p }) => s + (p.durationSeconds ?? 0), 0);
    await repo.update(tx, a.id, { status: 'submitted', submittedAt: clock(), durationSeconds: duration });
    await reportPort().prepare(tx, a);
    await warnings.raise(
      tx,
      { assessmentId: a.id, userId: a.userId, userName, expertId: a.expertId },
      parts.flatMap(({ p, scaleName }) => p.result!.alerts.map((al) => ({ ...al, scaleName }))),
    );
  }

  /**
   * The result. Scores, bands' labels and alerts are free; interpretation and advice come with
   * the full report (`full`), which professionals always see.
   */
  async function resultOf(
    a: AssessmentRow,
    opts: { professional?: boolean; parts?: Promise<PartsOf> } = {},
  ): Promise<AssessmentResult> {
    if (a.status !== 'submitted') throw new AppError('CONFLICT', '测评尚未完成');
    const [parts, report] = await Promise.all([opts.parts ?? repo.partsOf(db, a.id), reportPort().access(a)]);
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

  /** List rows as both lists show them: the main band of each scale, the highest warning. */
  async function present(rows: { a: AssessmentRow; userName: string }[]): Promise<AssessmentListItem[]> {
    const ids = rows.map((r) => r.a.id);
    const [bands, levels] = await Promise.all([repo.bandsOf(db, ids), warnings.maxLevels(db, ids)]);
    const summaries = new Map<number, string[]>();
    for (const b of bands) {
      const list = summaries.get(b.assessmentId) ?? [];
      list.push(`${b.shortName ?? ''} ${b.band}`.trim());
      summaries.set(b.assessmentId, list);
    }
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
      summary: summaries.get(a.id) ?? [],
      maxWarningLevel: levels.get(a.id) ?? null,
      user: { id: a.userId, name: a.basicInfo?.name ?? userName },
    }));
  }

  /**
   * Which of these assessments' results are withheld from their owner (a screening campaign
   * that does not show members their result). Wired in by services.ts; none by default.
   */
  let withheld: (ids: number[]) => Promise<Set<number>> = async () => new Set();
  async function mustShowOwner(a: AssessmentRow) {
    if ((await withheld([a.id])).has(a.id)) throw new AppError('CONFLICT', RESULT_WITHHELD);
  }

  return {
    /** Wires the reports domain in (services.ts). */
    useReports(port: ReportPort) {
      reports = port;
    },
    /** Wires in who withholds results from their owners (the campaigns domain, services.ts). */
    useResultGate(gate: (ids: number[]) => Promise<Set<number>>) {
      withheld = gate;
    },
    /** 409 when the owner may not see this assessment's result (reports use it too). */
    mustShowOwner,

    async start(actor: Actor, body: StartAssessmentBody): Promise<AssessmentState> {
      const now = clock();
      let target: { kind: 'scale' | 'plan'; scaleId?: number; planId?: number } = body.scaleId
        ? { kind: 'scale', scaleId: body.scaleId }
        : { kind: 'plan', planId: body.planId! };
      if (body.activityId) {
        const act = await plans.activityRow(db, body.activityId);
        if (!act) throw notFound('活动不存在');
        if (act.startsAt > now) throw new AppError('CONFLICT', '活动尚未开始');
        if (act.endsAt <= now) throw new AppError('CONFLICT', '活动已结束');
        target = act.planId ? { kind: 'plan', planId: act.planId } : { kind: 'scale', scaleId: act.scaleId! };
      }
      // A test left half-way is resumed, not started again.
      const open = await repo.openFor(db, actor.userId, { ...target, activityId: body.activityId });
      if (open) return state(open);

      const id = await db.transaction(async (tx) => {
        let title: string;
        let consentText = DEFAULT_CONSENT;
        let scaleIds: number[];
        let priceFen: number;
        let requiresApproval = false;
        let authorId: number | null;
        if (target.kind === 'scale') {
          const v = await scales.publishedVersion(tx, target.scaleId!);
          if (!v) throw notFound('量表不存在或未发布');
          title = v.s.name;
          scaleIds = [v.s.id];
          priceFen = v.s.priceFen;
          authorId = v.s.authorId;
        } else {
          const p = await plans.planToTake(tx, target.planId!);
          if (!p) throw notFound('测评方案不存在');
          title = p.title;
          consentText = p.consentText;
          priceFen = p.priceFen;
          requiresApproval = p.requiresApproval;
          authorId = p.authorId;
          scaleIds = p.scaleIds;
        }
        const a = await repo.insert(tx, {
          userId: actor.userId,
          kind: target.kind,
          scaleId: target.scaleId ?? null,
          planId: target.planId ?? null,
          activityId: body.activityId ?? null,
          title,
          consentText,
          expertId: await assignExpert(tx, actor.userId, authorId),
          requiresApproval,
          priceFen,
          startedAt: now,
        });
        for (const [position, scaleId] of scaleIds.entries()) {
          const v = await scales.publishedVersion(tx, scaleId);
          if (!v) throw new AppError('CONFLICT', '方案中的量表已下线，暂时无法测评');
          await repo.insertPart(tx, { assessmentId: a.id, position, scaleId, scaleVersionId: v.v.id });
        }
        return a.id;
      });
      return state(await own(db, actor, id));
    },

    async get(actor: Actor, id: number): Promise<AssessmentState> {
      return state(await own(db, actor, id));
    },

    async consent(actor: Actor, id: number): Promise<AssessmentState> {
      const a = await own(db, actor, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt) await repo.update(db, id, { consentAcceptedAt: clock() });
      return state(await own(db, actor, id));
    },

    /** What the basic-info form of this (own) assessment starts with: last answers and profile. */
    async basicInfoPrefill(actor: Actor, id: number): Promise<BasicInfoPrefill> {
      const a = await own(db, actor, id);
      const [profile, last, { formFields }] = await Promise.all([
        repo.person(db, actor.userId),
        repo.lastBasicInfo(db, actor.userId, a.id),
        plans.takingInfo(db, a.planId, a.activityId),
      ]);
      return prefillBasicInfo({
        profile: profile!,
        last,
        fieldKeys: formFields.map((f) => f.key),
        now: clock(),
      });
    },

    async basicInfo(actor: Actor, id: number, body: BasicInfoBody): Promise<AssessmentState> {
      const a = await own(db, actor, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt) throw new AppError('CONFLICT', '请先阅读并同意知情同意书');
      const { formFields: fields } = await plans.takingInfo(db, a.planId, a.activityId);
      for (const f of fields) {
        const v = body.extra[f.key]?.trim() ?? '';
        if (f.required && !v) throw new AppError('BAD_REQUEST', `请填写${f.label}`);
        if (v && f.type === 'select' && !f.options?.includes(v))
          throw new AppError('BAD_REQUEST', `${f.label}的选项不正确`);
      }
      const extra = Object.fromEntries(
        fields.filter((f) => body.extra[f.key]).map((f) => [f.key, body.extra[f.key]!.trim()]),
      );
      await repo.update(db, id, { basicInfo: { ...body, extra } });
      return state(await own(db, actor, id));
    },

    /** Saves one answer the moment it is given, so a closed tab resumes where it left off. */
    async answer(actor: Actor, id: number, body: { part: number; item: number; position: number | null }) {
      const a = await own(db, actor, id);
      if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
      if (!a.consentAcceptedAt || !a.basicInfo) throw new AppError('CONFLICT', '请先完成知情同意和基本信息');
      const row = (await repo.partsOf(db, id)).find((r) => r.p.position === body.part);
      if (!row) throw new AppError('BAD_REQUEST', '量表序号不正确');
      if (row.p.status !== 'in_progress') throw new AppError('CONFLICT', '该量表已提交');
      const def = definitionOf(row.v);
      const item = def.items.find((i) => i.number === body.item);
      if (!item || !visibleItems(def, genderOf(a)).includes(body.item))
        throw new AppError('BAD_REQUEST', `第${body.item}题不存在`);
      if (body.position !== null && body.position > optionsOf(def, item).length) {
        throw new AppError('BAD_REQUEST', `第${body.item}题的选项超出范围`);
      }
      await repo.saveAnswer(db, row.p.id, body.item, body.position);
      return { saved: true };
    },

    /** Scores one scale once every shown item is answered (the server checks, whatever the client says). */
    async submitPart(actor: Actor, id: number, body: { part: number; durationSeconds?: number | undefined }) {
      await db.transaction(async (tx) => {
        const a = await own(tx, actor, id, { lock: true });
        if (a.status !== 'in_progress') throw new AppError('CONFLICT', '测评已提交');
        const row = (await repo.partsOf(tx, id)).find((r) => r.p.position === body.part);
        if (!row) throw new AppError('BAD_REQUEST', '量表序号不正确');
        if (row.p.status === 'submitted') throw new AppError('CONFLICT', '该量表已提交');
        const def = definitionOf(row.v);
        const shown = new Set(visibleItems(def, genderOf(a)));
        const answers = def.items.map((i) =>
          shown.has(i.number) ? (row.p.answers[String(i.number)] ?? null) : null,
        );
        const missing = def.items.find((i, k) => shown.has(i.number) && answers[k] === null);
        if (missing) throw new AppError('BAD_REQUEST', `第${missing.number}题未作答，请答完所有题目再提交`);
        const result: ScaleScoreResult = scoreAssessment(def, answers, genderOf(a));
        await repo.updatePart(tx, row.p.id, {
          status: 'submitted',
          result,
          durationSeconds: body.durationSeconds ?? null,
          submittedAt: clock(),
        });
        const updated = await repo.partsOf(tx, id);
        if (updated.every((r) => r.p.status === 'submitted')) {
          const userName = a.basicInfo?.name ?? (await repo.person(tx, a.userId))!.name;
          const parts = updated.map(({ p, v }) => ({
            p,
            scaleName: (v.definition as { name: string }).name,
          }));
          await finish(tx, a, parts, userName);
        }
      });
      return state(await own(db, actor, id));
    },

    async result(actor: Actor, id: number): Promise<AssessmentResult> {
      const a = await own(db, actor, id);
      // Read together; a withheld result is refused first, whichever answer comes back first and
      // whatever else reading it met (Promise.all would answer with the first failure to arrive).
      const [shown, read] = await Promise.allSettled([mustShowOwner(a), resultOf(a)]);
      if (shown.status === 'rejected') throw shown.reason;
      if (read.status === 'rejected') throw read.reason;
      return read.value;
    },

    /** 我的测评: a page of the caller's assessments, newest first, with how many are in each status. */
    mine: (actor: Actor, q: MyAssessmentsQuery): Promise<MyAssessmentsPage> =>
      personal.get(actor.userId, `assessments:${q.pageNum}:${q.pageSize}:${q.status ?? ''}`, async () => {
        const own = eq(assessments.userId, actor.userId);
        const counts = repo.statusCounts(db, own);
        const where = and(own, q.status ? eq(assessments.status, q.status) : undefined);
        const known = counts.then((c) => c[q.status ?? 'all']);
        const { rows, total } = await repo.page(db, where, q, known);
        const [hidden, items] = await Promise.all([withheld(rows.map((r) => r.a.id)), present(rows)]);
        return {
          // A withheld result shows in the person's own list without its bands or warning level.
          list: items.map((r) => (hidden.has(r.id) ? { ...r, summary: [], maxWarningLevel: null } : r)),
          total,
          pageNum: q.pageNum,
          pageSize: q.pageSize,
          counts: await counts,
        };
      }),

    // ---- for the reports domain ----

    /** The caller's own assessment (404 otherwise). */
    owned: (tx: DbOrTx, actor: Actor, id: number) => own(tx, actor, id),
    /** An assessment the caller follows up (404 otherwise), locked when asked. */
    followed,
    resultOf,
    /** The parts with their scale versions, read once for a result and its report together. */
    partsOf: (a: AssessmentRow): Promise<PartsOf> => repo.partsOf(db, a.id),

    /**
     * What the full report is made of beyond the result: each part's parsed definition, the
     * chosen positions in item order (null for an item not shown) and its stored result.
     */
    async reportMaterial(a: AssessmentRow, parts?: Promise<PartsOf>) {
      const rows = await (parts ?? repo.partsOf(db, a.id));
      return rows.map(({ p, v }) => {
        const def = definitionOf(v);
        return {
          scaleId: p.scaleId,
          def,
          answers: def.items.map((i) => p.answers[String(i.number)] ?? null),
          result: p.result!,
        };
      });
    },

    /** The person's results of one scale up to this assessment, oldest first (at most 10). */
    async history(a: AssessmentRow, scaleId: number) {
      const rows = await repo.history(db, { userId: a.userId, scaleId, upTo: a.submittedAt! }, 10);
      return rows
        .filter((r) => r.result && r.submittedAt)
        .map((r) => ({ assessmentId: r.assessmentId, submittedAt: r.submittedAt!, result: r.result! }))
        .reverse();
    },

    /** The respondent's fields an item's showIf may test. */
    basicInfoOf: genderOf,

    // ---- experts and auditors ----

    /** The people `expertId` follows up (the 发起转介 form), newest assessment first, at most 50. */
    /**
     * The people `expertId` serves, as the cooperation and transfer pickers show them: the
     * phone masked (138****0001), their last assessment's time in ISO form.
     */
    async peopleOf(expertId: number, keyword?: string): Promise<ServedPerson[]> {
      const rows = await repo.peopleOf(db, expertId, keyword, 50);
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        telephone: maskPhone(p.telephone),
        lastAssessmentAt: p.lastAssessmentAt ? new Date(p.lastAssessmentAt).toISOString() : null,
      }));
    },

    /**
     * Whether `expertId` follows this person up now: their assigned expert, or, for a person
     * without an assignment, the expert of any of their assessments.
     */
    async follows(tx: DbOrTx, expertId: number, userId: number): Promise<boolean> {
      const assigned = await assignedExpertOf(tx, userId);
      if (assigned !== null) return assigned === expertId;
      return repo.followsAny(tx, expertId, userId);
    },

    /**
     * The person's submitted assessments for their record (newest first, at most 200): each
     * scale's score (the standard score where there is one), band, and the highest warning.
     */
    async recordOf(tx: DbOrTx, userId: number) {
      const rows = await repo.recordOf(tx, userId, 200);
      const levels = await warnings.maxLevels(
        tx,
        rows.map((a) => a.id),
      );
      return rows.map((a) => ({
        id: a.id,
        title: a.title,
        submittedAt: a.submittedAt!,
        maxWarningLevel: levels.get(a.id) ?? null,
        parts: a.parts.map((p) => ({
          scaleId: p.scaleId,
          scaleName: p.scaleName,
          shortName: p.shortName,
          score: p.result ? (p.result.standardScore ?? p.result.rawScore) : null,
          scoreLabel: p.result?.standardScore != null ? '标准分' : '总分',
          band: p.result?.band?.label ?? null,
        })),
      }));
    },

    /** How many assessments the person has submitted (what a transfer makes readable). */
    submittedCountOf: (tx: DbOrTx, userId: number) =>
      repo.count(tx, and(eq(assessments.userId, userId), eq(assessments.status, 'submitted'))),

    async list(
      actor: Actor,
      q: ExpertAssessmentsQuery & { pageNum: number; pageSize: number },
    ): Promise<ExpertAssessmentPage> {
      const expertId = followUpScope(actor);
      const filter = and(
        q.userId ? eq(assessments.userId, q.userId) : undefined,
        q.status ? eq(assessments.status, q.status) : undefined,
        q.level ? repo.maxWarningLevelIs(q.level) : undefined,
        q.keyword
          ? repo.nameOrTitleContains(q.keyword, expertId === undefined ? undefined : 'scope')
          : undefined,
      );
      let page: Promise<{ rows: { a: AssessmentRow; userName: string }[]; total: number }>;
      let submitted: Promise<number>;
      // A name search counts up to a bound: a common name matches thousands across a platform.
      let totalCapped: boolean | undefined;
      if (expertId === undefined) {
        // The whole platform's totals are kept by the writes; counting a million rows is not.
        const totals = repo.totals(db);
        const searched = q.keyword ? repo.countUpTo(db, filter, ASSESSMENT_SEARCH_COUNT_MAX) : undefined;
        const known = searched
          ? searched.then((n) => {
              totalCapped = n > ASSESSMENT_SEARCH_COUNT_MAX || undefined;
              return Math.min(n, ASSESSMENT_SEARCH_COUNT_MAX);
            })
          : !q.userId
            ? totals.then((count) => count({ status: q.status, level: q.level }))
            : undefined;
        page = repo.page(db, filter, q, known);
        submitted = totals.then((count) => count({ status: 'submitted' }));
      } else if (q.keyword) {
        // Those I follow up, and the whole history of the people assigned to me now: a search's
        // first matches give its count and, within them, its page.
        const max = ASSESSMENT_SEARCH_COUNT_MAX;
        const mine = { expertId, people: await peopleAssignedTo(db, expertId) };
        page = repo.scopedMatches(db, mine, filter, max).then(async (ids) => {
          const total = Math.min(ids.length, max);
          totalCapped = ids.length > max || undefined;
          const end = q.pageNum * q.pageSize;
          return end <= total || ids.length <= max
            ? { rows: await repo.listed(db, ids.slice(end - q.pageSize, Math.min(end, total))), total }
            : repo.scopedPage(db, mine, filter, q, Promise.resolve(total));
        });
        submitted = repo.scopedCount(db, mine, eq(assessments.status, 'submitted'));
      } else {
        const mine = { expertId, people: await peopleAssignedTo(db, expertId) };
        page = repo.scopedPage(db, mine, filter, q);
        submitted =
          q.status === 'submitted' && !q.userId && !q.level
            ? page.then((p) => p.total)
            : repo.scopedCount(db, mine, eq(assessments.status, 'submitted'));
      }
      const [{ rows, total }, submittedCount] = await Promise.all([page, submitted]);
      return {
        list: await present(rows),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        submittedCount,
        ...(totalCapped ? { totalCapped } : {}),
      };
    },

    /** Result plus every answer as the person gave it, their warnings and the report's state. */
    async detail(
      actor: Actor,
      id: number,
      meta: { ip: string | null } = { ip: null },
    ): Promise<ExpertAssessment> {
      // Every view of an individual's result, and every refusal, is in the audit log.
      const view = (outcome: 'success' | 'failure', targetUserId: number | null) =>
        audit?.record(db, {
          action: 'result_view',
          outcome,
          userId: actor.userId,
          targetUserId,
          ip: meta.ip,
          detail: { assessmentId: id },
        });
      let a: Awaited<ReturnType<typeof followed>>;
      try {
        a = await followed(db, actor, id);
      } catch (err) {
        await view('failure', null);
        throw err;
      }
      await view('success', a.userId);
      const [parts, u, ws, report, { formFields }] = await Promise.all([
        repo.partsOf(db, id),
        repo.person(db, a.userId),
        warnings.ofAssessment(db, id),
        reportPort().summary(a),
        plans.takingInfo(db, a.planId, a.activityId),
      ]);
      const answers = parts.map(({ p, v }) => {
        const def = definitionOf(v);
        const shown = new Set(visibleItems(def, genderOf(a)));
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
      return {
        id: a.id,
        title: a.title,
        status: a.status,
        user: { id: a.userId, name: u!.name, telephone: u!.telephone },
        basicInfo: a.basicInfo,
        // The plan's and activity's own fields, to name `basicInfo.extra` entries in Chinese.
        extraLabels: Object.fromEntries(formFields.map((f) => [f.key, f.label])),
        startedAt: a.startedAt.toISOString(),
        submittedAt: a.submittedAt?.toISOString() ?? null,
        result: a.status === 'submitted' ? await resultOf(a, { professional: true }) : null,
        answers,
        warnings: ws,
        report,
      };
    },
  };
}
export type AssessmentsService = ReturnType<typeof createAssessmentsService>;
