import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../modules/users/users.table';
import type { DbOrTx } from '../client';

/** Account ids by telephone, of those of `phones` that exist (seeds name people by phone). */
export async function userIdsByPhone(db: DbOrTx, phones: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: users.id, telephone: users.telephone })
    .from(users)
    .where(inArray(users.telephone, phones));
  return new Map(rows.map((r) => [r.telephone, r.id]));
}

/**
 * Which of `keys` the text `column` of `table` holds already: seeds key their rows by a
 * natural key (a title, a phone) and add only the missing ones, so a second run adds nothing.
 */
export async function existingKeys(
  db: DbOrTx,
  table: PgTable,
  column: PgColumn,
  keys: string[],
): Promise<Set<string>> {
  const rows = await db.select({ key: column }).from(table).where(inArray(column, keys));
  return new Set(rows.map((r) => r.key as string));
}
