import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/server/db/client';
import {
  findPostgresBinaries,
  POSTGRES_MISSING_NOTICE,
  POSTGRES_REQUIRED_ERROR,
  postgresRunRequired,
} from './postgres-binaries';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster';
import { adminQuery, quoteIdentifier, withDatabase } from './postgres-context';

/**
 * Global setup of the `integration-postgres` Vitest project: a PostgreSQL server for the whole run, and one
 * migrated template database that createTestDatabase() copies for each test file.
 *
 * The server is a throwaway cluster started here, or, when TEST_DATABASE_URL is set, that existing server (its
 * user must be allowed to create databases; the template and every test database are dropped at the end).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const external = process.env.TEST_DATABASE_URL;
  let cluster: PostgresCluster | undefined;
  let adminUrl: string;
  if (external) {
    adminUrl = external;
  } else {
    const binaries = findPostgresBinaries();
    if (!binaries) {
      throw new Error(postgresRunRequired() ? POSTGRES_REQUIRED_ERROR : POSTGRES_MISSING_NOTICE);
    }
    cluster = await startPostgresCluster(binaries);
    adminUrl = cluster.url();
  }

  const template = `quotidienne_template_${randomBytes(4).toString('hex')}`;
  const dropTemplate = () =>
    adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdentifier(template)} WITH (FORCE)`);
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdentifier(template)}`);
    // Migrate through the application's own code path, exactly as the app does at start.
    const database = await openDatabase({
      driver: 'postgres',
      url: withDatabase(adminUrl, template),
      maxConnections: 1,
    });
    await database.close();
  } catch (error) {
    if (cluster) await cluster.stop();
    else await dropTemplate().catch(() => {});
    throw error;
  }

  project.provide('testPostgres', { adminUrl, template });

  return async () => {
    if (cluster) await cluster.stop();
    else await dropTemplate();
  };
}
