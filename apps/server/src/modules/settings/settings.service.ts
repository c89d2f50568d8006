import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from './settings.table';

const SECRET_KEY = 'app_secret';

/**
 * The key for HMACs (SMS codes at rest, signed URLs, sandbox payments). APP_SECRET wins;
 * otherwise one is made on first start and kept in the database, so every instance and
 * every restart agrees on it.
 */
export async function loadAppSecret(db: Db, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  const fresh = crypto.randomBytes(32).toString('base64');
  await db.insert(settings).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, SECRET_KEY));
  return Buffer.from(row!.value, 'base64');
}
