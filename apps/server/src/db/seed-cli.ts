import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seed } from './seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const result = await seed(database.db);
await database.close();
console.log(`seed: added ${result.institutions} institutions, ${result.users} users`);
