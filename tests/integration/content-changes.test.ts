import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST } from '@/app/api/revalidate/route';
import { isOwnRevalidateToken, setRevalidateSecret } from '@/server/content/content-changes';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { type ContentChangeEar, listenToContentChanges } from '../support/content-changes';
import { createTestDatabase } from '../support/database';

/**
 * The import announces a content change when, and only when, its transaction commits; a listener (what every
 * server runs on PostgreSQL, src/instrumentation.ts) hears it. On PGlite the announcement is heard through
 * PGlite's own LISTEN, which is what proves the same SQL works on both drivers.
 */
const fixtureLines = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/import', name), 'utf8').split('\n');

let database: Database;
let ear: ContentChangeEar;

beforeAll(async () => {
  database = await createTestDatabase();
  ear = await listenToContentChanges(database);
});

afterAll(async () => {
  await ear?.stop();
  await database?.close();
});

const heardDuring = (action: () => Promise<unknown>) => ear.heardDuring(action);

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
