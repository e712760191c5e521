import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as restorePost } from '@/app/api/admin/article-bin/[id]/restore/route';
import { GET as binGet } from '@/app/api/admin/article-bin/route';
import { GET as notesGet, POST as notesPost } from '@/app/api/admin/articles/[id]/notes/route';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { GET as revisionsGet } from '@/app/api/admin/articles/[id]/revisions/route';
import {
  DELETE as articleDelete,
  GET as articleGet,
  PATCH as articlePatch,
} from '@/app/api/admin/articles/[id]/route';
import { POST as submitPost } from '@/app/api/admin/articles/[id]/submit/route';
import { POST as createPost, GET as listGet } from '@/app/api/admin/articles/route';
import {
  type AdminArticle,
  adminArticleSchema,
  articleListAnswer,
  revisionListAnswer,
} from '@/lib/contracts/admin';
import { ARTICLE_BIN_DAYS, articleBinAnswer } from '@/lib/contracts/article-bin';
import { reviewNotesAnswer } from '@/lib/contracts/review-newsroom';
import type { Database } from '@/server/db/client';
import { articleBin, auditLog, backgroundJobs } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

// The bin (« Corbeille »): drafts deleted from the list or the editor are kept 30 days, restorable by their author
// or an editor, then purged by a job.

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

const DAY_MS = 86_400_000;

async function create(by: TestStaff, title: string): Promise<AdminArticle> {
  const answer = await callAdmin(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: by,
    body: articleBody({ title }),
  });
  expect(answer.status).toBe(201);
  return adminArticleSchema.parse(answer.body);
}

const remove = (id: string, by: TestStaff, version: number) =>
  callAdmin<{ error: { code: string; message: string } }>(articleDelete, {
    path: `/api/admin/articles/${id}`,
    method: 'DELETE',
    caller: by,
    params: { id },
    query: { version },
  });

const restore = (id: string, by: TestStaff) =>
  callAdmin<{ error: { message: string } }>(restorePost, {
    path: `/api/admin/article-bin/${id}/restore`,
    method: 'POST',
    caller: by,
    params: { id },
  });

async function binOf(by: TestStaff) {
  const answer = await callAdmin(binGet, { path: '/api/admin/article-bin', caller: by });
  expect(answer.status).toBe(200);
  return articleBinAnswer.parse(answer.body);
}

const getArticle = (id: string, by: TestStaff) =>
  callAdmin(articleGet, { path: `/api/admin/articles/${id}`, caller: by, params: { id } });

async function auditActions(id: string): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'article'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

describe('deleting a draft', () => {
  it('moves it to the bin with its revisions: gone from the list, restorable as it was', async () => {
    const title = `Brouillon à jeter ${Date.now()}`;
    const draft = await create(journalist, title);
    const edited = await callAdmin(articlePatch, {
      path: `/api/admin/articles/${draft.id}`,
      method: 'PATCH',
      caller: journalist,
      params: { id: draft.id },
      body: { version: 1, summary: 'Deuxième version.' },
    });
    expect(edited.status).toBe(200);
    const notesPath = `/api/admin/articles/${draft.id}/notes`;
    const note = await callAdmin(notesPost, {
      path: notesPath,
      method: 'POST',
      caller: editor,
      params: { id: draft.id },
      body: { text: 'Citez la source du barème.' },
    });
    expect(note.status).toBe(201);

    expect((await remove(draft.id, journalist, 2)).status).toBe(204);
    expect((await getArticle(draft.id, journalist)).status).toBe(404);
    const list = articleListAnswer.parse(
      (await callAdmin(listGet, { path: '/api/admin/articles', caller: editor, query: { q: title } })).body,
    );
    expect(list.items).toEqual([]);

    const bin = await binOf(journalist);
    const entry = bin.items.find((item) => item.id === draft.id);
    expect(entry).toMatchObject({
      title,
      status: 'draft',
      version: 2,
      createdBy: { id: journalist.id, name: 'Camille Martin' },
      deletedBy: { id: journalist.id, name: 'Camille Martin' },
    });
    expect(Date.parse(entry?.purgeAt ?? '') - Date.parse(entry?.deletedAt ?? '')).toBe(
      ARTICLE_BIN_DAYS * DAY_MS,
    );

    const restored = await restore(draft.id, journalist);
    expect(restored.status).toBe(200);
    expect(adminArticleSchema.parse(restored.body)).toMatchObject({
      id: draft.id,
      status: 'draft',
      version: 2,
      createdBy: { id: journalist.id },
      article: { title, summary: 'Deuxième version.' },
    });
    const revisions = revisionListAnswer.parse(
      (
        await callAdmin(revisionsGet, {
          path: `/api/admin/articles/${draft.id}/revisions`,
          caller: journalist,
          params: { id: draft.id },
        })
      ).body,
    );
    expect(revisions.items.map((revision) => revision.number).sort()).toEqual([1, 2]);
    // Its review notes come back with it, still unread by its author.
    const notes = reviewNotesAnswer.parse(
      (await callAdmin(notesGet, { path: notesPath, caller: journalist, params: { id: draft.id } })).body,
    );
    expect(notes.items.map((item) => item.text)).toEqual(['Citez la source du barème.']);
    expect(notes.unread).toBe(1);
    expect((await binOf(editor)).items.some((item) => item.id === draft.id)).toBe(false);
    // Its author goes on editing it from the version it had.
    const again = await callAdmin(articlePatch, {
      path: `/api/admin/articles/${draft.id}`,
      method: 'PATCH',
      caller: journalist,
      params: { id: draft.id },
      body: { version: 2, summary: 'Troisième version.' },
    });
    expect(again.status).toBe(200);
    expect(await auditActions(draft.id)).toEqual([
      'article.create',
      'article.update',
      'article.note',
      'article.delete',
      'article.undelete',
      'article.update',
    ]);
  });

  it('journalists delete and restore only their own drafts; editors anyone’s, in review too', async () => {
    const draft = await create(journalist, 'Le brouillon de Camille');
    const refused = await remove(draft.id, otherJournalist, 1);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/propres brouillons/);

    const submitted = await callAdmin<AdminArticle>(submitPost, {
      path: `/api/admin/articles/${draft.id}/submit`,
      method: 'POST',
      caller: journalist,
      params: { id: draft.id },
      body: { version: 1 },
    });
    expect(submitted.status).toBe(200);
    // In review, its author no longer changes it; an editor may delete it.
    expect((await remove(draft.id, journalist, 2)).status).toBe(403);
    expect((await remove(draft.id, editor, 2)).status).toBe(204);

    expect((await binOf(otherJournalist)).items.some((item) => item.id === draft.id)).toBe(false);
    expect((await binOf(journalist)).items.find((item) => item.id === draft.id)).toMatchObject({
      status: 'in_review',
      deletedBy: { name: 'Dominique Chef' },
    });
    const notTheirs = await restore(draft.id, otherJournalist);
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body.error.message).toBe('Vous ne pouvez restaurer que vos propres brouillons.');
    expect((await restore(draft.id, journalist)).status).toBe(200);
    expect(adminArticleSchema.parse((await getArticle(draft.id, editor)).body).status).toBe('in_review');
  });

  it('refuses a published article (409) and a stale version (409); an unknown draft is a 404', async () => {
    const live = await create(editor, 'Déjà en ligne');
    await callAdmin(publishPost, {
      path: `/api/admin/articles/${live.id}/publish`,
      method: 'POST',
      caller: editor,
      params: { id: live.id },
      body: { version: 1 },
    });
    const published = await remove(live.id, editor, 2);
    expect(published.status).toBe(409);
    expect(published.body.error.message).toMatch(/^Un article déjà publié ne se supprime pas/);

    const draft = await create(editor, 'Version dépassée');
    expect((await remove(draft.id, editor, 7)).status).toBe(409);
    expect((await remove('R-INCONNU', editor, 1)).status).toBe(404);
    const missing = await restore('R-INCONNU', editor);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Ce brouillon n’est pas dans la corbeille.');
  });

  it('a deleted draft is purged by its job 30 days later, not before; a restored one never', async () => {
    const kept = await create(journalist, 'Restauré à temps');
    const purged = await create(journalist, 'Oublié dans la corbeille');
    expect((await remove(kept.id, journalist, 1)).status).toBe(204);
    expect((await remove(purged.id, journalist, 1)).status).toBe(204);
    expect((await restore(kept.id, journalist)).status).toBe(200);

    const inBin = async (id: string) =>
      (await database.db.select().from(articleBin).where(eq(articleBin.articleId, id))).length === 1;
    const now = Date.now();
    await runDueJobs(database.db, { now: new Date(now + (ARTICLE_BIN_DAYS - 1) * DAY_MS) });
    expect(await inBin(purged.id)).toBe(true);

    await runDueJobs(database.db, { now: new Date(now + (ARTICLE_BIN_DAYS * DAY_MS + 60_000)) });
    expect(await inBin(purged.id)).toBe(false);
    expect((await restore(purged.id, journalist)).status).toBe(404);
    expect(await auditActions(purged.id)).toEqual(['article.create', 'article.delete', 'article.purge']);
    // The restored draft's job was cancelled: it is still there, and no purge was logged for it.
    expect((await getArticle(kept.id, journalist)).status).toBe(200);
    expect(await auditActions(kept.id)).toEqual(['article.create', 'article.delete', 'article.undelete']);
    const jobs = await database.db
      .select({ status: backgroundJobs.status })
      .from(backgroundJobs)
      .where(and(eq(backgroundJobs.kind, 'editorial.bin-purge'), eq(backgroundJobs.dedupeKey, kept.id)));
    expect(jobs.map((job) => job.status)).toEqual(['cancelled']);
  });

  it('restoring refuses (409) an id another article took meanwhile', async () => {
    const draft = await create(editor, 'Identifiant repris');
    expect((await remove(draft.id, editor, 1)).status).toBe(204);
    const taker = await callAdmin(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: editor,
      body: articleBody({ id: draft.id, title: 'Nouvel occupant' }),
    });
    expect(taker.status).toBe(201);
    const refused = await restore(draft.id, editor);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Un article existe déjà avec cet identifiant.');
  });
});
