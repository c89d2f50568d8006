import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { institutions } from '../institutions/institutions.table';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type UserWithInstitution = UserRow & { institutionName: string | null };

export const usersRepository = {
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

  async update(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
    await db.update(users).set(values).where(eq(users.id, id));
  },
};
