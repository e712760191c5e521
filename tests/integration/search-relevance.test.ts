import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORTS, UR_TYPES } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { search } from '@/server/search/engine';
import { createTestDatabase } from '../support/database';
import { JUDGEMENTS, meanNdcgAt10 } from '../support/relevance-judgements';
import { insertSearchCorpus } from '../support/search-corpus';

/**
 * Relevance judgements over the fixed test corpus (tests/support/relevance-judgements.ts): for each query, the
 * document a reader expects must come in the first three results, and the mean nDCG@10 must not fall below the
 * one recorded before issue 15 (bench/results/search-relevance-before.json: 0.991).
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe('search relevance', () => {
  it('judges at least 30 queries', () => {
    expect(JUDGEMENTS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(JUDGEMENTS)('%s -> %s in the top 3', async (query, expected) => {
    const answer = await search(database.db, {
      term: query,
      page: 1,
      urType: UR_TYPES.all,
      selected: {},
      sort: SEARCH_SORTS.relevance,
    });
    const top = answer.results.slice(0, 3).map((result) => result.id);
    expect(top).toContain(expected);
  });

  it('keeps the mean nDCG@10 of the judged queries', async () => {
    const rankings = [];
    for (const [query] of JUDGEMENTS) {
      const answer = await search(database.db, {
        term: query,
        page: 1,
        urType: UR_TYPES.all,
        selected: {},
        sort: SEARCH_SORTS.relevance,
      });
      rankings.push(answer.results.map((result) => result.id));
    }
    expect(meanNdcgAt10(rankings)).toBeGreaterThanOrEqual(RECORDED_BEFORE);
  });
});

/** The mean nDCG@10 measured before issue 15 (bench/search/relevance.ts on commit c6bb21c). */
const RECORDED_BEFORE = 0.991;
