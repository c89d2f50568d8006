// Makes the migrated PGlite template a fresh data directory starts from (db/pglite-template.ts),
// when it is missing. `npm install` runs it (scripts/pglite-template.mjs); safe to run again.
import { openDatabase } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { makePgliteTemplate, pgliteTemplateDir } from './pglite-template';

const t0 = performance.now();
const { made, dir } = await makePgliteTemplate(pgliteTemplateDir(migrationsFolder), async (target) => {
  const database = await openDatabase({ dataDir: target, pgliteTemplate: false });
  await runMigrations(database);
  await database.close();
});
console.log(
  made
    ? `PGlite template made in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${dir}`
    : `PGlite template already made: ${dir}`,
);
