import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { settingsRepository } from './settings.repository';

const SECRET_KEY = 'app_secret';

/**
 * The key for HMACs (SMS codes at rest, signed URLs, sandbox payments). APP_SECRET wins;
 * otherwise one is made on first start and kept in the database, so every instance and
 * every restart agrees on it.
 */
export async function loadAppSecret(db: Db, fromEnv: string | undefined): Promise<Buffer> {
  if (fromEnv) return Buffer.from(fromEnv, 'utf8');
  await settingsRepository.insertIfMissing(db, SECRET_KEY, crypto.randomBytes(32).toString('base64'));
  return Buffer.from((await settingsRepository.get(db, SECRET_KEY))!, 'base64');
}
