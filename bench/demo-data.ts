import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The bench measures a production start (NODE_ENV=production), which never seeds demo data
 * and needs a real APP_SECRET: the demo data goes in first, through `npm run db:seed`'s
 * script in development mode, on the same database.
 */
export function productionEnv(db: { DATA_DIR: string; DATABASE_URL?: string }): Record<string, string> {
  const env = { ...db, NODE_ENV: 'development' };
  const seeded = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/db/seed-cli.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) throw new Error('seeding the bench database failed');
  return { ...db, NODE_ENV: 'production', APP_SECRET: crypto.randomBytes(36).toString('base64') };
}
