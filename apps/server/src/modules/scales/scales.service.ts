import {
  checkScaleDefinition,
  type ContentStatus,
  type MyScale,
  type Page,
  type ReviewScale,
  type ReviewScalesQuery,
  type ScaleDefinition,
  type ScaleDefinitionInput,
  type ScaleDetail,
  type ScaleDraft,
  type ScaleScoreResult,
  type ScaleSort,
  type ScaleSummary,
} from '@psy/contracts';
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CatalogueCache } from '../../lib/catalogue-cache';
import type { Db, DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/errors';
import { pgError, UNIQUE_VIOLATION } from '../../lib/pg-errors';
import type { ReviewService } from '../review';
import { likeEscape } from '../../lib/sql';
import { scoreAssessment } from './engine';
import { canEditScale, canReviewScale, canSeeDraft, canSetOnline } from './scales.policy';
import { isPublic, scalesRepository as repo, type ScaleListRow, type ScaleRow } from './scales.repository';
import { scales } from './scales.table';

/** Parses stored or submitted rules; a 400 names what is wrong. */
export function parseDefinition(input: unknown): ScaleDefinition {
  const r = checkScaleDefinition(input);
  if (!r.ok) throw new AppError('BAD_REQUEST', r.message);
  return r.def;
}

/** Makes the scale's draft its newest published version (approval, or seeding a built-in). */
export async function publishScaleDraft(tx: DbOrTx, s: ScaleRow): Promise<void> {
  const def = parseDefinition(s.draft);
  const next = await repo.nextVersion(tx, s.id);
  const v = await repo.insertVersion(tx, {
    scaleId: s.id,
    version: next,
    definition: { ...s.draft, version: next },
    itemCount: def.items.length,
  });
  await repo.update(tx, s.id, { publishedVersionId: v.id, status: 'published' });
}

export interface ScaleInput {
  name: string;
  shortName: string;
  intro: string;
  category: string;
  priceFen: number;
  definition: ScaleDefinitionInput;
}

function summary(r: ScaleListRow): ScaleSummary {
  return {
    id: r.s.id,
    code: r.s.code,
    name: r.s.name,
    shortName: r.s.shortName,
    intro: r.s.intro,
    category: r.s.category,
    itemCount: Number(r.itemCount ?? 0),
    estimatedMinutes: Number(r.estimated),
    priceFen: r.s.priceFen,
    builtin: r.s.builtin,
    authorName: r.authorName,
    takenCount: Number(r.takenCount),
  };
}

export function createScalesService({
  db,
  review,
  catalogue,
}: {
  db: Db;
  review: ReviewService;
  catalogue: CatalogueCache;
}) {
  const notMine = () => notFound('量表不存在');

  // Submitting a draft opens a review request; approving publishes it as a new version.
  const workflow = review.createReviewWorkflow<ScaleRow>({
    kind: 'scale',
    async load(tx, id, reviewer) {
      if (!canReviewScale(reviewer)) throw new AppError('FORBIDDEN');
      const s = await repo.byId(tx, id, { lock: true });
      if (!s) throw notFound('量表不存在');
      return s;
    },
    onApprove: (tx, s) => publishScaleDraft(tx, s),
    async onReject(tx, s) {
      await repo.update(tx, s.id, { status: 'rejected' });
    },
    what: (name) => `量表“${name}”`,
    links: {
      submitter: (id) => `/expert/paper/detail?id=${id}`,
      reviewer: (id) => `/audit/test/detail?id=${id}`,
    },
    messages: {
      reasonRequired: '请填写驳回原因',
      notPending: '该量表不在待审核状态',
      alreadyPending: '量表已在审核中',
    },
  });

  /** The reason of the newest rejection, while the scale is rejected. */
  const rejectReason = (s: ScaleRow, last: { status: string; reason: string | null } | undefined) =>
    s.status === 'rejected' && last?.status === 'rejected' ? last.reason : null;

  async function own(actor: Actor, id: number, opts: { lock?: boolean; tx?: DbOrTx } = {}) {
    const s = await repo.byId(opts.tx ?? db, id, opts);
    if (!s || !canEditScale(actor, s)) throw notMine();
    return s;
  }

  return {
    publishedVersion: (tx: DbOrTx, scaleId: number) => repo.publishedVersion(tx, scaleId),
    /** Definitions of scale versions by id (assessment lists name each part's scale). */
    versions: (tx: DbOrTx, ids: number[]) => repo.versions(tx, ids),

    async catalog(q: {
      pageNum: number;
      pageSize: number;
      keyword?: string | undefined;
      category?: string | undefined;
      price?: 'free' | 'paid' | undefined;
      sort?: ScaleSort | undefined;
    }): Promise<Page<ScaleSummary>> {
      return catalogue.get('scales', JSON.stringify(q), async () => {
        const f: SQL[] = [isPublic];
        if (q.keyword) {
          const k = `%${likeEscape(q.keyword)}%`;
          f.push(
            or(
              ilike(scales.name, k),
              ilike(scales.shortName, k),
              ilike(scales.intro, k),
              ilike(scales.code, k),
            )!,
          );
        }
        if (q.category) f.push(eq(scales.category, q.category));
        if (q.price === 'free') f.push(eq(scales.priceFen, 0));
        if (q.price === 'paid') f.push(sql`${scales.priceFen} > 0`);
        const where = and(...f);
        const [rows, total] = await Promise.all([
          repo.list(db, where, q.sort ?? 'catalogue', q),
          repo.count(db, where),
        ]);
        return { list: rows.map(summary), total, pageNum: q.pageNum, pageSize: q.pageSize };
      });
    },

    categories: () => repo.categories(db),

    /**
     * A public scale's page. Held in memory with the list (topic `scales`: the scale, its
     * versions and its submitted parts notify it), as its taken count reads every submitted part
     * of the scale (28 ms at a million assessments); an unknown id is never held.
     */
    detail(id: number): Promise<ScaleDetail> {
      return catalogue.get('scales', `detail:${id}`, async () => {
        const [row] = await repo.list(db, and(eq(scales.id, id), isPublic), 'catalogue');
        if (!row) throw notFound('量表不存在或未发布');
        const def = (await repo.publishedVersion(db, id))!.v.definition;
        return {
          ...summary(row),
          instructions: def.instructions,
          timeframe: def.timeframe,
          source: def.source ?? null,
        };
      });
    },

    /**
     * The live preview of the scale editor: the published rules of `scaleCode`, or for its
     * author (and reviewers) the draft being edited.
     */
    async preview(
      actor: Actor,
      body: {
        scaleCode: string;
        answers: (number | null)[];
        basicInfo?: { gender?: 'male' | 'female' | undefined } | undefined;
      },
    ): Promise<ScaleScoreResult> {
      const s = await repo.byCode(db, body.scaleCode.toUpperCase());
      if (!s) throw notFound('量表不存在');
      let def: ScaleDefinition;
      if (canSeeDraft(actor, s)) def = parseDefinition(s.draft);
      else {
        const v = await repo.publishedVersion(db, s.id);
        if (!v) throw notFound('量表不存在');
        def = parseDefinition(v.v.definition);
      }
      return scoreAssessment(def, body.answers, body.basicInfo);
    },

    // ---- authoring (experts) ----

    async mine(actor: Actor): Promise<MyScale[]> {
      const rows = await repo.list(db, eq(scales.authorId, actor.userId), 'recent');
      const last = await workflow.latestOf(
        db,
        rows.map((r) => r.s.id),
      );
      return rows.map((r) => ({
        ...summary(r),
        status: r.s.status as ContentStatus,
        rejectReason: rejectReason(r.s, last.get(r.s.id)),
        published: r.s.publishedVersionId !== null,
      }));
    },

    /** Published scales of other experts and the built-ins, to use in plans. */
    async others(actor: Actor): Promise<ScaleSummary[]> {
      const rows = await repo.list(
        db,
        and(isPublic, or(sql`${scales.authorId} is null`, ne(scales.authorId, actor.userId))),
        'catalogue',
      );
      return rows.map(summary);
    },

    async draftOf(actor: Actor, id: number): Promise<ScaleDraft> {
      const s = await repo.byId(db, id);
      if (!s || !canSeeDraft(actor, s)) throw notMine();
      return {
        id: s.id,
        code: s.code,
        name: s.name,
        shortName: s.shortName,
        intro: s.intro,
        category: s.category,
        priceFen: s.priceFen,
        status: s.status,
        rejectReason: rejectReason(s, await workflow.latest(db, s.id)),
        published: s.publishedVersionId !== null,
        definition: s.draft,
      };
    },

    async create(actor: Actor, input: ScaleInput): Promise<{ id: number }> {
      const def = parseDefinition(input.definition);
      try {
        const s = await repo.insert(db, {
          code: def.code,
          name: input.name,
          shortName: input.shortName,
          intro: input.intro,
          category: input.category,
          priceFen: input.priceFen,
          authorId: actor.userId,
          status: 'draft',
          draft: input.definition,
        });
        return { id: s.id };
      } catch (err) {
        if (pgError(err).code === UNIQUE_VIOLATION)
          throw new AppError('CONFLICT', `量表编码 ${def.code} 已被使用`);
        throw err;
      }
    },

    /** Edits the draft; a published scale stays public with its current version meanwhile. */
    async update(actor: Actor, id: number, input: ScaleInput): Promise<{ id: number }> {
      const s = await own(actor, id);
      if (s.status === 'pending_review') throw new AppError('CONFLICT', '审核中的量表不能修改');
      const def = parseDefinition(input.definition);
      if (def.code !== s.code) throw new AppError('BAD_REQUEST', '量表编码不能修改');
      await repo.update(db, id, {
        name: input.name,
        shortName: input.shortName,
        intro: input.intro,
        category: input.category,
        priceFen: input.priceFen,
        draft: input.definition,
        status: s.publishedVersionId ? 'published' : 'draft',
      });
      return { id };
    },

    async submit(actor: Actor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const s = await own(actor, id, { lock: true, tx });
        if (s.status === 'pending_review') throw new AppError('CONFLICT', '量表已在审核中');
        parseDefinition(s.draft);
        await repo.update(tx, id, { status: 'pending_review' });
        await workflow.submit(tx, {
          itemId: id,
          version: await repo.nextVersion(tx, id),
          title: s.name,
          submittedBy: actor.userId,
        });
      });
    },

    // ---- review (auditors) ----

    async reviewQueue(
      q: ReviewScalesQuery & { pageNum: number; pageSize: number },
    ): Promise<Page<ReviewScale>> {
      const where = q.status ? eq(scales.status, q.status) : sql`${scales.authorId} is not null`;
      const [rows, total] = await Promise.all([repo.list(db, where, 'submitted', q), repo.count(db, where)]);
      const last = await workflow.latestOf(
        db,
        rows.map((r) => r.s.id),
      );
      return {
        list: rows.map((r) => ({
          ...summary(r),
          status: r.s.status as ContentStatus,
          rejectReason: rejectReason(r.s, last.get(r.s.id)),
          submittedAt: last.get(r.s.id)?.submittedAt.toISOString() ?? null,
        })),
        total,
        pageNum: q.pageNum,
        pageSize: q.pageSize,
      };
    },

    review: (reviewer: Actor, id: number, decision: { approve: boolean; reason?: string | undefined }) =>
      workflow.decide(reviewer, id, decision),

    /** An admin may take any scale, built-ins included, off the public list, and back. */
    async setOnline(actor: Actor, id: number, online: boolean): Promise<void> {
      if (!canSetOnline(actor)) throw new AppError('FORBIDDEN');
      const s = await repo.byId(db, id);
      if (!s) throw notFound('量表不存在');
      if (online && !s.publishedVersionId) throw new AppError('CONFLICT', '量表尚无已发布的版本');
      await repo.update(db, id, { status: online ? 'published' : 'offline' });
    },
  };
}
export type ScalesService = ReturnType<typeof createScalesService>;
