import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from './settings.table';

export const settingsRepository = {
  async get(db: DbOrTx, key: string): Promise<string | undefined> {
    const [row] = await db.select().from(settings).where(eq(settings.key, key));
    return row?.value;
  },
  /** Writes the value unless the key already has one. */
  async insertIfMissing(db: DbOrTx, key: string, value: string): Promise<void> {
    await db.insert(settings).values({ key, value }).onConflictDoNothing();
  },
  /** Writes the value, replacing any earlier one. */
  async put(db: DbOrTx, key: string, value: string): Promise<void> {
    await db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  },
};
