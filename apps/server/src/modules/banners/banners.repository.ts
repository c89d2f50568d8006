import { asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { banners } from './banners.table';

export type BannerRow = typeof banners.$inferSelect;
export type BannerValues = typeof banners.$inferInsert;

const order = [asc(banners.position), asc(banners.id)];

export const bannersRepository = {
  list: (db: DbOrTx, onlyEnabled: boolean) =>
    db
      .select()
      .from(banners)
      .where(onlyEnabled ? eq(banners.enabled, true) : undefined)
      .orderBy(...order),

  async count(db: DbOrTx): Promise<number> {
    const [row] = await db.select({ n: count() }).from(banners);
    return row?.n ?? 0;
  },

  async insert(tx: DbOrTx, values: BannerValues): Promise<BannerRow> {
    const [row] = await tx.insert(banners).values(values).returning();
    return row!;
  },

  async update(tx: DbOrTx, id: number, values: Partial<BannerValues>): Promise<BannerRow | undefined> {
    const [row] = await tx.update(banners).set(values).where(eq(banners.id, id)).returning();
    return row;
  },

  async remove(tx: DbOrTx, id: number): Promise<boolean> {
    const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
    return rows.length > 0;
  },
};
