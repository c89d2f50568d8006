import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../../scripts/web-build.mjs';
import { findChromium } from './chromium';
import { buildServer } from '../../../scripts/server-build.mjs';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per browser-test worker (each file talks to its worker's own server). */
    baseUrls: string[];
    chromium: string | null;
  }
}

const banner = (lines: string[]) =>
  `\n${'!'.repeat(72)}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${'!'.repeat(72)}\n`;

/** Builds the web app if needed and starts a seeded server on a throw-away PGlite per browser-test worker. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  project.provide('chromium', chromium);
  if (!chromium) {
    const lines = [
      'No Chromium found (looked at $CHROMIUM_PATH and /usr/bin/chromium).',
      'The browser end-to-end suite is SKIPPED.',
      'Install it with:  sudo apt-get install chromium   (or set CHROMIUM_PATH)',
    ];
    if (process.env.CI === 'true')
      throw new Error(`${banner(lines)}\nUnder CI=true a missing browser fails the run.`);
    console.warn(banner(lines));
    project.provide('baseUrls', []);
    return;
  }
  ensureWebBuilt({ quiet: true });
  // Files run two at a time (vitest.config.ts), each worker against a server of its own: a file
  // then sees only what its own worker's files did, as when they all ran one after the other.
  const count = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
  await buildServer(); // once, before the servers start from it
  const dataDirs = Array.from({ length: count }, () => fs.mkdtempSync(path.join(os.tmpdir(), 'psy-e2e-')));
  const started = await Promise.allSettled(
    dataDirs.map((dir) => startServer({ DATA_DIR: dir, NODE_ENV: 'test' })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    // One server that did not come up fails the run; the others are not left running.
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.base),
  );
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  };
}
