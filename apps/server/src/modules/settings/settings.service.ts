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

const SEED_STAMP_KEY = 'seed_stamp';

/**
 * Runs the start's seed steps unless this database records that the same build, with the same
 * seed settings (`stamp`), ran them at an earlier start. A restart of unchanged code then skips
 * the hundred-odd reads that find everything present (about half a second of a warm start on
 * PGlite, docs/performance.md); new code (a rebuilt bundle) runs them again, adding what it
 * brings. A null stamp (the sources under tsx, no bundle to name) always runs them. The stamp
 * is written only after the steps have all succeeded. True when the steps ran.
 */
export async function seedOncePerBuild(
  db: Db,
  stamp: string | null,
  steps: () => Promise<void>,
): Promise<boolean> {
  if (stamp !== null && (await settingsRepository.get(db, SEED_STAMP_KEY)) === stamp) return false;
  await steps();
  if (stamp !== null) await settingsRepository.put(db, SEED_STAMP_KEY, stamp);
  return true;
}
