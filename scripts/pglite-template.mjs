// `postinstall`: makes the migrated PGlite template that a fresh `npm start` copies instead of
// running initdb and every migration (apps/server/src/db/pglite-template.ts). Never fails the
// install: without a template a start initialises the database as before.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'apps/server/src/db/pglite-template-cli.ts');
if (!fs.existsSync(path.join(root, 'node_modules/tsx')) || !fs.existsSync(cli)) process.exit(0);
const r = spawnSync(process.execPath, ['--import', 'tsx', cli], { cwd: root, stdio: 'inherit' });
if (r.status !== 0)
  console.warn('PGlite template not made: a fresh start will initialise the database itself.');
