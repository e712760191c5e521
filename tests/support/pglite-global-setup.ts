import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client';
import { PGLITE_DIR_PREFIX } from './pglite-context';
import { createOwnedDir, installExitHooks, sweepOrphanedDirs } from './temp-dirs';

/**
 * Global setup of the `integration-pglite` Vitest project: one migrated PGlite data directory for the whole run,
 * which createTestDatabase() copies for each test file. Opening a copy takes well under a second, where a new
 * in-memory PGlite (initdb in WebAssembly, then the migrations) takes several.
 *
 * Where: `/dev/shm/quotidienne-test-pglite/run-XXXXXX/` (memory-backed; else under $TMPDIR; TEST_PGLITE_ROOT
 * overrides), holding `template/`, the per-file copies `db-*` and owner.pid; deleted at the end, and by the next
 * run if this one was killed.
 */
export function pgliteRoot(): string {
  if (process.env.TEST_PGLITE_ROOT) return process.env.TEST_PGLITE_ROOT;
  const base = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  return path.join(base, 'quotidienne-test-pglite');
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = pgliteRoot();
  await sweepOrphanedDirs(root, PGLITE_DIR_PREFIX);
  const dir = createOwnedDir(root, PGLITE_DIR_PREFIX);
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  const removeExitHooks = installExitHooks(remove);
  const template = path.join(dir, 'template');
  try {
    // Migrated through the application's own code path, as at start.
    const database = await openDatabase({ driver: 'pglite', dataDir: template });
    await database.close();
  } catch (error) {
    remove();
    removeExitHooks();
    throw error;
  }
  project.provide('testPglite', { dir, template });
  return async () => {
    remove();
    removeExitHooks();
  };
}
