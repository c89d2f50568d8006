import { and, desc, eq, ilike, inArray, like, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeEscape } from '../../lib/sql';
import { institutions } from '../institutions';
import { users } from './users.table';
import { keptTotal } from '../../db/row-counts';
import { countFrom, knownCount, pageWhere, rowByIdRead } from '../../db/rows';

export type UserRow = typeof users.$inferSelect;
export type UserWithInstitution = UserRow & { institutionName: string | null };
export type Role = UserRow['role'];

/** Who may be listed: everyone, or the ordinary users of one institution. */
export type UserListFilter = { institutionId?: number; role?: Role; keyword?: string };

function listWhere(f: UserListFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (f.role) filters.push(eq(users.role, f.role));
  if (f.institutionId !== undefined) filters.push(eq(users.institutionId, f.institutionId));
  if (f.keyword) {
    const k = likeEscape(f.keyword);
    // Telephones are digits (PHONE_PATTERN on every way in): a keyword with anything else can
    // match no telephone's start, and leaving that side out lets the name's index answer alone.
    filters.push(
      /^\d+$/.test(f.keyword)
        ? // Digits have no case: `like` lets the prefix index (varchar_pattern_ops) answer.
          or(ilike(users.name, `%${k}%`), like(users.telephone, `${k}%`))!
        : ilike(users.name, `%${k}%`),
    );
  }
  return filters.length ? and(...filters) : undefined;
}

/**
 * For other domains' checks: the account's name, role and status (whether it may be chatted
 * with, invited, sent a transfer), or undefined when there is none.
 */
export async function accountRefOf(tx: DbOrTx, id: number) {
  const [u] = await tx
    .select({ id: users.id, name: users.name, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return u;
}

/**
 * How many accounts have `f`'s role and institution, from the counts the writes keep (row_counts
 * by `role/institution`, migration 0037): 用户管理 without counting every account per page.
 */
const accountsTotal = (db: DbOrTx, f: Omit<UserListFilter, 'keyword'>): Promise<number> =>
  keptTotal(
    db,
    'users',
    ([role, institution]) =>
      (!f.role || role === f.role) &&
      (f.institutionId === undefined || institution === String(f.institutionId)),
  );

const byIdRead = rowByIdRead(users);

export const usersRepository = {
  async byId(db: DbOrTx, id: number): Promise<UserRow | undefined> {
    return byIdRead(db, id);
  },

  async byPhone(db: DbOrTx, telephone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.telephone, telephone));
    return row;
  },

  async withInstitution(db: DbOrTx, id: number): Promise<UserWithInstitution | undefined> {
    const [row] = await db
      .select({ user: users, institutionName: institutions.name })
      .from(users)
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .where(eq(users.id, id));
    return row ? { ...row.user, institutionName: row.institutionName } : undefined;
  },

  async create(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
    const [row] = await db
      .insert(users)
      .values(values)
      .onConflictDoNothing({ target: users.telephone })
      .returning();
    // A concurrent first login for the same phone created it a moment ago: use that one.
    return row ?? (await usersRepository.byPhone(db, values.telephone))!;
  },

  /** The ids of the accounts of these phones (chunked: a roster may hold thousands). */
  async idsByPhones(db: DbOrTx, phones: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (let i = 0; i < phones.length; i += 500) {
      const rows = await db
        .select({ id: users.id, telephone: users.telephone })
        .from(users)
        .where(inArray(users.telephone, phones.slice(i, i + 500)));
      for (const r of rows) out.set(r.telephone, r.id);
    }
    return out;
  },

  /** Inserts accounts, skipping phones taken meanwhile; answers how many it inserted. */
  async createMany(db: DbOrTx, values: (typeof users.$inferInsert)[]): Promise<number> {
    let n = 0;
    for (let i = 0; i < values.length; i += 500) {
      const rows = await db
        .insert(users)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing({ target: users.telephone })
        .returning({ id: users.id });
      n += rows.length;
    }
    return n;
  },

  async update(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await db.update(users).set(values).where(eq(users.id, id));
  },

  /** Newest accounts first, with their institution's name. */
  async list(db: DbOrTx, f: UserListFilter, page: { pageNum: number; pageSize: number }) {
    const where = listWhere(f);
    return pageWhere(
      page,
      where,
      [desc(users.createdAt), desc(users.id)],
      db
        .select({ user: users, institution: institutions.name })
        .from(users)
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .$dynamic(),
      f.keyword ? countFrom(db, users) : knownCount(accountsTotal(db, f)),
    );
  },

  /** Every account, or those of one role (kept counts). */
  count: (db: DbOrTx, role?: Role): Promise<number> => accountsTotal(db, { role }),
};
