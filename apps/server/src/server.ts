import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seed, seedDemoCampaign, seedDemoSessions, seedDemoStatistics, seedReference } from './db/seed';
import { seedOncePerBuild } from './modules/settings';

/**
 * What the start's seed steps depend on: the running bundle (its own bytes, so any rebuilt code
 * seeds again), the seed mode and where the demo pictures are written. Null when the server runs
 * from its sources (tsx): no single file names that code, so every such start seeds.
 */
function seedStamp(config: Config): string | null {
  const entry = process.argv[1] ?? '';
  if (!/[\\/]dist[\\/]server\.mjs$/.test(entry)) return null;
  try {
    return createHash('sha256')
      .update(fs.readFileSync(entry))
      .update(`\0${config.seed}\0${config.uploadDir}`)
      .digest('hex');
  } catch {
    return null;
  }
}

function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `PGlite at ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** How long each step of the start took, for the ready line (issue 18: start time). */
function startPhases() {
  // The code's loading: from the process's start (node's time origin) to main().
  const parts: string[] = [`load ${Math.round(performance.now())} ms`];
  let last = performance.now();
  return {
    mark(name: string) {
      const now = performance.now();
      parts.push(`${name} ${Math.round(now - last)} ms`);
      last = now;
    },
    summary: () => `in ${(performance.now() / 1000).toFixed(1)} s (${parts.join(', ')})`,
  };
}

async function main(): Promise<void> {
  const phases = startPhases();
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`\n配置错误 / configuration error:\n${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }

  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      preparedStatements: config.databasePreparedStatements,
    });
  } catch (err) {
    console.error(
      `\n无法打开数据库 / cannot open the database (${describeDatabase(config)}):\n  ${(err as Error).message}\n`,
    );
    process.exit(1);
  }
  phases.mark('database');
  await runMigrations(database);
  phases.mark('migrations');

  const app = await buildApp({ config, database });
  phases.mark('app');
  app.log.info(`database: ${describeDatabase(config)}`);
  const seeded = await seedOncePerBuild(database.db, seedStamp(config), async () => {
    await seedReference(database.db);
    phases.mark('reference');
    if (config.seed !== 'demo') {
      app.log.info(
        'seed: no demo data (SEED=none); create the first administrator with `npm run admin:create`',
      );
      return;
    }
    const result = await seed(database.db, { storage: app.deps.storage, files: config });
    app.log.info(
      result.institutions || result.users
        ? `seed: added ${result.institutions} institutions, ${result.users} users`
        : 'seed: demo data already present, nothing added',
    );
    phases.mark('seed');
    const statistics = await seedDemoStatistics(database.db);
    phases.mark('statistics');
    if (statistics) app.log.info(`seed: added ${statistics} demo assessments for the statistics pages`);
    const sessions = await seedDemoSessions(database.db);
    phases.mark('sessions');
    if (sessions) app.log.info(`seed: added ${sessions} completed demo sessions for the record pages`);
    const campaign = await seedDemoCampaign(database.db, app.deps.services);
    if (campaign) app.log.info(`seed: opened the demo screening campaign, ${campaign} students took it`);
    phases.mark('campaign');
  });
  if (!seeded) {
    app.log.info(
      config.seed === 'demo'
        ? 'seed: skipped, this build seeded this database at an earlier start'
        : 'seed: skipped, this build checked the built-in scales at an earlier start; no demo data (SEED=none)',
    );
    phases.mark('seed check');
  }
  if (config.env === 'production' && config.paymentsSandbox)
    app.log.warn(
      'PAYMENTS_SANDBOX=true: the sandbox cashier lets payers confirm their own payments. Never on a live site.',
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing`);
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE')
      console.error(`\n端口 ${config.port} 已被占用 / port in use: set PORT to another port.\n`);
    else console.error(err);
    await database.close();
    process.exit(1);
  }
  phases.mark('listen');
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`心理测评与咨询平台 ready at http://${shown}:${config.port} ${phases.summary()}`);
}

void main();
