import { loadConfig, type Config } from '../src/config';
import type { Db } from '../src/db/client';
import { seed } from '../src/db/seed';

/** What every test app's configuration starts from (createTestContext adds a file's own `env`). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent-web-dist',
  // Tests drive time themselves and call the sweeps directly.
  SWEEP_INTERVAL_MS: '0',
  // Tests write and read at once, and on PostgreSQL a write's notice reaches the catalogue
  // cache a moment after the commit: only catalogue.int.test.ts turns it on.
  CATALOGUE_CACHE_SECONDS: '0',
} as const;

export const testConfig = (env: Record<string, string> = {}): Config => loadConfig({ ...TEST_ENV, ...env });

/**
 * The demo seed as a test database gets it: the rows, and the course covers and videos in the
 * test configuration's upload directories (which every test app shares, as before).
 */
export async function seedTestDatabase(db: Db): Promise<void> {
  await seed(db, { files: testConfig() });
}

/** A database URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
