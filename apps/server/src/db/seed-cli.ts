import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { createLocalStorage } from '../modules/uploads/storage';
import { seed, seedDemoStatistics, seedReference } from './seed';

const config = loadConfig();
if (config.env === 'production') {
  console.error('npm run db:seed adds demo accounts with a published password: refused in production.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
await seedReference(database.db);
const result = await seed(database.db, { storage: createLocalStorage(config.uploadDir), files: config });
const statistics = await seedDemoStatistics(database.db);
await database.close();
console.log(
  `seed: added ${result.institutions} institutions, ${result.users} users, ${statistics} demo assessments`,
);
