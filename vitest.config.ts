import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const integration = ['apps/server/test/**/*.int.test.ts', 'apps/server/src/**/*.int.test.ts'];

const projects: TestProjectInlineConfiguration[] = [
  {
    test: {
      name: 'unit',
      include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'bench/**/*.test.ts'],
      exclude: ['**/*.int.test.ts', '**/node_modules/**'],
    },
  },
  {
    test: {
      name: 'int-pglite',
      include: integration,
      env: { TEST_DB: 'pglite' },
      globalSetup: ['apps/server/test/global-pglite.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];

// The same integration suite on real PostgreSQL, each file in its own fresh database (a copy
// of the run's migrated or seeded template).
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'int-postgres',
      include: integration,
      env: { TEST_DB: 'postgres' },
      globalSetup: ['apps/server/test/global-postgres.ts'],
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

projects.push({
  test: {
    name: 'e2e',
    include: ['apps/e2e/tests/**/*.spec.ts'],
    globalSetup: ['apps/e2e/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two browser-driven files at a time, each worker with a server of its own (global-setup.ts;
    // E2E_WORKERS=1 runs them one at a time again).
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2)),
    // In CI a failed browser test runs once more; the report names it as flaky ("passed on
    // retry"), so a flake is seen and fixed rather than failing every change that follows.
    retry: process.env.CI ? 1 : 0,
    // A page may take seconds to settle on a loaded machine: polls wait as long as a locator.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});

export default defineConfig({
  test: {
    projects,
    maxWorkers: 2,
  },
});
