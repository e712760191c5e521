import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING } from '@/server/content/cache-tags';
import { announceContentChange, listenForContentChanges } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { listeningUrl } from '../support/content-changes';
import { createTestDatabase } from '../support/database';
import { waitUntil } from '../support/wait-until';

/**
 * The listener every server runs on PostgreSQL (src/instrumentation-node.ts) when its connection is lost, as in a
 * database restart: the changes announced meanwhile were not heard, so once it listens again it refreshes
 * everything, once, then hears each change's tags as before (docs/decisions/073-content-tags.md).
 * PostgreSQL only: PGlite has no connection to lose.
 */
let database: Database;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.driver !== 'postgres') throw new Error('this test needs PostgreSQL');
});

afterAll(async () => {
  await stop?.();
  await database?.close();
});

const isEverything = (tags: readonly string[]) => tags.includes(EVERYTHING);

describe('the content change listener', () => {
  it('refreshes everything once after a lost connection, then hears tags again', async () => {
    const heard: (readonly string[])[] = [];
    stop = listenForContentChanges(await listeningUrl(database), (tags) => heard.push(tags));
    // Announcements made before it listens are lost: announce until one is heard.
    await waitUntil(
      async () => {
        await announceContentChange(database.db, ['article:A1']);
        return heard.length > 0;
      },
      { timeoutMs: 10_000, intervalMs: 100, message: 'the listener never heard a change' },
    );
    expect(heard.every((tags) => !isEverything(tags))).toBe(true);
    heard.length = 0;

    // Ends the listener's own connection (this test's database only: other files share the server).
    const [ended] = await queryRows<{ count: number }>(
      database.db,
      sql`
      select count(pg_terminate_backend(pid))::int as count from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
    );
    expect(ended).toMatchObject({ count: 1 });

    await waitUntil(async () => heard.some(isEverything), {
      timeoutMs: 15_000,
      intervalMs: 100,
      message: 'the listener did not come back with everything',
    });
    await waitUntil(
      async () => {
        await announceContentChange(database.db, ['article:A2']);
        return heard.some((tags) => tags.includes('article:A2'));
      },
      { timeoutMs: 10_000, intervalMs: 100, message: 'the listener did not hear tags again' },
    );
    expect(heard.filter(isEverything)).toHaveLength(1);
    expect(heard.at(-1)).toEqual(['article:A2']);
  });
});
