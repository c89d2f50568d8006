// Builds the web app when its sources are newer than the last build (or there is none).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'packages/contracts/src',
  'packages/report-charts/src',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function webBuildIsFresh() {
  if (!fs.existsSync(distIndex)) return false;
  const built = fs.statSync(distIndex).mtimeMs;
  return sources.every((s) => newestMtime(path.join(root, s)) <= built);
}

export function ensureWebBuilt({ quiet = false } = {}) {
  if (webBuildIsFresh()) return;
  if (!quiet) console.log('[web] building the web app (apps/web/dist)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@psy/web'], {
    cwd: root,
    // Always the production bundle: Vite takes `process.env.NODE_ENV` from the environment, and
    // the test runner's NODE_ENV=test gave the e2e suite React's development builds (and other
    // chunks than users get).
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: quiet ? 'pipe' : 'inherit',
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error('web build failed');
  }
}
