import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { CONTENT_CHANNEL, listenForContentChanges } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { withDatabase } from './postgres-context';

/** What a test hears of the content changes its database announces. */
export type ContentChangeEar = {
  /** Runs `action`, waits long enough for a notification to arrive (they are asynchronous), says how many came. */
  heardDuring(action: () => Promise<unknown>): Promise<number>;
  stop(): Promise<void>;
};

/**
 * Listens for content changes as every server does (src/instrumentation.ts): on PostgreSQL with the server's own
 * listener on its own connection, on PGlite through PGlite's LISTEN, which proves the same SQL works on both
 * drivers. Resolves once an announcement made now is heard.
 */
export async function listenToContentChanges(database: Database): Promise<ContentChangeEar> {
  let heard = 0;
  const onChange = () => {
    heard += 1;
  };
  let stop: () => Promise<void>;
  const postgres = inject('testPostgres');
  if (database.driver === 'postgres' && postgres) {
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    stop = listenForContentChanges(withDatabase(postgres.adminUrl, row?.name ?? ''), onChange);
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    stop = await client.listen(CONTENT_CHANNEL, onChange);
  }
  const deadline = Date.now() + 10_000;
  while (heard === 0 && Date.now() < deadline) {
    await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (heard === 0) {
    await stop();
    throw new Error('the listener never heard an announcement');
  }
  // The announcements of the loop above may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return {
    async heardDuring(action) {
      const before = heard;
      await action();
      await new Promise((resolve) => setTimeout(resolve, 500));
      return heard - before;
    },
    stop: () => stop(),
  };
}
