import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { CONTENT_CHANNEL, listenForContentChanges } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { withDatabase } from './postgres-context';
import { waitUntil } from './wait-until';

/** What a test hears of the content changes its database announces. */
export type ContentChangeEar = {
  /** Runs `action` and says how many announcements it made (counted once a marker sent after it is heard). */
  heardDuring(action: () => Promise<unknown>): Promise<number>;
  stop(): Promise<void>;
};

/** The payload of the ear's own markers; the site announces with an empty one. */
const MARKER = 'test-marker:';

/**
 * Listens for content changes as every server does (src/instrumentation.ts): on PostgreSQL with the server's own
 * listener on its own connection, on PGlite through PGlite's LISTEN, which proves the same SQL works on both
 * drivers. Resolves once an announcement made now is heard.
 *
 * PostgreSQL delivers the notifications of different transactions in the order they committed, so a marker sent
 * after an action arrives after every announcement of that action: once it is heard, the count is complete.
 */
export async function listenToContentChanges(database: Database): Promise<ContentChangeEar> {
  let heard = 0;
  const markersHeard = new Set<string>();
  const onChange = (payload: string | undefined) => {
    if (payload?.startsWith(MARKER)) markersHeard.add(payload);
    else heard += 1;
  };
  let stop: () => Promise<void>;
  const postgres = inject('testPostgres');
  if (database.driver === 'postgres' && postgres) {
    stop = listenForContentChanges(await listeningUrl(database), (_tags, payload) => onChange(payload));
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    stop = await client.listen(CONTENT_CHANNEL, onChange);
  }
  let markers = 0;
  const sendMarker = async () => {
    markers += 1;
    const marker = `${MARKER}${markers}`;
    await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${marker})`);
    return marker;
  };
  // The listener may not be listening yet: markers until one is heard (those sent before are lost, not late).
  const heardOne = async () => {
    if (markersHeard.size > 0) return true;
    await sendMarker();
    return false;
  };
  await waitUntil(heardOne, {
    timeoutMs: 10_000,
    intervalMs: 50,
    message: 'the listener never heard an announcement',
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return {
    async heardDuring(action) {
      const before = heard;
      await action();
      const marker = await sendMarker();
      await waitUntil(() => markersHeard.has(marker), { message: `marker ${marker} never heard` });
      return heard - before;
    },
    stop: () => stop(),
  };
}

/**
 * What a server on PostgreSQL runs: the listener that hands the tags of each change to `onChange` (its
 * `POST /api/revalidate`), heard once (a marker, not handed over) before this resolves. On PGlite nothing: the
 * writer refreshes its own process (`requestOwnRevalidation`). Answers the stop function.
 */
export async function listenAsServer(
  database: Database,
  onChange: (tags: readonly string[]) => unknown,
): Promise<() => Promise<void>> {
  if (database.driver !== 'postgres') return async () => {};
  let heard = false;
  const stop = listenForContentChanges(await listeningUrl(database), (tags, payload) => {
    if (payload.startsWith(MARKER)) heard = true;
    else onChange(tags);
  });
  await waitUntil(
    async () => {
      if (heard) return true;
      await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${`${MARKER}server`})`);
      return false;
    },
    { timeoutMs: 10_000, intervalMs: 50, message: 'the listener never heard an announcement' },
  ).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return stop;
}

/** The URL a listener of the test's PostgreSQL database connects to. */
export async function listeningUrl(database: Database): Promise<string> {
  const postgres = inject('testPostgres');
  if (!postgres) throw new Error('no test PostgreSQL');
  const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
  return withDatabase(postgres.adminUrl, row?.name ?? '');
}
