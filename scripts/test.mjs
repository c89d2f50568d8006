// `npm test`: every suite (unit, integration on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL, browser end-to-end) in one Vitest run, then one plain summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './web-build.mjs';

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'psy-test-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
];
const run = spawnSync('npx', args, { cwd: root, stdio: 'inherit' });

let summary = null;
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  summary = {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
  };
} catch {
  /* vitest died before writing its report */
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nnote: TEST_DATABASE_URL is not set, so the integration suite ran on PGlite only.');
} else {
  console.log('\nintegration suite ran on PGlite (int-pglite) and PostgreSQL (int-postgres).');
}
if (summary) console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
else console.log('\n0 passed, 1 failed');
process.exit(run.status ?? 1);
