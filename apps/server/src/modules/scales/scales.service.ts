import {
  scaleDefinition,
  type ContentStatus,
  type Page,
  type ScaleDefinition,
  type ScaleDefinitionInput,
  type ScaleDetail,
  type ScaleScoreResult,
  type ScaleSummary,
} from '@psy/contracts';
import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { likeEscape } from '../users/users.service';
import { users } from '../users/users.table';
import { scoreAssessment } from './engine';
import { scales, scaleVersions } from './scales.table';

type ScaleRow = typeof scales.$inferSelect;

/** Parses stored or submitted rules; a 400 names what is wrong. */
export function parseDefinition(input: unknown): ScaleDefinition {
  const r = scaleDefinition.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const where = issue.path.length ? `（${issue.path.join('.')}）` : '';
    throw new AppError('BAD_REQUEST', `量表规则有误${where}：${issue.message}`);
  }
  return r.data;
}

/** Public: it has a published version and is not taken offline. */
export const isPublic = and(isNotNull(scales.publishedVersionId), ne(scales.status, 'offline'));

export function createScalesService({ db, clock, events }: { db: Db; clock: Clock; events: EventBus }) {
  const takenCount = sql<number>`(select count(*)::int from assessment_parts p where p.scale_id = ${scales.id} and p.status = 'submitted')`;
  const itemCount = sql<number>`(select v.item_count from ${scaleVersions} v where v.id = ${scales.publishedVersionId})`;
  const estimated = sql<number>`coalesce(((select v.definition from ${scaleVersions} v where v.id = ${scales.publishedVersionId})->>'estimatedMinutes')::int, 5)`;

  function summary(r: {
    s: ScaleRow;
    authorName: string | null;
    takenCount: number;
    itemCount: number | null;
    estimated: number;
  }): ScaleSummary {
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

  const select = () =>
    db
      .select({ s: scales, authorName: users.name, takenCount, itemCount, estimated })
      .from(scales)
      .leftJoin(users, eq(users.id, scales.authorId));

  async function publishedVersion(tx: DbOrTx, scaleId: number) {
    const [row] = await tx
      .select({ v: scaleVersions, s: scales })
      .from(scales)
      .innerJoin(scaleVersions, eq(scaleVersions.id, scales.publishedVersionId))
      .where(and(eq(scales.id, scaleId), isPublic));
    return row;
  }

  /** Makes the scale's draft its newest published version (approval, or seeding a built-in). */
  async function publishDraft(tx: DbOrTx, s: ScaleRow, reviewerId: number | null): Promise<void> {
    const def = parseDefinition(s.draft);
    const [{ next }] = (await tx
      .select({ next: sql<number>`coalesce(max(${scaleVersions.version}), 0) + 1` })
      .from(scaleVersions)
      .where(eq(scaleVersions.scaleId, s.id))) as [{ next: number }];
    const [v] = await tx
      .insert(scaleVersions)
      .values({
        scaleId: s.id,
        version: Number(next),
        definition: { ...s.draft, version: Number(next) },
        itemCount: def.items.length,
      })
      .returning();
    await tx
      .update(scales)
      .set({
        publishedVersionId: v!.id,
        status: 'published',
        reviewedBy: reviewerId,
        reviewedAt: clock(),
        rejectReason: null,
      })
      .where(eq(scales.id, s.id));
  }

  return {
    publishedVersion,
    publishDraft,

    async catalog(q: {
      pageNum: number;
      pageSize: number;
      keyword?: string | undefined;
      category?: string | undefined;
      price?: 'free' | 'paid' | undefined;
    }): Promise<Page<ScaleSummary>> {
      const f: SQL[] = [isPublic!];
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
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(desc(scales.builtin), asc(scales.id))
          .limit(q.pageSize)
          .offset((q.pageNum - 1) * q.pageSize),
        db.select({ n: count() }).from(scales).where(where),
      ]);
      return { list: rows.map(summary), total: total?.n ?? 0, pageNum: q.pageNum, pageSize: q.pageSize };
    },

    async categories(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ c: scales.category })
        .from(scales)
        .where(isPublic)
        .orderBy(asc(scales.category));
      return rows.map((r) => r.c);
    },

    async detail(id: number): Promise<ScaleDetail> {
      const [row] = await select().where(and(eq(scales.id, id), isPublic));
      if (!row) throw notFound('量表不存在或未发布');
      const v = (await publishedVersion(db, id))!;
      const def = v.v.definition;
      return {
        ...summary(row),
        instructions: def.instructions,
        timeframe: def.timeframe,
        source: def.source ?? null,
      };
    },

    /**
     * The live preview of the scale editor: the published rules of `scaleCode`, or for its
     * author (and reviewers) the draft being edited.
     */
    async preview(
      actor: { userId: number; role: string },
      body: {
        scaleCode: string;
        answers: (number | null)[];
        basicInfo?: { gender?: 'male' | 'female' | undefined } | undefined;
      },
    ): Promise<ScaleScoreResult> {
      const [s] = await db.select().from(scales).where(eq(scales.code, body.scaleCode.toUpperCase()));
      if (!s) throw notFound('量表不存在');
      const mayDraft = s.authorId === actor.userId || actor.role === 'auditor' || actor.role === 'admin';
      let def: ScaleDefinition;
      if (mayDraft) def = parseDefinition(s.draft);
      else {
        const v = await publishedVersion(db, s.id);
        if (!v) throw notFound('量表不存在');
        def = parseDefinition(v.v.definition);
      }
      return scoreAssessment(def, body.answers, body.basicInfo);
    },

    // ---- authoring (experts) ----

    async mine(authorId: number) {
      const rows = await select().where(eq(scales.authorId, authorId)).orderBy(desc(scales.updatedAt));
      return rows.map((r) => ({
        ...summary(r),
        status: r.s.status as ContentStatus,
        rejectReason: r.s.rejectReason,
        published: r.s.publishedVersionId !== null,
      }));
    },

    /** Published scales of other experts and the built-ins, to use in plans. */
    async others(authorId: number) {
      const rows = await select()
        .where(and(isPublic, or(sql`${scales.authorId} is null`, ne(scales.authorId, authorId))))
        .orderBy(desc(scales.builtin), asc(scales.id));
      return rows.map(summary);
    },

    async draftOf(actor: { userId: number; role: string }, id: number) {
      const [s] = await db.select().from(scales).where(eq(scales.id, id));
      const reviewer = actor.role === 'auditor' || actor.role === 'admin';
      if (!s || (s.authorId !== actor.userId && !reviewer)) throw notFound('量表不存在');
      return s;
    },

    async create(
      authorId: number,
      input: {
        name: string;
        shortName: string;
        intro: string;
        category: string;
        priceFen: number;
        definition: ScaleDefinitionInput;
      },
    ) {
      const def = parseDefinition(input.definition);
      try {
        const [s] = await db
          .insert(scales)
          .values({
            code: def.code,
            name: input.name,
            shortName: input.shortName,
            intro: input.intro,
            category: input.category,
            priceFen: input.priceFen,
            authorId,
            status: 'draft',
            draft: input.definition,
          })
          .returning();
        return s!;
      } catch (err) {
        if (
          (err as { cause?: { code?: string } }).cause?.code === '23505' ||
          (err as { code?: string }).code === '23505'
        ) {
          throw new AppError('CONFLICT', `量表编码 ${def.code} 已被使用`);
        }
        throw err;
      }
    },

    /** Edits the draft; a published scale stays public with its current version meanwhile. */
    async update(
      authorId: number,
      id: number,
      input: {
        name: string;
        shortName: string;
        intro: string;
        category: string;
        priceFen: number;
        definition: ScaleDefinitionInput;
      },
    ) {
      const [s] = await db
        .select()
        .from(scales)
        .where(and(eq(scales.id, id), eq(scales.authorId, authorId)));
      if (!s) throw notFound('量表不存在');
      if (s.status === 'pending_review') throw new AppError('CONFLICT', '审核中的量表不能修改');
      const def = parseDefinition(input.definition);
      if (def.code !== s.code) throw new AppError('BAD_REQUEST', '量表编码不能修改');
      const [u] = await db
        .update(scales)
        .set({
          name: input.name,
          shortName: input.shortName,
          intro: input.intro,
          category: input.category,
          priceFen: input.priceFen,
          draft: input.definition,
          status: s.publishedVersionId ? 'published' : 'draft',
        })
        .where(eq(scales.id, id))
        .returning();
      return u!;
    },

    async submit(authorId: number, id: number) {
      const [s] = await db
        .select()
        .from(scales)
        .where(and(eq(scales.id, id), eq(scales.authorId, authorId)));
      if (!s) throw notFound('量表不存在');
      if (s.status === 'pending_review') throw new AppError('CONFLICT', '量表已在审核中');
      parseDefinition(s.draft);
      await db
        .update(scales)
        .set({ status: 'pending_review', submittedAt: clock(), rejectReason: null })
        .where(eq(scales.id, id));
    },

    // ---- review (auditors) ----

    async reviewQueue(status: ContentStatus | undefined) {
      const rows = await select()
        .where(status ? eq(scales.status, status) : sql`${scales.authorId} is not null`)
        .orderBy(desc(scales.submittedAt), desc(scales.id));
      return rows.map((r) => ({
        ...summary(r),
        status: r.s.status as ContentStatus,
        rejectReason: r.s.rejectReason,
        submittedAt: r.s.submittedAt?.toISOString() ?? null,
      }));
    },

    async review(
      reviewerId: number,
      id: number,
      decision: { approve: boolean; reason?: string | undefined },
    ) {
      await db.transaction(async (tx) => {
        const [s] = await tx.select().from(scales).where(eq(scales.id, id)).for('update');
        if (!s) throw notFound('量表不存在');
        if (s.status !== 'pending_review') throw new AppError('CONFLICT', '该量表不在待审核状态');
        if (decision.approve) await publishDraft(tx, s, reviewerId);
        else {
          if (!decision.reason) throw new AppError('BAD_REQUEST', '请填写驳回原因');
          await tx
            .update(scales)
            .set({
              status: 'rejected',
              rejectReason: decision.reason,
              reviewedBy: reviewerId,
              reviewedAt: clock(),
            })
            .where(eq(scales.id, id));
        }
        if (s.authorId)
          await events.emit(tx, 'review.decided', {
            userId: s.authorId,
            what: `量表“${s.name}”`,
            approved: decision.approve,
            reason: decision.reason ?? null,
            link: `/expert/paper/detail?id=${id}`,
          });
      });
    },

    /** An admin may take any scale, built-ins included, off the public list, and back. */
    async setOnline(id: number, online: boolean) {
      const [s] = await db.select().from(scales).where(eq(scales.id, id));
      if (!s) throw notFound('量表不存在');
      if (online && !s.publishedVersionId) throw new AppError('CONFLICT', '量表尚无已发布的版本');
      await db
        .update(scales)
        .set({ status: online ? 'published' : 'offline' })
        .where(eq(scales.id, id));
    },
  };
}
export type ScalesService = ReturnType<typeof createScalesService>;
