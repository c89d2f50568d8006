import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pageWithTotal } from '../../db/rows';
import { likeEscape } from '../../lib/sql';
import { institutions } from '../institutions';
import { users } from '../users';
import { orgMembers, orgUnits, orgUnitStaff } from './org.table';

export type OrgUnitRow = typeof orgUnits.$inferSelect;
export type OrgMemberRow = typeof orgMembers.$inferSelect;
export type OrgMemberValues = typeof orgMembers.$inferInsert;

const CHUNK = 500;
function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

export const orgRepository = {
  async institutionExists(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db.select({ id: institutions.id }).from(institutions).where(eq(institutions.id, id));
    return !!row;
  },

  /** The institution an account belongs to (its staff manage that institution's units). */
  async institutionOfAccount(db: DbOrTx, userId: number): Promise<number | null> {
    const [row] = await db
      .select({ institutionId: users.institutionId })
      .from(users)
      .where(eq(users.id, userId));
    return row?.institutionId ?? null;
  },

  /** An institution's whole tree, with each unit's own member count, in display order. */
  unitsOf(db: DbOrTx, institutionIds: number[]) {
    if (institutionIds.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: orgUnits.id,
        institutionId: orgUnits.institutionId,
        parentId: orgUnits.parentId,
        name: orgUnits.name,
        kind: orgUnits.kind,
        sort: orgUnits.sort,
        memberCount: sql<number>`(select count(*) from ${orgMembers} where ${orgMembers.unitId} = ${orgUnits.id})::int`,
      })
      .from(orgUnits)
      .where(inArray(orgUnits.institutionId, institutionIds))
      .orderBy(asc(orgUnits.sort), asc(orgUnits.name), asc(orgUnits.id));
  },

  async unitById(db: DbOrTx, id: number, lock = false): Promise<OrgUnitRow | undefined> {
    const q = db.select().from(orgUnits).where(eq(orgUnits.id, id));
    const [row] = lock ? await q.for('update') : await q;
    return row;
  },

  async insertUnit(db: DbOrTx, values: typeof orgUnits.$inferInsert): Promise<OrgUnitRow> {
    const [row] = await db.insert(orgUnits).values(values).returning();
    return row!;
  },

  async updateUnit(db: DbOrTx, id: number, values: Partial<typeof orgUnits.$inferInsert>): Promise<void> {
    await db.update(orgUnits).set(values).where(eq(orgUnits.id, id));
  },

  async deleteUnit(db: DbOrTx, id: number): Promise<void> {
    await db.delete(orgUnits).where(eq(orgUnits.id, id));
  },

  async unitContents(db: DbOrTx, id: number): Promise<{ children: number; members: number }> {
    const [[c], [m]] = await Promise.all([
      db.select({ n: count() }).from(orgUnits).where(eq(orgUnits.parentId, id)),
      db.select({ n: count() }).from(orgMembers).where(eq(orgMembers.unitId, id)),
    ]);
    return { children: Number(c?.n ?? 0), members: Number(m?.n ?? 0) };
  },

  /** A page of members in `unitIds` (or the whole institution), by name, phone or number. */
  members(
    db: DbOrTx,
    f: { institutionIds: number[]; unitIds?: number[]; keyword?: string },
    page: { pageNum: number; pageSize: number },
  ) {
    const conds: SQL[] = [inArray(orgMembers.institutionId, f.institutionIds)];
    if (f.unitIds) conds.push(inArray(orgMembers.unitId, f.unitIds.length ? f.unitIds : [0]));
    if (f.keyword) {
      const like = `%${likeEscape(f.keyword)}%`;
      conds.push(
        or(
          ilike(orgMembers.name, like),
          ilike(orgMembers.telephone, like),
          ilike(orgMembers.memberNo, like),
        )!,
      );
    }
    const where = and(...conds);
    return pageWithTotal(
      page,
      (limit, offset) =>
        db
          .select()
          .from(orgMembers)
          .where(where)
          .orderBy(asc(orgMembers.unitId), asc(orgMembers.memberNo))
          .limit(limit)
          .offset(offset),
      db.select({ n: count() }).from(orgMembers).where(where),
    );
  },

  async memberById(db: DbOrTx, id: number): Promise<OrgMemberRow | undefined> {
    const [row] = await db.select().from(orgMembers).where(eq(orgMembers.id, id));
    return row;
  },

  /** The institution's members holding any of these numbers or phones (what an import meets). */
  async membersMatching(db: DbOrTx, institutionId: number, memberNos: string[], phones: string[]) {
    const out: Pick<OrgMemberRow, 'id' | 'memberNo' | 'telephone'>[] = [];
    const cols = { id: orgMembers.id, memberNo: orgMembers.memberNo, telephone: orgMembers.telephone };
    for (const part of chunks(memberNos))
      out.push(
        ...(await db
          .select(cols)
          .from(orgMembers)
          .where(and(eq(orgMembers.institutionId, institutionId), inArray(orgMembers.memberNo, part)))),
      );
    for (const part of chunks(phones))
      out.push(
        ...(await db
          .select(cols)
          .from(orgMembers)
          .where(and(eq(orgMembers.institutionId, institutionId), inArray(orgMembers.telephone, part)))),
      );
    return out;
  },

  /** Inserts or updates (by institution and 学号/工号) every member in one statement per chunk. */
  async upsertMembers(db: DbOrTx, rows: OrgMemberValues[]): Promise<void> {
    for (const part of chunks(rows))
      await db
        .insert(orgMembers)
        .values(part)
        .onConflictDoUpdate({
          target: [orgMembers.institutionId, orgMembers.memberNo],
          set: {
            unitId: sql`excluded.unit_id`,
            name: sql`excluded.name`,
            telephone: sql`excluded.telephone`,
            gender: sql`excluded.gender`,
            birthYear: sql`excluded.birth_year`,
            userId: sql`excluded.user_id`,
            updatedAt: sql`now()`,
          },
        });
  },

  // ---- unit staff ----
  staffOf(db: DbOrTx, unitId: number) {
    return db
      .select({
        unitId: orgUnitStaff.unitId,
        userId: users.id,
        name: users.name,
        telephone: users.telephone,
        role: users.role,
      })
      .from(orgUnitStaff)
      .innerJoin(users, eq(users.id, orgUnitStaff.userId))
      .where(eq(orgUnitStaff.unitId, unitId))
      .orderBy(asc(orgUnitStaff.createdAt));
  },

  async addStaff(db: DbOrTx, unitId: number, userId: number): Promise<boolean> {
    const rows = await db.insert(orgUnitStaff).values({ unitId, userId }).onConflictDoNothing().returning();
    return rows.length > 0;
  },

  async removeStaff(db: DbOrTx, unitId: number, userId: number): Promise<boolean> {
    const rows = await db
      .delete(orgUnitStaff)
      .where(and(eq(orgUnitStaff.unitId, unitId), eq(orgUnitStaff.userId, userId)))
      .returning();
    return rows.length > 0;
  },

  /** The units an account was assigned, with their institutions. */
  assignedUnits(db: DbOrTx, userId: number) {
    return db
      .select({ unitId: orgUnits.id, institutionId: orgUnits.institutionId })
      .from(orgUnitStaff)
      .innerJoin(orgUnits, eq(orgUnits.id, orgUnitStaff.unitId))
      .where(eq(orgUnitStaff.userId, userId));
  },
};
