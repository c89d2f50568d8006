import crypto from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedTestDatabase, withDatabase } from './test-config';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Template databases on TEST_DATABASE_URL's server: migrated, and migrated and seeded. */
    postgresTemplates: { migrated: string; seeded: string };
  }
}

/**
 * Migrates one database, and seeds a copy of it, once per run: each test file's database is
 * then a copy of one of them (`create database … template …`), about 0.1 s instead of the
 * migrations and the demo seed again (0.6 to 1.9 s a file). Dropped when the run ends.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('the int-postgres project needs TEST_DATABASE_URL');
  const base = `psy_template_${crypto.randomBytes(4).toString('hex')}`;
  const names = { migrated: base, seeded: `${base}_seeded` };
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const drop = async () => {
    for (const name of [names.seeded, names.migrated])
      await admin.unsafe(`drop database if exists ${name} with (force)`);
  };
  try {
    await admin.unsafe(`create database ${names.migrated}`);
    const migrated = await openDatabase({ databaseUrl: withDatabase(adminUrl, names.migrated), poolSize: 2 });
    try {
      await runMigrations(migrated);
    } finally {
      await migrated.close();
    }
    await admin.unsafe(`create database ${names.seeded} template ${names.migrated}`);
    const seeded = await openDatabase({ databaseUrl: withDatabase(adminUrl, names.seeded), poolSize: 2 });
    try {
      await seedTestDatabase(seeded.db);
    } finally {
      await seeded.close();
    }
  } catch (e) {
    await drop();
    await admin.end();
    throw e;
  }
  project.provide('postgresTemplates', names);
  return async () => {
    await drop();
    await admin.end();
  };
}
