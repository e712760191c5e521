import 'server-only';
import { getDatabase } from '../db/client';
import { env } from '../env';
import { requestOwnRevalidation } from './content-changes';

/**
 * What every instance must see once a change readers see is committed: on PostgreSQL the transaction's
 * `announceContentChange` reaches every instance's listener; PGlite has no listener, so the process refreshes its
 * own copies that carry one of the change's tags (page cache, shared reads, ISR pages).
 */
export async function refreshReaders(tags: readonly string[]): Promise<void> {
  const database = await getDatabase();
  if (database.driver === 'pglite') await requestOwnRevalidation(env().PORT, tags);
}
