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
    stop = listenForContentChanges(await listeningUrl(database), onChange);
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    stop = await client.listen(CONTENT_CHANNEL, onChange);
  }
  await untilHeard(database, () => heard > 0, stop);
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

/**
 * What a server on PostgreSQL runs: the listener that hands the tags of each change to `onChange` (its
 * `POST /api/revalidate`), heard once before this resolves. On PGlite nothing: the writer refreshes its own
 * process (`requestOwnRevalidation`). Answers the stop function.
 */
export async function listenAsServer(
  database: Database,
  onChange: (tags: readonly string[]) => unknown,
): Promise<() => Promise<void>> {
  if (database.driver !== 'postgres') return async () => {};
  let heard = false;
  const stop = listenForContentChanges(await listeningUrl(database), (tags) => {
    heard = true;
    onChange(tags);
  });
  await untilHeard(database, () => heard, stop);
  return stop;
}

/** The URL a listener of the test's PostgreSQL database connects to. */
export async function listeningUrl(database: Database): Promise<string> {
  const postgres = inject('testPostgres');
  if (!postgres) throw new Error('no test PostgreSQL');
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  return withDatabase(postgres.adminUrl, row?.name ?? '');
}

/** Announces (an empty payload: everything) until the listener hears, then lets the last ones arrive. */
async function untilHeard(
  database: Database,
  heard: () => boolean,
  stop: () => Promise<void>,
): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!heard() && Date.now() < deadline) {
    await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!heard()) {
    await stop();
    throw new Error('the listener never heard an announcement');
  }
  // The announcements of the loop above may still be on their way.
  await new Promise((resolve) => setTimeout(resolve, 500));
}
