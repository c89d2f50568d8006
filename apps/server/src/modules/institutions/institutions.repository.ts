import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { institutions } from './institutions.table';

export type InstitutionRow = typeof institutions.$inferSelect;

const summary = {
  id: institutions.id,
  name: institutions.name,
  city: institutions.city,
  logo: institutions.logo,
  intro: institutions.intro,
};

export const institutionsRepository = {
  async byId(db: DbOrTx, id: number): Promise<InstitutionRow | undefined> {
    const [row] = await db.select().from(institutions).where(eq(institutions.id, id));
    return row;
  },

  /** Id, name, city, logo and intro, oldest first. */
  summaries(db: DbOrTx, limit?: number) {
    const q = db.select(summary).from(institutions).orderBy(asc(institutions.id));
    return limit === undefined ? q : q.limit(limit);
  },

  async count(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(institutions);
    return row?.n ?? 0;
  },
};
