import 'server-only';
import { sql } from 'drizzle-orm';

/**
 * A one-row FROM item that turns `synchronous_commit` off until the end of the current transaction: in a statement
 * run on its own (its implicit transaction), that statement's commit does not wait for the WAL flush.
 */
export const WITHOUT_WAITING_FOR_DISK = sql`(select set_config('synchronous_commit', 'off', true)) as relaxed_commit`;

/** True for a Drizzle transaction (it can roll back), where a relaxed commit would cover other writes too. */
export function isTransaction(db: unknown): boolean {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}
