import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import {
  findPostgresBinaries,
  POSTGRES_MISSING_NOTICE,
  postgresRunRequired,
} from './tests/support/postgres-binaries.js';

const root = import.meta.dirname;

const INTEGRATION_FILES = ['tests/integration/**/*.test.ts'];
/**
 * Files that start their own processes or databases and never use the project's: running them on both drivers
 * would test the same thing twice. The PGlite ones run in integration-pglite, the PostgreSQL one (it stops its
 * own server) in integration-postgres.
 */
const OWN_PGLITE_FILES = [
  'tests/integration/durability.test.ts',
  'tests/integration/shutdown.test.ts',
  'tests/integration/start.test.ts',
];
const OWN_POSTGRES_FILES = [
  'tests/integration/faults.test.ts',
  'tests/integration/read-replica.test.ts',
  'tests/integration/db-to-postgres.test.ts',
];
/**
 * Files about what only PostgreSQL has: instances in separate processes hearing each other's changes, and a
 * listener's connection lost and opened again.
 */
const POSTGRES_ONLY_FILES = [
  'tests/integration/content-tags-instances.test.ts',
  'tests/integration/content-changes-listener.test.ts',
];
/** Files that use no database at all (deploy/nginx.conf in front of stand-in servers): run once, with PGlite's. */
const NO_DATABASE_FILES = ['tests/integration/edge-nginx.test.ts'];
const INTEGRATION_OPTIONS = {
  // Opening a fresh PGlite database (initdb + migrations) takes a few seconds.
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Vitest's default (cores - 1) is a single worker on our 2-core machines: files would never run side by side,
  // although each has its own database, and the PostgreSQL run would leave a core idle while waiting on the server.
  maxWorkers: Math.max(2, availableParallelism() - 1),
};

/**
 * Projects (docs/TESTING.md):
 * - unit: tests beside the code.
 * - integration-pglite / integration-postgres: the same files under tests/integration, once on PGlite (a copy of a
 *   migrated template data directory per test file) and once on a throwaway PostgreSQL cluster (a database copied
 *   from a migrated template per test file). The PostgreSQL project exists
 *   when the server binaries are installed, or when CI=true (its global setup then fails loudly).
 * The end-to-end specs under tests/e2e run on Playwright's runner instead (playwright.config.ts).
 */
const projects: TestProjectInlineConfiguration[] = [
  {
    extends: true,
    test: {
      name: 'unit',
      include: [
        'src/**/*.test.ts',
        'src/**/*.test.tsx',
        'scripts/**/*.test.ts',
        'tests/support/**/*.test.ts',
      ],
      environment: 'node',
    },
  },
  {
    extends: true,
    test: {
      name: 'integration-pglite',
      include: INTEGRATION_FILES,
      exclude: [...OWN_POSTGRES_FILES, ...POSTGRES_ONLY_FILES],
      environment: 'node',
      globalSetup: ['tests/support/pglite-global-setup.ts'],
      ...INTEGRATION_OPTIONS,
    },
  },
];

if (findPostgresBinaries() || postgresRunRequired() || process.env.TEST_DATABASE_URL) {
  projects.push({
    extends: true,
    test: {
      name: 'integration-postgres',
      include: INTEGRATION_FILES,
      exclude: [...OWN_PGLITE_FILES, ...NO_DATABASE_FILES],
      environment: 'node',
      globalSetup: ['tests/support/postgres-global-setup.ts'],
      ...INTEGRATION_OPTIONS,
    },
  });
} else if (wantsIntegrationRun()) {
  // Vitest evaluates this file more than once per run: say it once.
  const said = Symbol.for('quotidienne.postgres-missing-notice');
  const holder = globalThis as { [said]?: boolean };
  if (!holder[said]) console.warn(`\n[vitest.config] ${POSTGRES_MISSING_NOTICE}\n`);
  holder[said] = true;
}

/** True unless the command line selects only projects other than the integration ones (no notice noise then). */
function wantsIntegrationRun(): boolean {
  const selected: string[] = [];
  process.argv.forEach((arg, index) => {
    if (arg === '--project') selected.push(process.argv[index + 1] ?? '');
    else if (arg.startsWith('--project=')) selected.push(arg.slice('--project='.length));
  });
  return selected.length === 0 || selected.some((name) => name.includes('integration'));
}

export default defineConfig({
  resolve: {
    alias: {
      'server-only': path.join(root, 'tests/support/server-only.ts'),
      '@': path.join(root, 'src'),
    },
  },
  test: {
    // A console.error fails the test that logged it (docs/TESTING.md).
    setupFiles: ['tests/support/console-error-guard.ts'],
    projects,
  },
});
