import { readFile } from 'node:fs/promises';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Storage } from '../../modules/uploads/storage';
import { users } from '../../modules/users/users.table';
import type { Db } from '../client';
import { demoExperts } from './demo-data';
import { portraitFile } from './portraits/generate';

/**
 * Gives each demo expert without an avatar the portrait drawn for them (portraits/, made for
 * this project by generate.ts). The file is copied into public storage under its fixed name;
 * an avatar the expert uploaded is never replaced. Idempotent.
 */
export async function seedPortraits(db: Db, storage: Storage): Promise<number> {
  const rows = await db
    .select({ id: users.id, telephone: users.telephone })
    .from(users)
    .where(and(inArray(users.telephone, Object.keys(demoExperts)), isNull(users.avatar)));
  for (const row of rows) {
    const name = portraitFile(row.telephone);
    if (!(await storage.exists(name))) {
      await storage.put(name, await readFile(new URL(`./portraits/${name}`, import.meta.url)));
    }
    await db
      .update(users)
      .set({ avatar: name })
      .where(and(eq(users.id, row.id), isNull(users.avatar)));
  }
  return rows.length;
}
