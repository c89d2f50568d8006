// `npm test`: every suite (unit, integration on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL, browser end-to-end), then one plain summary line. The browser suite runs after the
// others, not beside them: its server and Chromium share two cores, and a page that waits behind
// two integration workers times out for no fault of its own. Arguments (e.g. `--project unit`)
// run one Vitest run with them instead.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './web-build.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-test-'));
const extra = process.argv.slice(2);
const phases = extra.length
  ? [extra]
  : [
      [
        '--project',
        'unit',
        '--project',
        'int-pglite',
        ...(process.env.TEST_DATABASE_URL ? ['--project', 'int-postgres'] : []),
      ],
      ['--project', 'e2e'],
    ];

const summary = { passed: 0, failed: 0, skipped: 0 };
let status = 0;
for (const [i, phase] of phases.entries()) {
  const report = path.join(dir, `report-${i}.json`);
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...phase],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) status = run.status ?? 1;
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    summary.passed += json.numPassedTests;
    summary.failed += json.numFailedTests;
    summary.skipped += json.numPendingTests + json.numTodoTests;
  } catch {
    // Vitest died before writing its report.
    summary.failed += 1;
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nnote: TEST_DATABASE_URL is not set, so the integration suite ran on PGlite only.');
} else {
  console.log('\nintegration suite ran on PGlite (int-pglite) and PostgreSQL (int-postgres).');
}
console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(status);
