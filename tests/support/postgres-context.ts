import pg from 'pg';

/**
 * What the PostgreSQL global setup hands to the test workers of the `integration-postgres` project, through
 * Vitest's provide/inject (scoped to that project, so the PGlite project running in the same Vitest process never
 * sees it).
 */
export type TestPostgres = {
  /** URL of the server's maintenance database, used to create and drop the per-file databases. */
  adminUrl: string;
  /** The migrated database every test file's database is copied from. */
  template: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testPostgres: TestPostgres | undefined;
  }
}

/** The same server URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Double-quotes an SQL identifier. Our names are generated, this only guards against surprises. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run inside a pool's transaction). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
