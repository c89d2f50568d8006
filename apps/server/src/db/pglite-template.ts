/**
 * A PGlite data directory already initialised and migrated, kept once per PGlite version and
 * set of migrations, and copied into a new data directory instead of running initdb (in WASM)
 * and every migration again: a fresh `npm start` spent 6 of its 14 s on initdb alone on a
 * 2-core machine, where opening an existing directory takes half a second (docs/performance.md,
 * "Start time"). Made by `npm install` (the `postinstall` script runs `pglite-template-cli.ts`)
 * or by anyone calling `makePgliteTemplate`; a start without one simply initialises as before.
 *
 * It holds the schema only (no seed, no demo data), so production may use it as well. It lives
 * in `node_modules/.cache/psy-pglite/<key>` (or `PGLITE_TEMPLATE_DIR/<key>`), where the key is a
 * hash of PGlite's version and every migration file: a changed migration or another PGlite
 * makes a new key, and an old template is never used for a schema it does not hold.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Where the templates are kept: PGLITE_TEMPLATE_DIR, else node_modules/.cache/psy-pglite. */
function cacheRoot(): string {
  if (process.env.PGLITE_TEMPLATE_DIR) return path.resolve(process.env.PGLITE_TEMPLATE_DIR);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (path.basename(dir) !== 'node_modules' && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return path.join(dir, '.cache', 'psy-pglite');
}

function pgliteVersion(): string {
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The template's directory for this PGlite and these migrations (it may not exist yet). */
export function pgliteTemplateDir(migrationsFolder: string): string {
  const hash = crypto.createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const files = (fs.readdirSync(migrationsFolder, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(migrationsFolder, f)).isFile())
    .sort();
  for (const f of files) hash.update(`${f}\n`).update(fs.readFileSync(path.join(migrationsFolder, f)));
  return path.join(cacheRoot(), hash.digest('hex').slice(0, 16));
}

/** A directory PGlite has not initialised yet (absent, or without PG_VERSION). */
export const isFreshDataDir = (dataDir: string) => !fs.existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * Copies the template into a fresh data directory; false (nothing copied) when there is none.
 * Files already in the directory (none of PostgreSQL's) are left alone.
 */
export function copyPgliteTemplate(templateDir: string, dataDir: string): boolean {
  if (!fs.existsSync(path.join(templateDir, 'PG_VERSION'))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.cpSync(templateDir, dataDir, { recursive: true });
  return true;
}

/**
 * Makes the template when it is missing: `init(dir)` initialises and migrates a database in
 * `dir` and closes it cleanly. Built beside its final place and renamed into it, so a reader
 * never copies half of one and two makers at once both end with a whole one.
 */
export async function makePgliteTemplate(
  templateDir: string,
  init: (dir: string) => Promise<void>,
): Promise<{ made: boolean; dir: string }> {
  if (fs.existsSync(path.join(templateDir, 'PG_VERSION'))) return { made: false, dir: templateDir };
  fs.mkdirSync(path.dirname(templateDir), { recursive: true });
  const building = `${templateDir}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  try {
    await init(building);
    try {
      fs.renameSync(building, templateDir);
    } catch (err) {
      // Another process made it first.
      if (!fs.existsSync(path.join(templateDir, 'PG_VERSION'))) throw err;
    }
  } finally {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return { made: true, dir: templateDir };
}
