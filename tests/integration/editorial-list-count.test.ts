import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as listGet } from '@/app/api/admin/articles/route';
import {
  ARTICLE_LIST_BOUND,
  ARTICLE_LIST_COUNT_AHEAD,
  type ArticleListAnswer,
  articleListAnswer,
} from '@/lib/contracts/admin';
import type { Database } from '@/server/db/client';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

// More matches of one topic than page 1 counts: the list's count is then a lower bound that grows with the page.
const TOPIC = 'EBX:EFL_Themes:Compte';
const MATCHES = ARTICLE_LIST_COUNT_AHEAD + 100;

let database: Database;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
  // Straight into the table (the API would take minutes for 1,100 articles); one minute apart, newest last.
  await database.db.execute(sql`insert into newsroom_articles
      (id, status, document, type, title, slug, topic_ids, updated_at)
    select 'CNT' || lpad(n::text, 5, '0'), 'draft', '{}'::jsonb, 'actualite', 'Compte ' || n, 'compte-' || n,
      array[${TOPIC}]::text[], timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute'
    from generate_series(1, ${MATCHES}) as n`);
  // One article of another topic, never counted with the filter.
  await database.db.execute(sql`insert into newsroom_articles
      (id, status, document, type, title, slug, topic_ids, updated_at)
    values ('CNTAUTRE', 'draft', '{}'::jsonb, 'actualite', 'Autre', 'autre', array['EBX:EFL_Themes:Autre'],
      timestamptz '2026-11-02T00:00:00Z')`);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

async function list(query: Record<string, string | number>): Promise<ArticleListAnswer> {
  const answer = await callAdmin(listGet, { path: '/api/admin/articles', caller: editor, query });
  expect(answer.status).toBe(200);
  return articleListAnswer.parse(answer.body);
}

describe('the article list counts as far as its pages need', () => {
  it('page 1 counts up to 1,000 matches and says the total is a lower bound', async () => {
    const first = await list({ topic: TOPIC, perPage: 25 });
    expect(first).toMatchObject({
      total: ARTICLE_LIST_COUNT_AHEAD,
      totalIsLowerBound: true,
      page: 1,
      pageCount: ARTICLE_LIST_COUNT_AHEAD / 25,
    });
    // Newest change first, whatever the count.
    expect(first.items.map((item) => item.id).slice(0, 2)).toEqual([`CNT0${MATCHES}`, `CNT0${MATCHES - 1}`]);
  });

  it('a later page counts further, and the exact total once every match is counted', async () => {
    // Page 2 starts at the 26th match: it counts up to 1,025, still fewer than the 1,100 matches.
    expect(await list({ topic: TOPIC, perPage: 25, page: 2 })).toMatchObject({
      total: 1025,
      totalIsLowerBound: true,
      pageCount: 41,
    });
    // Page 5 starts at the 101st: 1,100 is within its 1,100 counted, exact.
    const fifth = await list({ topic: TOPIC, perPage: 25, page: 5 });
    expect(fifth).toMatchObject({ total: MATCHES, totalIsLowerBound: false, pageCount: 44 });
    expect(fifth.items).toHaveLength(25);
    expect(fifth.items[0]?.id).toBe(`CNT0${MATCHES - 100}`);
    // The last page holds the oldest matches.
    const last = await list({ topic: TOPIC, perPage: 25, page: 44 });
    expect(last.items.map((item) => item.id).at(-1)).toBe('CNT00001');
    expect(last).toMatchObject({ total: MATCHES, totalIsLowerBound: false });
  });

  it('a filter with fewer matches than the count reaches is counted exactly on page 1', async () => {
    expect(await list({ topic: 'EBX:EFL_Themes:Autre' })).toMatchObject({
      total: 1,
      totalIsLowerBound: false,
      pageCount: 1,
    });
  });

  it('pages stop at the 10,000th match whatever the count', async () => {
    const deepest = ARTICLE_LIST_BOUND / 25;
    expect((await list({ topic: TOPIC, perPage: 25, page: deepest })).items).toEqual([]);
    const beyond = await callAdmin(listGet, {
      path: '/api/admin/articles',
      caller: editor,
      query: { topic: TOPIC, perPage: 25, page: deepest + 1 },
    });
    expect(beyond.status).toBe(400);
  });
});
