import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POST } from '@/app/api/revalidate/route';
import {
  CONTENT_CHANNEL,
  isOwnRevalidateToken,
  listenForContentChanges,
  setRevalidateSecret,
} from '@/server/content/content-changes';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { createTestDatabase } from '../support/database';
import { withDatabase } from '../support/postgres-context';

/**
 * The import announces a content change when, and only when, its transaction commits; a listener (what every
 * server runs on PostgreSQL, src/instrumentation.ts) hears it. On PGlite the announcement is heard through
 * PGlite's own LISTEN, which is what proves the same SQL works on both drivers.
 */
const fixtureLines = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/import', name), 'utf8').split('\n');

let database: Database;
let stopListening: () => Promise<void> = async () => {};
let heard = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const onChange = () => {
    heard += 1;
  };
  const postgres = inject('testPostgres');
  if (database.driver === 'postgres' && postgres) {
    const [row] = await queryRows<{ name: string }>(database.db, sql`select current_database() as name`);
    stopListening = listenForContentChanges(withDatabase(postgres.adminUrl, row?.name ?? ''), onChange);
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    stopListening = await client.listen(CONTENT_CHANNEL, onChange);
  }
  // The listener is connected once an announcement made now is heard.
  const deadline = Date.now() + 10_000;
  while (heard === 0 && Date.now() < deadline) {
    await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (heard === 0) throw new Error('the listener never heard an announcement');
});

afterAll(async () => {
  await stopListening();
  await database?.close();
});

/** Waits long enough for a notification to arrive (it is asynchronous), then says how many were heard since. */
async function heardDuring(action: () => Promise<unknown>): Promise<number> {
  const before = heard;
  await action();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return heard - before;
}

describe('content change announcements', () => {
  it('an import that commits is announced once', async () => {
    expect(
      await heardDuring(async () => {
        expect(await importArticles(database.db, fixtureLines('good.ndjson'))).toMatchObject({ ok: true });
      }),
    ).toBe(1);
  });

  it('an import refused while writing (its transaction rolled back) announces nothing', async () => {
    expect(
      await heardDuring(async () => {
        // Line 2 reuses line 1's enriched_news_id: refused after line 1 was written, in the same transaction.
        const outcome = await importArticles(database.db, fixtureLines('enriched-conflict.ndjson'));
        expect(outcome).toMatchObject({ ok: false, issues: [{ line: 2 }] });
      }),
    ).toBe(0);
  });
});

describe('POST /api/revalidate', () => {
  it('answers 404 to anyone without the process token', async () => {
    setRevalidateSecret('jeton-du-processus-0123456789abcdef');
    for (const authorization of [undefined, 'Bearer faux', 'Bearer jeton-du-processus-0123456789abcdeX']) {
      const response = await POST(
        new Request('http://localhost/api/revalidate', {
          method: 'POST',
          headers: authorization ? { authorization } : {},
        }),
        undefined,
      );
      expect(response.status).toBe(404);
    }
    expect(isOwnRevalidateToken('Bearer jeton-du-processus-0123456789abcdef')).toBe(true);
  });
});
