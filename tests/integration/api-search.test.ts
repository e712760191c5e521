import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as results } from '@/app/api/search/results/route';
import type { SearchAnswer } from '@/lib/contracts/search';
import { createSession } from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import { customers } from '@/server/db/schema';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { GATED_WORD, insertSearchCorpus } from '../support/search-corpus';

/** Issue 15 through the API: the per-address rate limit, the reader's access, the sort parameter. */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const call = (query: Record<string, string>, headers: Record<string, string> = {}) =>
  callHandler<SearchAnswer & { message?: string }>(results, '/api/search/results', {
    query,
    headers: { 'x-forwarded-for': '203.0.113.10', ...headers },
  });

describe('GET /api/search/results', () => {
  it('answers 429 with Retry-After once an address is over its searches per minute, others still search', async () => {
    // The address has already made the minute's 60 searches.
    await database.db.execute(
      sql`insert into rate_limits (key, hits, reset_at) values ('search:ip:203.0.113.77', 60, now() + interval '40 seconds')`,
    );
    const refused = await call({ term: 'impôt' }, { 'x-forwarded-for': '203.0.113.77' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(40);
    expect(refused.text).toContain('Trop de recherches');
    const other = await call({ term: 'impôt' }, { 'x-forwarded-for': '203.0.113.78' });
    expect(other.status).toBe(200);
    expect(other.body.total).toBeGreaterThan(0);
  });

  it('matches gated text only for a request with a live session', async () => {
    const anonymous = await call({ term: GATED_WORD });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.total).toBe(0);
    const [customer] = await database.db
      .insert(customers)
      .values({
        email: 'lectrice@example.fr',
        passwordHash: 'not-used-here',
        civility: 14,
        firstname: 'Léa',
        lastname: 'Lectrice',
        function: 'expertComptable',
      })
      .returning({ id: customers.id });
    const { token } = await createSession(database.db, customer?.id ?? 0);
    const reader = await call({ term: GATED_WORD }, { authorization: `Bearer ${token}` });
    expect(reader.body.results.map((result) => result.id).sort()).toEqual(['n13', 'n14']);
    const withCookie = await call({ term: GATED_WORD }, { cookie: `quotidienne_session=${token}` });
    expect(withCookie.body.total).toBe(2);
  });

  it('sorts by date with tri=date and refuses another value in French', async () => {
    const byDate = await call({ term: 'impôt', tri: 'date' });
    const dates = byDate.body.results.map((result) => result.date_resultat);
    expect(dates).toEqual([...dates].sort().reverse());
    const wrong = await call({ term: 'impôt', tri: 'alphabet' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('tri doit valoir pertinence, date');
  });
});
