import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { adminQuery, quoteIdentifier, withDatabase } from './postgres-context';

/**
 * A fresh, migrated database for one test file.
 *
 * - In the `integration-postgres` project (its global setup provides `testPostgres`): a new database
 *   `t_<random>` copied from the migrated template on the throwaway server, so test files running in parallel
 *   never see each other's rows. close() drops it.
 * - Everywhere else: an in-memory PGlite, migrated on open; close() discards it.
 */
export async function createTestDatabase(): Promise<Database> {
  const postgres = inject('testPostgres');
  if (!postgres) return openDatabase({ driver: 'pglite', dataDir: undefined });

  const name = `t_${randomBytes(6).toString('hex')}`;
  const drop = () =>
    adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
  await adminQuery(
    postgres.adminUrl,
    `CREATE DATABASE ${quoteIdentifier(name)} TEMPLATE ${quoteIdentifier(postgres.template)}`,
  );
  let database: Database;
  try {
    // The copy is already migrated: openDatabase only checks the migrations journal.
    database = await openDatabase({
      driver: 'postgres',
      url: withDatabase(postgres.adminUrl, name),
      maxConnections: 4,
    });
  } catch (error) {
    await drop().catch(() => {});
    throw error;
  }
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      await drop();
    },
  };
}
