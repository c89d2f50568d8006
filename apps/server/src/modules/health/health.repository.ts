import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export const healthRepository = {
  /** Throws when the database does not answer. */
  async ping(db: DbOrTx): Promise<void> {
    await db.execute(sql`select 1`);
  },
};
