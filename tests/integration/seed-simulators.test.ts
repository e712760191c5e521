import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/server/db/client';
import { articles } from '@/server/db/schema';
import { seedDatabase } from '@/server/seed';
import { createTestDatabase } from '../support/database';

// Runs in both integration projects. The end-to-end site is seeded on the day the tests run (400 articles): on
// 2026-12-03 the draws gave its social simulator a second topic, Affaires, which put a family in the header's
// « Simulateurs » menu that the seed means to leave empty (tests/e2e/simulators.e2e.ts).
const SEEDED_ON = '2026-12-03';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, {
    articles: 400,
    documents: 500,
    today: new Date(`${SEEDED_ON}T00:00:00Z`),
    reset: false,
  });
});

afterAll(async () => {
  await database?.close();
});

describe('the seeded simulators', () => {
  it('each belong to their own topic alone, whatever the day the site is seeded', async () => {
    const simulators = await database.db
      .select({ title: articles.title, topics: articles.topics })
      .from(articles)
      .where(eq(articles.type, 'simulateur'));
    expect(simulators.length).toBeGreaterThan(0);
    for (const simulator of simulators) expect(simulator.topics, simulator.title).toHaveLength(1);
    const families = new Set(simulators.map((simulator) => simulator.topics[0]?.id));
    expect(families.has('EBX:EFL_Themes:Affaires')).toBe(false);
  });
});
