// `npm run check`: the type check (each `tsc -p` of `npm run typecheck`) and the lint, run side by
// side on two cores instead of one after the other (CI's 100 s + 57 s became about half). Each
// command's output is printed whole when it ends, with its time; the exit code is non-zero when
// any of them failed. CHECK_JOBS sets how many run at once (default 2).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './web-build.mjs';

const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const jobs = [
  // The lint first: the longest single command, so the two cores stay busy to the end.
  pkg.scripts.lint,
  ...pkg.scripts.typecheck.split('&&').map((c) => c.trim()),
];
const width = Math.max(1, Number(process.env.CHECK_JOBS) || 2);
const bin = path.join(root, 'node_modules/.bin');

function run(command) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}` },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n$ ${command}  (${seconds} s, ${code === 0 ? 'ok' : `exit ${code}`})\n${out}`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...jobs];
let failed = 0;
await Promise.all(
  Array.from({ length: width }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) if ((await run(job)) !== 0) failed += 1;
  }),
);
console.log(failed ? `\n${failed} of ${jobs.length} checks failed` : `\nall ${jobs.length} checks passed`);
process.exit(failed ? 1 : 0);
