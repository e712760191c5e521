import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { waitUntil } from './wait-until';

/**
 * Resolves once the database's clock (`now()`, the one scheduled publications, banners and jobs compare with) has
 * passed `moment`: a test of something scheduled waits for that, not for a number of milliseconds.
 */
export async function databaseClockPassed(db: Db, moment: Date): Promise<void> {
  await waitUntil(
    async () => {
      const [row] = await queryRows<{ passed: boolean }>(
        db,
        sql`select now() > ${moment.toISOString()}::timestamptz as passed`,
      );
      return row?.passed === true;
    },
    { timeoutMs: Math.max(0, moment.getTime() - Date.now()) + 10_000, intervalMs: 50 },
  );
}
