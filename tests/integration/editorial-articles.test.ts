import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { POST as restorePost } from '@/app/api/admin/articles/[id]/revisions/[rev]/restore/route';
import { GET as revisionGet } from '@/app/api/admin/articles/[id]/revisions/[rev]/route';
import { GET as diffGet } from '@/app/api/admin/articles/[id]/revisions/diff/route';
import { GET as revisionsGet } from '@/app/api/admin/articles/[id]/revisions/route';
import {
  DELETE as articleDelete,
  GET as articleGet,
  PATCH as articlePatch,
} from '@/app/api/admin/articles/[id]/route';
import { POST as submitPost } from '@/app/api/admin/articles/[id]/submit/route';
import { POST as unpublishPost } from '@/app/api/admin/articles/[id]/unpublish/route';
import { POST as createPost, GET as listGet } from '@/app/api/admin/articles/route';
import { GET as singleRoute } from '@/app/api/article/single/route';
import {
  type AdminArticle,
  type ArticleConflictAnswer,
  adminArticleSchema,
  articleConflictAnswer,
  articleListAnswer,
  revisionDiffAnswer,
  revisionListAnswer,
} from '@/lib/contracts/admin';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import {
  articleSections,
  articles,
  auditLog,
  backgroundJobs,
  newsroomArticles,
  newsroomRevisions,
} from '@/server/db/schema';
import { ARTICLE_ID_TAKEN_MESSAGE, ENRICHED_ID_TAKEN_MESSAGE } from '@/server/editorial/articles';
import { isGoneArticlePath, refreshGoneArticles } from '@/server/editorial/gone';
import { loadPreviewPage } from '@/server/editorial/preview';
import { publishDueArticles, publishScheduledJob } from '@/server/editorial/workflow';
import { runDueJobs } from '@/server/jobs/runner';
import { newsFeedXml } from '@/server/pages/feeds';
import { googleNewsXml, newsEntriesOfYear } from '@/server/pages/sitemaps';
import { search } from '@/server/search/engine';
import { toSearchParams } from '@/server/search/params';
import { suggest } from '@/server/search/suggest';
import { MAX_ADMIN_JSON_BYTES } from '@/server/staff/route';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { databaseClockPassed } from '../support/database-clock';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let otherJournalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, otherJournalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur', 'Camille Martin'),
    createTestStaff(database.db, 'redacteur', 'Jean Autre'),
    createTestStaff(database.db, 'editeur', 'Dominique Chef'),
  ]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const image = {
  content_type: 'cover',
  href: '/media/1/w1280.webp',
  image_name: 'couverture',
  legend: 'Une légende',
};

async function create(by: TestStaff, fields: Record<string, unknown> = {}): Promise<AdminArticle> {
  const answer = await callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: by,
    body: articleBody(fields),
  });
  expect(answer.status).toBe(201);
  return adminArticleSchema.parse(answer.body);
}

function call(
  handler: Parameters<typeof callAdmin>[0],
  id: string,
  by: TestStaff,
  body: unknown,
  extra = '',
) {
  return callAdmin<AdminArticle>(handler, {
    path: `/api/admin/articles/${id}${extra}`,
    method: 'POST',
    caller: by,
    body,
    params: { id },
  });
}

const patch = (id: string, by: TestStaff, body: unknown) =>
  callAdmin<AdminArticle>(articlePatch, {
    path: `/api/admin/articles/${id}`,
    method: 'PATCH',
    caller: by,
    body,
    params: { id },
  });

async function readerSees(id: string): Promise<boolean> {
  const answer = await callHandler(singleRoute, '/api/article/single', { query: { newsId: id } });
  return answer.status === 200;
}

describe('creating and editing', () => {
  it('creates a draft with a server-assigned id, sanitised body and internal link kept', async () => {
    const created = await create(journalist, {
      view: '<p onclick="x()">Texte <script>alert(1)</script><a href="flash:id:A001">lien</a></p>',
    });
    expect(created.id).toMatch(/^R[0-9A-Z]{12}$/);
    expect(created).toMatchObject({ status: 'draft', version: 1, publishedVersion: null });
    expect(created.createdBy).toEqual({ id: journalist.id, name: 'Camille Martin' });
    expect(created.article.view).toBe('<p>Texte <a href="flash:id:A001">lien</a></p>');
    expect(await readerSees(created.id)).toBe(false);
  });

  it('answers 400 with French field errors, and writes nothing', async () => {
    const before = await database.db.$count(newsroomArticles);
    const answer = await callAdmin<{ error: { details: { field: string; message: string }[] } }>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: journalist,
      body: { type: 'agenda', title: '', sections: [{ id: 'S1' }] },
    });
    expect(answer.status).toBe(400);
    const fields = Object.fromEntries(answer.body.error.details.map((item) => [item.field, item.message]));
    expect(fields.title).toBe('ne doit pas être vide');
    expect(fields['sections.0.title']).toBe('champ obligatoire manquant');
    expect(await database.db.$count(newsroomArticles)).toBe(before);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const answer = await createPost(
      new Request('http://localhost:3000/api/admin/articles', {
        method: 'POST',
        headers: { host: 'localhost:3000', cookie: journalist.cookie, 'content-type': 'text/plain' },
        body: 'title=x',
      }),
      { params: Promise.resolve({}) as Promise<never> },
    );
    expect(answer.status).toBe(415);
  });

  it('answers 413 past 8 MB of JSON, whatever the announced length, and writes nothing', async () => {
    const before = await database.db.$count(newsroomArticles);
    const huge = JSON.stringify(articleBody({ view: `<p>${'a'.repeat(MAX_ADMIN_JSON_BYTES)}</p>` }));
    const answer = await createPost(
      new Request('http://localhost:3000/api/admin/articles', {
        method: 'POST',
        headers: {
          host: 'localhost:3000',
          cookie: journalist.cookie,
          'content-type': 'application/json',
          'content-length': '100',
        },
        body: huge,
      }),
      { params: Promise.resolve({}) as Promise<never> },
    );
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await database.db.$count(newsroomArticles)).toBe(before);
  });

  it('saves each change as a new version, and refuses a stale one with 409 and what changed', async () => {
    const created = await create(journalist);
    const first = await patch(created.id, journalist, { version: 1, title: 'Nouveau titre' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      version: 2,
      article: { title: 'Nouveau titre', slug: 'nouveau-titre' },
    });
    // Someone still on version 1 saves: refused, shown the current article and which fields changed.
    const stale = await patch(created.id, journalist, { version: 1, summary: 'Autre chapô' });
    expect(stale.status).toBe(409);
    const conflict: ArticleConflictAnswer = articleConflictAnswer.parse(stale.body);
    expect(conflict.current.version).toBe(2);
    expect(conflict.changedFields).toEqual(['title', 'slug']);
    expect(conflict.changedBy).toEqual([{ id: journalist.id, name: 'Camille Martin' }]);
    const [row] = await database.db
      .select()
      .from(newsroomArticles)
      .where(eq(newsroomArticles.id, created.id));
    expect(row?.document).toMatchObject({ summary: 'Ce qui change au 1er janvier.' });
  });

  it('an identical save does not make a new version', async () => {
    const created = await create(journalist);
    const same = await patch(created.id, journalist, { version: 1, title: created.article.title });
    expect(same.body.version).toBe(1);
  });

  it('a journalist edits only their own drafts; an editor any article', async () => {
    const created = await create(journalist);
    expect((await patch(created.id, otherJournalist, { version: 1, title: 'Pris' })).status).toBe(403);
    expect((await patch(created.id, editor, { version: 1, title: 'Relu' })).status).toBe(200);
  });

  it('lists the agenda by event date, latest first, each with its date', async () => {
    const later = await create(journalist, {
      type: 'agenda',
      title: 'Échéance tardive',
      event_date: '2027-03-15',
    });
    const sooner = await create(journalist, {
      type: 'agenda',
      title: 'Échéance proche',
      event_date: '2027-01-10',
    });
    // The sooner one changed last: the order is the events', not the changes'.
    await patch(sooner.id, journalist, { version: 1, summary: 'Changé en dernier' });
    const answer = articleListAnswer.parse(
      (
        await callAdmin(listGet, {
          path: '/api/admin/articles',
          caller: journalist,
          query: { type: 'agenda', sort: 'evenement', q: 'Échéance' },
        })
      ).body,
    );
    expect(answer.items.map((item) => [item.id, item.eventDate])).toEqual([
      [later.id, '2027-03-15'],
      [sooner.id, '2027-01-10'],
    ]);
  });

  it('lists with filters, newest change first', async () => {
    const marker = await create(journalist, {
      title: 'Barème kilométrique zêta',
      author: 'Sophie Lefèvre',
      topics: [{ label: 'Social', slug: 'social', id: 'EBX:EFL_Themes:Social', shortId: 'T2' }],
    });
    await create(otherJournalist, { title: 'Autre sujet', type: 'podcast' });
    const list = async (query: Record<string, string | number>) =>
      articleListAnswer.parse(
        (await callAdmin(listGet, { path: '/api/admin/articles', caller: journalist, query })).body,
      );
    const byText = await list({ q: 'bareme ZETA' });
    expect(byText.items.map((item) => item.id)).toEqual([marker.id]);
    // Every staff member is a choice of the "Créés par" filter, even for a journalist.
    expect(byText.creators.map((creator) => creator.name)).toEqual(
      expect.arrayContaining(['Camille Martin', 'Jean Autre', 'Dominique Chef']),
    );
    // Each row carries its topic labels and the names of who created and last changed it.
    expect(byText.items[0]).toMatchObject({
      topics: ['Social'],
      createdBy: { id: journalist.id, name: 'Camille Martin' },
      updatedBy: { id: journalist.id, name: 'Camille Martin' },
    });
    expect((await list({ topic: 'EBX:EFL_Themes:Social' })).items.map((item) => item.id)).toEqual([
      marker.id,
    ]);
    expect((await list({ author: 'lefevre' })).items.map((item) => item.id)).toEqual([marker.id]);
    expect((await list({ q: marker.id })).total).toBe(1);
    const podcasts = await list({ type: 'podcast' });
    expect(podcasts.items.every((item) => item.type === 'podcast')).toBe(true);
    const mine = await list({ createdBy: otherJournalist.id });
    expect(mine.items.every((item) => item.createdBy?.id === otherJournalist.id)).toBe(true);
    const all = await list({ perPage: 100 });
    const dates = all.items.map((item) => item.updatedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const bad = await callAdmin<{ error: { details: { field: string }[] } }>(listGet, {
      path: '/api/admin/articles',
      caller: journalist,
      query: { status: 'perdu', perPage: 1000 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((item) => item.field).sort()).toEqual(['perPage', 'status']);
    // Pages stop at the counted bound: the 10,000th match is on page 400 at 25 a page, and no deeper.
    expect(
      (await callAdmin(listGet, { path: '/api/admin/articles', caller: journalist, query: { page: 400 } }))
        .status,
    ).toBe(200);
    const tooDeep = await callAdmin<{ error: { details: { field: string; message: string }[] } }>(listGet, {
      path: '/api/admin/articles',
      caller: journalist,
      query: { page: 401 },
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error.details).toEqual([
      { field: 'page', message: expect.stringMatching(/^au plus la page 400 .*affinez les filtres$/) },
    ]);
  });
});

describe('workflow and what readers see', () => {
  it('submit, publish, update, unpublish: readers follow, the address answers 410 once withdrawn', async () => {
    const word = 'zygomorphe';
    const title = `Le régime ${word} des plus-values`;
    const created = await create(journalist, {
      title,
      images: [image],
      topics: [{ label: 'Fiscal', slug: 'fiscal', id: 'EBX:EFL_Themes:Fiscal', shortId: 'T1' }],
    });
    const submitted = await call(submitPost, created.id, journalist, { version: 1 }, '/submit');
    expect(submitted.body).toMatchObject({ status: 'in_review', version: 2 });
    // Submitted: no longer the journalist's to edit, and only editors publish.
    expect((await patch(created.id, journalist, { version: 2, title: 'x' })).status).toBe(403);
    expect((await call(publishPost, created.id, journalist, { version: 2 }, '/publish')).status).toBe(403);

    // An image without alt text cannot be published.
    const noAlt = await call(publishPost, created.id, editor, { version: 2 }, '/publish');
    expect(noAlt.status).toBe(400);
    expect(noAlt.body).toMatchObject({ error: { details: [{ field: 'images[0].alt' }] } });
    const withAlt = await patch(created.id, editor, {
      version: 2,
      images: [{ ...image, alt: 'Un graphique' }],
    });
    expect(withAlt.body.version).toBe(3);

    const published = await call(publishPost, created.id, editor, { version: 3 }, '/publish');
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'published', version: 4, publishedVersion: 4 });
    expect(await readerSees(created.id)).toBe(true);
    const single = await callHandler<{ article: { view: string; images: { alt?: string }[] } }>(
      singleRoute,
      '/api/article/single',
      { query: { newsId: created.id } },
    );
    // The public copy resolves the internal link.
    expect(single.body.article.view).toContain('href="/actualite/actu_A001"');
    // The alt text written in the newsroom reaches readers, beside the legend.
    expect(single.body.article.images[0]).toMatchObject({ alt: 'Un graphique', legend: 'Une légende' });
    expect(await newsFeedXml(database.db)).toContain(created.id);
    const inSitemaps = async () => {
      const year = new Date(published.body.article.publication_date ?? '').getUTCFullYear();
      const entries = await newsEntriesOfYear(database.db, year);
      return [
        entries.some((entry) => entry.path.endsWith(`_${created.id}`)),
        (await googleNewsXml(database.db)).includes(created.id),
      ];
    };
    expect(await inSitemaps()).toEqual([true, true]);
    const found = await search(database.db, toSearchParams({ term: word }));
    expect(found.results.map((result) => result.id)).toContain(created.id);
    const suggested = async () => (await suggest(database.db, `régime ${word}`)).map((item) => item.value);
    expect(await suggested()).toContain(title);

    // An edit of a published article waits for the next publication.
    const edited = await patch(created.id, editor, { version: 4, summary: 'Chapô corrigé' });
    expect(edited.body).toMatchObject({ status: 'published', version: 5, publishedVersion: 4 });
    const [publicRow] = await database.db.select().from(articles).where(eq(articles.id, created.id));
    expect(publicRow?.summary).toBe('Ce qui change au 1er janvier.');
    const republished = await call(
      publishPost,
      created.id,
      editor,
      { version: 5, markUpdated: true },
      '/publish',
    );
    expect(republished.body.article.update_date).toBeTruthy();
    expect(republished.body.article.publication_date).toBe(published.body.article.publication_date);
    const [updatedRow] = await database.db.select().from(articles).where(eq(articles.id, created.id));
    expect(updatedRow?.summary).toBe('Chapô corrigé');

    const unpublished = await call(unpublishPost, created.id, editor, { version: 6 }, '/unpublish');
    expect(unpublished.body).toMatchObject({ status: 'unpublished', version: 7 });
    expect(await readerSees(created.id)).toBe(false);
    expect(await newsFeedXml(database.db)).not.toContain(created.id);
    expect(await inSitemaps()).toEqual([false, false]);
    const gone = await search(database.db, toSearchParams({ term: word }));
    expect(gone.results.map((result) => result.id)).not.toContain(created.id);
    expect(await suggested()).not.toContain(title);
    expect(isGoneArticlePath(unpublished.body.path)).toBe(true);
    const withdrawn = await callHandler(singleRoute, '/api/article/single', {
      query: { newsId: created.id },
    });
    expect(withdrawn.status).toBe(410);
    expect(isGoneArticlePath('/actualite/autre_A001')).toBe(false);

    const actions = await database.db
      .select({ action: auditLog.action, staffId: auditLog.staffId })
      .from(auditLog)
      .where(eq(auditLog.targetId, created.id));
    expect(actions.map((entry) => entry.action)).toEqual([
      'article.create',
      'article.submit',
      'article.update',
      'article.publish',
      'article.update',
      'article.publish',
      'article.unpublish',
    ]);
  });

  it('an article with a body and sections publishes both: the body first, for every reader', async () => {
    const created = await create(journalist, {
      view: '<h2>Le contexte</h2><ul><li>Premier point</li></ul>',
      sections: [
        { id: 'BODY-S1', title: 'Première section', view: '<p>Ouverte</p>' },
        { id: 'BODY-S2', title: 'Seconde section', view: '<p>Réservée</p>' },
      ],
    });
    const published = await call(publishPost, created.id, editor, { version: 1 }, '/publish');
    expect(published.status).toBe(200);
    const [stored] = await database.db
      .select({ bodyHtml: articles.bodyHtml })
      .from(articles)
      .where(eq(articles.id, created.id));
    expect(stored?.bodyHtml).toContain('Premier point');
    const single = await callHandler<{ article: { view: string; sections: { id: string }[] } }>(
      singleRoute,
      '/api/article/single',
      { query: { newsId: created.id } },
    );
    // An anonymous reader: the body, then the first section only.
    expect(single.body.article.view).toContain('<h2>Le contexte</h2>');
    expect(single.body.article.sections.map((section) => section.id)).toEqual(['BODY-S1']);
    const preview = await loadPreviewPage(database.db, created.id, { hasAccess: false });
    expect(preview.article.view).toContain('Premier point');
  });

  it('an unpublished article cannot be deleted; a never-published draft can', async () => {
    const draft = await create(journalist);
    const other = await callAdmin(articleDelete, {
      path: `/api/admin/articles/${draft.id}`,
      method: 'DELETE',
      caller: otherJournalist,
      params: { id: draft.id },
      query: { version: 1 },
    });
    expect(other.status).toBe(403);
    const own = await callAdmin(articleDelete, {
      path: `/api/admin/articles/${draft.id}`,
      method: 'DELETE',
      caller: journalist,
      params: { id: draft.id },
      query: { version: 1 },
    });
    expect(own.status).toBe(204);
    const gone = await callAdmin(articleGet, {
      path: `/api/admin/articles/${draft.id}`,
      caller: journalist,
      params: { id: draft.id },
    });
    expect(gone.status).toBe(404);

    const live = await create(editor);
    await call(publishPost, live.id, editor, { version: 1 }, '/publish');
    const refused = await callAdmin(articleDelete, {
      path: `/api/admin/articles/${live.id}`,
      method: 'DELETE',
      caller: editor,
      params: { id: live.id },
      query: { version: 2 },
    });
    expect(refused.status).toBe(409);
  });

  it('a section id taken by another article makes publication a 409, and nothing is published', async () => {
    const first = await create(editor, { sections: [{ id: 'SEC-DUP', title: 'Une', view: '<p>a</p>' }] });
    await call(publishPost, first.id, editor, { version: 1 }, '/publish');
    const second = await create(editor, { sections: [{ id: 'SEC-DUP', title: 'Deux', view: '<p>b</p>' }] });
    const refused = await call(publishPost, second.id, editor, { version: 1 }, '/publish');
    expect(refused.status).toBe(409);
    expect(await readerSees(second.id)).toBe(false);
    const [row] = await database.db.select().from(newsroomArticles).where(eq(newsroomArticles.id, second.id));
    expect(row).toMatchObject({ status: 'draft', version: 1 });
  });
});

describe('article ids', () => {
  const createAs = (by: TestStaff, fields: Record<string, unknown>) =>
    callAdmin(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: by,
      body: articleBody(fields),
    });
  const refusal = (field: string, message: string) => ({
    error: { code: 'conflict', message, details: [{ field, message }] },
  });

  it('refuses an id or an enriched news id another article answers to, both ways (409, in French)', async () => {
    const enrichedId = `EN${Date.now()}`;
    const live = await create(editor, { enriched_news_id: enrichedId });
    expect((await call(publishPost, live.id, editor, { version: 1 }, '/publish')).status).toBe(200);
    const takenId = refusal('id', ARTICLE_ID_TAKEN_MESSAGE);
    const takenEnriched = refusal('enriched_news_id', ENRICHED_ID_TAKEN_MESSAGE);

    // A new article named after the live article's enriched id, or after its id.
    expect(await createAs(journalist, { id: enrichedId })).toMatchObject({ status: 409, body: takenId });
    expect(await createAs(journalist, { id: live.id })).toMatchObject({ status: 409, body: takenId });
    // A draft whose enriched id is the live article's id, or its enriched id; at creation or later.
    expect(await createAs(journalist, { enriched_news_id: live.id })).toMatchObject({
      status: 409,
      body: takenEnriched,
    });
    expect(await createAs(journalist, { enriched_news_id: enrichedId })).toMatchObject({
      status: 409,
      body: takenEnriched,
    });
    const draft = await create(journalist);
    expect(await patch(draft.id, journalist, { version: 1, enriched_news_id: live.id })).toMatchObject({
      status: 409,
      body: takenEnriched,
    });
    // The live article keeps its own ids through an edit, and its address still answers.
    expect((await patch(live.id, editor, { version: 2, summary: 'Nouveau chapô' })).status).toBe(200);
    expect(await readerSees(live.id)).toBe(true);
    const [row] = await database.db
      .select()
      .from(newsroomArticles)
      .where(eq(newsroomArticles.id, enrichedId));
    expect(row).toBeUndefined();
  });

  it('lists as gone only the ids no published article answers to', async () => {
    const withdrawn = await create(editor);
    await call(publishPost, withdrawn.id, editor, { version: 1 }, '/publish');
    await call(unpublishPost, withdrawn.id, editor, { version: 2 }, '/unpublish');
    expect(isGoneArticlePath(`/actualite/titre_${withdrawn.id}`)).toBe(true);
    // An address a published article answers to (data from before the ids were checked) is never 410.
    const live = await create(editor);
    await call(publishPost, live.id, editor, { version: 1 }, '/publish');
    await database.db.update(articles).set({ enrichedNewsId: withdrawn.id }).where(eq(articles.id, live.id));
    await refreshGoneArticles(database.db);
    expect(isGoneArticlePath(`/actualite/titre_${withdrawn.id}`)).toBe(false);
    await database.db.update(articles).set({ enrichedNewsId: null }).where(eq(articles.id, live.id));
    await refreshGoneArticles(database.db);
    expect(isGoneArticlePath(`/actualite/titre_${withdrawn.id}`)).toBe(true);
  });
});

describe('revisions', () => {
  it('compares dates in French (Paris time) and the body block by block: headings, list items, table rows', async () => {
    const table = (rows: string) =>
      `<table><thead><tr><th scope="col">Année</th><th scope="col">Taux</th></tr></thead><tbody>${rows}</tbody></table>`;
    const created = await create(journalist, {
      publication_date: '2026-12-02T09:05:00.000Z',
      view: `<h2>Le barème</h2><ul><li><p>Premier cas</p></li><li><p>Second cas</p></li></ul>${table('<tr><td>2025</td><td>5 %</td></tr>')}`,
    });
    await patch(created.id, journalist, {
      version: 1,
      publication_date: '2026-07-01T06:30:00.000Z',
      view: `<h2>Le barème</h2><ul><li><p>Premier cas modifié</p></li></ul>${table('<tr><td>2025</td><td>5 %</td></tr><tr><td>2026</td><td>6 %</td></tr>')}`,
    });
    const diff = revisionDiffAnswer.parse(
      (
        await callAdmin(diffGet, {
          path: `/api/admin/articles/${created.id}/revisions/diff`,
          caller: journalist,
          params: { id: created.id },
          query: { from: 1, to: 2 },
        })
      ).body,
    );
    const date = diff.changes.find((change) => change.field === 'publication_date');
    const side = (hidden: 'added' | 'removed') =>
      date?.parts
        .filter((part) => part.kind !== hidden)
        .map((part) => part.text)
        .join('');
    expect(side('added')).toBe('2 décembre 2026 à 10 h 05');
    expect(side('removed')).toBe('1er juillet 2026 à 08 h 30');
    const body = diff.changes.find((change) => change.field === 'view');
    expect(body?.blocks?.map((block) => `${block.kind} ${block.element}`)).toEqual([
      'same heading',
      'changed item',
      'removed item',
      'same row',
      'same row',
      'added row',
    ]);
    expect(body?.blocks?.[1]?.cells[0]).toEqual([
      { kind: 'same', text: 'Premier cas' },
      { kind: 'added', text: ' modifié' },
    ]);
    expect(body?.blocks?.[5]?.cells.map((cell) => cell.map((part) => part.text).join(''))).toEqual([
      '2026',
      '6 %',
    ]);
  });

  it('keeps every save, compares two readably and restores one as a new version', async () => {
    const created = await create(journalist, { view: '<p>Le taux passe à 20 %.</p>' });
    await patch(created.id, journalist, {
      version: 1,
      view: '<p>Le taux passe à 10 %.</p>',
      title: 'Taux réduit',
    });
    const list = revisionListAnswer.parse(
      (
        await callAdmin(revisionsGet, {
          path: `/api/admin/articles/${created.id}/revisions`,
          caller: journalist,
          params: { id: created.id },
        })
      ).body,
    );
    expect(list.items.map((item) => [item.number, item.action])).toEqual([
      [2, 'update'],
      [1, 'create'],
    ]);
    const diff = revisionDiffAnswer.parse(
      (
        await callAdmin(diffGet, {
          path: `/api/admin/articles/${created.id}/revisions/diff`,
          caller: journalist,
          params: { id: created.id },
          query: { from: 1, to: 2 },
        })
      ).body,
    );
    const body = diff.changes.find((change) => change.field === 'view');
    expect(body?.label).toBe('Corps de l’article');
    expect(body?.parts.filter((part) => part.kind !== 'same').map((part) => [part.kind, part.text])).toEqual([
      ['removed', '20'],
      ['added', '10'],
    ]);
    expect(diff.changes.map((change) => change.field)).toEqual(['title', 'slug', 'view']);

    const one = await callAdmin<{ article: { view: string } }>(revisionGet, {
      path: `/api/admin/articles/${created.id}/revisions/1`,
      caller: journalist,
      params: { id: created.id, rev: '1' },
    });
    expect(one.body.article.view).toBe('<p>Le taux passe à 20 %.</p>');

    // Journalists do not restore; editors do, as a new version.
    const path = `/api/admin/articles/${created.id}/revisions/1/restore`;
    const params = { id: created.id, rev: '1' };
    expect(
      (
        await callAdmin(restorePost, {
          path,
          method: 'POST',
          caller: journalist,
          params,
          body: { version: 2 },
        })
      ).status,
    ).toBe(403);
    const restored = await callAdmin<AdminArticle>(restorePost, {
      path,
      method: 'POST',
      caller: editor,
      params,
      body: { version: 2 },
    });
    expect(restored.body).toMatchObject({ version: 3, article: { view: '<p>Le taux passe à 20 %.</p>' } });
    const [latest] = await database.db
      .select({ action: newsroomRevisions.action })
      .from(newsroomRevisions)
      .where(sql`${newsroomRevisions.articleId} = ${created.id} and ${newsroomRevisions.number} = 3`);
    expect(latest?.action).toBe('restore');
  });
});

describe('scheduling', () => {
  it('a scheduled article goes live at its time, exactly once, whatever the number of runners', async () => {
    const created = await create(editor, { title: 'Programmé pour demain' });
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await call(
      publishPost,
      created.id,
      editor,
      { version: 1, at: at.toISOString() },
      '/publish',
    );
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
    expect(await publishDueArticles(database.db, { now: new Date() })).toEqual([]);
    expect(await readerSees(created.id)).toBe(false);

    // Two runners at once after its time: one publishes it.
    const later = new Date(at.getTime() + 1_000);
    const runs = await Promise.all([
      publishDueArticles(database.db, { now: later }),
      publishDueArticles(database.db, { now: later }),
    ]);
    expect(runs.flat().filter((id) => id === created.id)).toHaveLength(1);
    expect(await readerSees(created.id)).toBe(true);
    const [row] = await database.db
      .select()
      .from(newsroomArticles)
      .where(eq(newsroomArticles.id, created.id));
    expect(row).toMatchObject({ status: 'published', scheduledAt: null, version: 3, publishedVersion: 3 });
    expect(row?.document).toMatchObject({ publication_date: at.toISOString() });
    const publications = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${created.id} and ${auditLog.action} = 'article.publish'`);
    expect(publications).toHaveLength(1);
    expect(publications[0]?.actorKind).toBe('system');
  });

  it('the job runner publishes it once its time has come, once with two runners at the same moment', async () => {
    const created = await create(editor, { title: 'Par la file des tâches' });
    const at = new Date(Date.now() + 1_500);
    await call(publishPost, created.id, editor, { version: 1, at: at.toISOString() }, '/publish');
    const [job] = await database.db
      .select()
      .from(backgroundJobs)
      .where(eq(backgroundJobs.dedupeKey, `${created.id}@${at.toISOString()}`));
    expect(job).toMatchObject({ status: 'pending', kind: publishScheduledJob.kind });
    await runDueJobs(database.db);
    expect(await readerSees(created.id)).toBe(false);
    await databaseClockPassed(database.db, at);
    const counts = await Promise.all([runDueJobs(database.db), runDueJobs(database.db)]);
    expect(counts.reduce((sum, count) => sum + count.done, 0)).toBe(1);
    expect(await readerSees(created.id)).toBe(true);
    const publications = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.targetId} = ${created.id} and ${auditLog.action} = 'article.publish'`);
    expect(publications).toHaveLength(1);
  });

  it('unpublishing a scheduled, never-published article takes it back to draft', async () => {
    const created = await create(editor);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await call(publishPost, created.id, editor, { version: 1, at }, '/publish');
    const back = await call(unpublishPost, created.id, editor, { version: 2 }, '/unpublish');
    expect(back.body).toMatchObject({ status: 'draft', scheduledAt: null });
    const jobs = await database.db
      .select({ status: backgroundJobs.status })
      .from(backgroundJobs)
      .where(eq(backgroundJobs.dedupeKey, `${created.id}@${at}`));
    expect(jobs).toEqual([{ status: 'cancelled' }]);
    expect(await publishDueArticles(database.db, { now: new Date(Date.now() + 7_200_000) })).not.toContain(
      created.id,
    );
  });
});

describe('preview', () => {
  it('renders a draft as readers would get it, whole for staff or gated as for an anonymous reader', async () => {
    const created = await create(journalist, {
      paywalled: true,
      sections: [
        { id: 'PREV-S1', title: 'Première section', view: '<p>Ouverte</p>' },
        { id: 'PREV-S2', title: 'Seconde section', view: '<p>Réservée</p>' },
      ],
    });
    await patch(created.id, journalist, { version: 1, title: 'Titre relu' });
    const whole = await loadPreviewPage(database.db, created.id);
    expect(whole.article.title).toBe('Titre relu');
    expect(whole.article.view).toContain('href="/actualite/actu_A001"');
    expect(whole.article.sections.map((section) => section.id)).toEqual(['PREV-S1', 'PREV-S2']);
    const gated = await loadPreviewPage(database.db, created.id, { hasAccess: false });
    expect(gated.isPaywallable).toBe(true);
    expect(gated.article.sections.map((section) => section.id)).toEqual(['PREV-S1']);
    // The draft was never published: the withheld sections come from it, listed locked in the table of contents.
    expect(gated.lockedSections).toEqual([{ id: 'PREV-S2', title: 'Seconde section' }]);
    const first = await loadPreviewPage(database.db, created.id, { revision: 1 });
    expect(first.article.title).toBe('Réforme de la TVA sur les acomptes');
    expect(await readerSees(created.id)).toBe(false);
  });
});

describe('the import and the newsroom', () => {
  it('an imported article is in the newsroom as a published version, and a re-import a new one', async () => {
    const line = (title: string) =>
      JSON.stringify({
        id: 'IMP-1',
        type: 'actualite',
        title,
        publication_date: '2025-01-10T08:00:00Z',
        sections: [{ id: 'IMP-1-S1', title: 'Section', view: '<p>Texte</p>' }],
      });
    expect(await importArticles(database.db, [line('Importé une fois')])).toMatchObject({ ok: true });
    const first = await callAdmin<AdminArticle>(articleGet, {
      path: '/api/admin/articles/IMP-1',
      caller: editor,
      params: { id: 'IMP-1' },
    });
    expect(first.body).toMatchObject({ status: 'published', version: 1, publishedVersion: 1 });
    expect(first.body.article.sections).toHaveLength(1);
    await importArticles(database.db, [line('Importé deux fois')]);
    const second = await callAdmin<AdminArticle>(articleGet, {
      path: '/api/admin/articles/IMP-1',
      caller: editor,
      params: { id: 'IMP-1' },
    });
    expect(second.body).toMatchObject({
      version: 2,
      publishedVersion: 2,
      article: { title: 'Importé deux fois' },
    });
    // Editing it in the newsroom and publishing writes the same public rows the import would.
    await patch('IMP-1', editor, { version: 2, title: 'Édité dans la rédaction' });
    await call(publishPost, 'IMP-1', editor, { version: 3 }, '/publish');
    const sections = await database.db
      .select()
      .from(articleSections)
      .where(eq(articleSections.articleId, 'IMP-1'));
    expect(sections.map((section) => section.id)).toEqual(['IMP-1-S1']);
    const [row] = await database.db.select().from(articles).where(eq(articles.id, 'IMP-1'));
    expect(row).toMatchObject({ title: 'Édité dans la rédaction', slug: 'importe-deux-fois' });
  });
});
