import type { ScaleDefinitionInput } from '@psy/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowCounts } from '../../db/row-counts.table';
import { rowsById } from '../../db/rows';
import { users } from '../users';
import { scales, scaleVersions } from './scales.table';

export type ScaleRow = typeof scales.$inferSelect;

/** Public: it has a published version and is not taken offline. */
export const isPublic = and(isNotNull(scales.publishedVersionId), ne(scales.status, 'offline'))!;

/** People who took the scale: its submitted parts, counted by their triggers (migration 0045). */
const takenCount = sql<number>`coalesce((select c.n from ${rowCounts} c where c.table_name = 'scale_takers' and c.key = ${scales.id}::text), 0)::int`;
const itemCount = sql<number>`(select v.item_count from ${scaleVersions} v where v.id = ${scales.publishedVersionId})`;
const estimated = sql<number>`coalesce(((select v.definition from ${scaleVersions} v where v.id = ${scales.publishedVersionId})->>'estimatedMinutes')::int, 5)`;
/** When the scale was last submitted for review (review_requests, kind 'scale'). */
const lastSubmitted = sql`(select max(r.submitted_at) from review_requests r where r.kind = 'scale' and r.item_id = ${scales.id})`;

export interface ScaleListRow {
  s: ScaleRow;
  authorName: string | null;
  takenCount: number;
  itemCount: number | null;
  estimated: number;
}

export type ScaleOrder = 'catalogue' | 'popular' | 'recent' | 'submitted';
const orders: Record<ScaleOrder, SQL[]> = {
  catalogue: [desc(scales.builtin), asc(scales.id)],
  popular: [sql`${takenCount} desc`, desc(scales.builtin), asc(scales.id)],
  recent: [desc(scales.updatedAt)],
  submitted: [sql`${lastSubmitted} desc nulls last`, desc(scales.id)],
};

/** Queries of scales and their versions only. */
export const scalesRepository = {
  ...rowsById(scales),

  isPublic,

  /** Scales with what the lists show (author, counts), filtered, ordered, optionally paged. */
  async list(
    tx: DbOrTx,
    where: SQL | undefined,
    order: ScaleOrder,
    paging?: { pageNum: number; pageSize: number },
  ): Promise<ScaleListRow[]> {
    const q = tx
      .select({ s: scales, authorName: users.name, takenCount, itemCount, estimated })
      .from(scales)
      .leftJoin(users, eq(users.id, scales.authorId))
      .where(where)
      .orderBy(...orders[order])
      .$dynamic();
    if (paging) q.limit(paging.pageSize).offset((paging.pageNum - 1) * paging.pageSize);
    return q;
  },

  async count(tx: DbOrTx, where: SQL | undefined): Promise<number> {
    const [r] = await tx.select({ n: count() }).from(scales).where(where);
    return Number(r?.n ?? 0);
  },

  async byCode(tx: DbOrTx, code: string): Promise<ScaleRow | undefined> {
    const [s] = await tx.select().from(scales).where(eq(scales.code, code));
    return s;
  },

  async publishedVersion(tx: DbOrTx, scaleId: number) {
    const [row] = await tx
      .select({ v: scaleVersions, s: scales })
      .from(scales)
      .innerJoin(scaleVersions, eq(scaleVersions.id, scales.publishedVersionId))
      .where(and(eq(scales.id, scaleId), isPublic));
    return row;
  },

  async nextVersion(tx: DbOrTx, scaleId: number): Promise<number> {
    const [r] = await tx
      .select({ next: sql<number>`coalesce(max(${scaleVersions.version}), 0) + 1` })
      .from(scaleVersions)
      .where(eq(scaleVersions.scaleId, scaleId));
    return Number(r?.next ?? 1);
  },

  async insertVersion(
    tx: DbOrTx,
    v: { scaleId: number; version: number; definition: ScaleDefinitionInput; itemCount: number },
  ) {
    const [row] = await tx.insert(scaleVersions).values(v).returning();
    return row!;
  },

  async versions(tx: DbOrTx, ids: number[]) {
    if (!ids.length) return [];
    return tx
      .select({ id: scaleVersions.id, definition: scaleVersions.definition })
      .from(scaleVersions)
      .where(inArray(scaleVersions.id, ids));
  },

  async update(tx: DbOrTx, id: number, set: Partial<typeof scales.$inferInsert>): Promise<ScaleRow> {
    const [s] = await tx.update(scales).set(set).where(eq(scales.id, id)).returning();
    return s!;
  },

  async categories(tx: DbOrTx): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ c: scales.category })
      .from(scales)
      .where(isPublic)
      .orderBy(asc(scales.category));
    return rows.map((r) => r.c);
  },
};
