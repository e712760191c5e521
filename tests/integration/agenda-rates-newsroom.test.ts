import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { PATCH as articlePatch } from '@/app/api/admin/articles/[id]/route';
import { POST as submitPost } from '@/app/api/admin/articles/[id]/submit/route';
import { POST as createPost, GET as listGet } from '@/app/api/admin/articles/route';
import { type AdminArticle, adminArticleSchema, articleListAnswer } from '@/lib/contracts/admin';
import { listAgendaEvents } from '@/server/agenda/agenda-month';
import { listNews } from '@/server/content/news-list';
import type { Database } from '@/server/db/client';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

// Issue 18 item 4: agenda events and figures-and-rates articles go through the articles' editor and workflow
// (draft, review, published) and reach the agenda and the rates listing once published.

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur', 'Camille Martin'),
    createTestStaff(database.db, 'editeur', 'Dominique Chef'),
  ]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const FISCAL = { id: 'EBX:EFL_Themes:Fiscal', label: 'Fiscal', slug: 'fiscal', shortId: 'F' };
const SOCIAL = { id: 'EBX:EFL_Themes:Social', label: 'Social', slug: 'social', shortId: 'S' };

async function create(fields: Record<string, unknown>) {
  return callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: journalist,
    body: articleBody(fields),
  });
}

function step(
  handler: Parameters<typeof callAdmin>[0],
  id: string,
  by: TestStaff,
  body: unknown,
  path: string,
) {
  return callAdmin<AdminArticle>(handler, {
    path: `/api/admin/articles/${id}${path}`,
    method: path ? 'POST' : 'PATCH',
    caller: by,
    body,
    params: { id },
  });
}

/** Drafted by a journalist, submitted, published by an editor: the articles' workflow. */
async function throughWorkflow(created: AdminArticle): Promise<AdminArticle> {
  const submitted = adminArticleSchema.parse(
    (await step(submitPost, created.id, journalist, { version: created.version }, '/submit')).body,
  );
  expect(submitted.status).toBe('in_review');
  expect(
    (await step(publishPost, created.id, journalist, { version: submitted.version }, '/publish')).status,
  ).toBe(403);
  const published = await step(publishPost, created.id, editor, { version: submitted.version }, '/publish');
  expect(published.status).toBe(200);
  return adminArticleSchema.parse(published.body);
}

describe('agenda events and figures and rates in the newsroom', () => {
  it('refuses an agenda event without its date, naming the field', async () => {
    const answer = await create({ type: 'agenda', title: 'Échéance sans date', topics: [FISCAL] });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('event_date');
  });

  it('creates, edits and publishes a fiscal and a social event; the agenda shows them by topic once published', async () => {
    const fiscal = await create({
      type: 'agenda',
      title: 'Déclaration de TVA de novembre',
      summary: 'Dépôt de la déclaration CA3.',
      event_date: '2026-12-15',
      topics: [FISCAL],
    });
    expect(fiscal.status).toBe(201);
    const draft = adminArticleSchema.parse(fiscal.body);
    expect(draft.status).toBe('draft');
    expect(await listAgendaEvents(database.db, { from: '2026-12-01', to: '2026-12-31' })).toEqual([]);

    const edited = await step(
      articlePatch,
      draft.id,
      journalist,
      { version: draft.version, event_date: '2026-12-16', title: 'Déclaration de TVA (CA3)' },
      '',
    );
    expect(edited.status).toBe(200);
    await throughWorkflow(adminArticleSchema.parse(edited.body));

    const social = adminArticleSchema.parse(
      (
        await create({
          type: 'agenda',
          title: 'DSN de décembre',
          summary: 'Échéance sociale.',
          event_date: '2026-12-05',
          topics: [SOCIAL],
        })
      ).body,
    );
    await throughWorkflow(social);

    const all = await listAgendaEvents(database.db, { from: '2026-12-01', to: '2026-12-31' });
    expect(all.map((event) => [event.event_date, event.title])).toEqual([
      ['2026-12-05', 'DSN de décembre'],
      ['2026-12-16', 'Déclaration de TVA (CA3)'],
    ]);
    const fiscalOnly = await listAgendaEvents(database.db, { topicId: FISCAL.id, from: '2026-12-01' });
    expect(fiscalOnly.map((event) => event.title)).toEqual(['Déclaration de TVA (CA3)']);

    const listed = articleListAnswer.parse(
      (
        await callAdmin(listGet, {
          path: '/api/admin/articles',
          caller: journalist,
          query: { type: 'agenda' },
        })
      ).body,
    );
    expect(listed.items.map((item) => item.status).sort()).toEqual(['published', 'published']);
  });

  it('publishes a figures-and-rates article that the rates listing then shows', async () => {
    const created = await create({
      type: 'chiffres-taux',
      title: 'Taux de l’intérêt légal au 1er semestre 2027',
      summary: 'Les taux applicables.',
      topics: [FISCAL],
    });
    expect(created.status).toBe(201);
    const before = await listNews(database.db, { types: ['chiffres-taux'] });
    expect(before.news).toHaveLength(0);
    await throughWorkflow(adminArticleSchema.parse(created.body));
    const after = await listNews(database.db, { types: ['chiffres-taux'] });
    expect(after.news.map((item) => item.title)).toEqual(['Taux de l’intérêt légal au 1er semestre 2027']);
  });
});
