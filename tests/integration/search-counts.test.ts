import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { PAGE_CACHE_STALE_SECONDS, SHARED_PAGE_CACHE_SECONDS } from '@/server/http/page-cache-store';
import {
  batchSearchCounts,
  countCachedSearch,
  countSearch,
  flushSearchCounts,
} from '@/server/search/query-counts';
import { createTestDatabase } from '../support/database';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const counted = () =>
  queryRows<{ normalized: string; term: string; hits: number }>(
    database.db,
    sql`select normalized, term, hits from search_queries where normalized like 'compt%' order by normalized`,
  );

describe('counts of searches for the frequent-search suggestions', () => {
  it('outside the server, writes each search at once', async () => {
    await countSearch(database.db, 'comptes annuels');
    expect(await counted()).toEqual([{ normalized: 'comptes annuels', term: 'comptes annuels', hits: 1 }]);
  });

  it('in the server, adds searches up in memory and writes them together, spellings of one search as one row', async () => {
    batchSearchCounts(async () => database.db);
    await countSearch(database.db, 'comptes annuels');
    await countSearch(database.db, 'Comptes Annuels');
    await countSearch(database.db, 'Comptes Annuels');
    await countSearch(database.db, 'comptabilité');
    // Nothing written before the flush (timer, full batch or graceful stop).
    expect(await counted()).toEqual([{ normalized: 'comptes annuels', term: 'comptes annuels', hits: 1 }]);
    await flushSearchCounts();
    expect(await counted()).toEqual([
      { normalized: 'comptabilite', term: 'comptabilité', hits: 1 },
      { normalized: 'comptes annuels', term: 'Comptes Annuels', hits: 4 },
    ]);
    // A flush with nothing pending writes nothing and does not fail.
    await flushSearchCounts();
    expect((await counted()).map((row) => row.hits)).toEqual([1, 4]);
  });

  it('counts the first page of a counted search answered by the page cache, and nothing else', async () => {
    await countSearch(database.db, 'comptes consolidés');
    countCachedSearch('/search?terme=comptes%20consolid%C3%A9s');
    countCachedSearch('/search?term=comptes+consolid%C3%A9s&urType=all');
    countCachedSearch('/search?term=comptes%20consolid%C3%A9s&page=2');
    // Never counted by a search that ran: it may have found nothing.
    countCachedSearch('/search?term=compteurs%20introuvables');
    await flushSearchCounts();
    const rows = await counted();
    expect(rows.find((row) => row.normalized === 'comptes consolides')?.hits).toBe(3);
    expect(rows.map((row) => row.normalized)).not.toContain('compteurs introuvables');
  });

  it('counts the hits on a counted search page for as long as the page cache answers it', async () => {
    await countSearch(database.db, 'comptes de liasse');
    vi.useFakeTimers({
      toFake: ['Date'],
      now: Date.now() + (SHARED_PAGE_CACHE_SECONDS + PAGE_CACHE_STALE_SECONDS - 1) * 1000,
    });
    try {
      countCachedSearch('/search?term=comptes%20de%20liasse');
      vi.setSystemTime(Date.now() + 2_000);
      // Past the cached page's life and stale window, the page is rendered again: that search counts itself.
      countCachedSearch('/search?term=comptes%20de%20liasse');
    } finally {
      vi.useRealTimers();
    }
    await flushSearchCounts();
    expect((await counted()).find((row) => row.normalized === 'comptes de liasse')?.hits).toBe(2);
  });
});
