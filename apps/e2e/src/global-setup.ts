import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuilt } from '../../../scripts/web-build.mjs';
import { findChromium } from './chromium';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromium: string | null;
  }
}

const banner = (lines: string[]) =>
  `\n${'!'.repeat(72)}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${'!'.repeat(72)}\n`;

/** Builds the web app if needed and starts one seeded server on a throw-away PGlite for the browser suite. */
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
    project.provide('baseUrl', '');
    return;
  }
  ensureWebBuilt({ quiet: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-e2e-'));
  const server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'test' });
  project.provide('baseUrl', server.base);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
