import { type Database, openDatabase } from '@/server/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a real PostgreSQL when
 * TEST_DATABASE_URL is set (the test setup points it at a server it started on loopback).
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openDatabase({ driver: 'postgres', url, maxConnections: 4 });
  return openDatabase({ driver: 'pglite', dataDir: undefined });
}
