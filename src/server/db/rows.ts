import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Runs raw SQL and returns its rows: both drivers (PGlite, node-postgres) answer `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as { rows: T[] };
  return result.rows;
}
