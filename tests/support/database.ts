import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import './pglite-context';
import { adminQuery, quoteIdentifier, withDatabase } from './postgres-context';

/**
 * A fresh, migrated database for one test file; close() deletes whatever it created.
 *
 * - In the `integration-postgres` project (its global setup provides `testPostgres`): a new database
 *   `t_<random>` copied from the migrated template on the throwaway server, so test files running in parallel
 *   never see each other's rows. close() drops it.
 * - In the `integration-pglite` project (its global setup provides `testPglite`): a copy of the migrated PGlite
 *   data directory, opened through openDatabase() like the app's DATA_DIR. close() deletes the copy.
 * - Anywhere else: an in-memory PGlite, migrated on open; close() discards it.
 */
export async function createTestDatabase(): Promise<Database> {
  const postgres = inject('testPostgres');
  if (postgres) return createPostgresDatabase(postgres.adminUrl, postgres.template);
  const pglite = inject('testPglite');
  if (pglite) return createPgliteCopy(pglite.dir, pglite.template);
  return openDatabase({ driver: 'pglite', dataDir: undefined });
}

function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(6).toString('hex')}`;
}

async function createPostgresDatabase(adminUrl: string, template: string): Promise<Database> {
  const name = uniqueName('t_');
  const drop = () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  await adminQuery(
    adminUrl,
    `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(template)}`,
  );
  let database: Database;
  try {
    // The copy is already migrated: openDatabase only checks the migrations journal.
    database = await openDatabase({
      driver: 'postgres',
      url: withDatabase(adminUrl, name),
      maxConnections: 4,
    });
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  return withCleanup(database, drop);
}

async function createPgliteCopy(dir: string, template: string): Promise<Database> {
  const copy = path.join(dir, uniqueName('db-'));
  const remove = async () => rmSync(copy, { recursive: true, force: true, maxRetries: 5 });
  cpSync(template, copy, { recursive: true });
  let database: Database;
  try {
    database = await openDatabase({ driver: 'pglite', dataDir: copy });
  } catch (error) {
    await remove();
    throw error;
  }
  return withCleanup(database, remove);
}

function withCleanup(database: Database, cleanup: () => Promise<void>): Database {
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      await cleanup();
    },
  };
}
