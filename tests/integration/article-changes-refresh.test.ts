import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { PATCH as articlePatch } from '@/app/api/admin/articles/[id]/route';
import { POST as unpublishPost } from '@/app/api/admin/articles/[id]/unpublish/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { POST as redirectsPost } from '@/app/api/admin/redirects/route';
import { PATCH as topicPatch } from '@/app/api/admin/taxonomy/topics/[id]/route';
import { type AdminArticle, adminArticleSchema } from '@/lib/contracts/admin';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import { topics } from '@/server/db/schema';
import { publishDueArticles } from '@/server/editorial/workflow';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { type ContentChangeEar, listenToContentChanges } from '../support/content-changes';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

/**
 * The page cache keeps an article page until Next's ISR copy turns stale (60 s, docs/SCALING.md 2026-11-26): that
 * is only right if every way an article page can change refreshes the caches at once. Each change announces itself
 * in its transaction (NOTIFY: every instance on PostgreSQL refreshes its caches, `POST /api/revalidate`), and on
 * PGlite, where no listener runs, the process refreshes its own caches (`requestOwnRevalidation`).
 */
const revalidations = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/server/content/content-changes', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/content/content-changes')>();
  return {
    ...original,
    requestOwnRevalidation: async () => {
      revalidations.count += 1;
      return true;
    },
  };
});

let database: Database;
let editor: TestStaff;
let administrator: TestStaff;
let ear: ContentChangeEar;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [editor, administrator] = await Promise.all([
    createTestStaff(database.db, 'editeur', 'Dominique Chef'),
    createTestStaff(database.db, 'administrateur', 'Alex Admin'),
  ]);
  await database.db.insert(topics).values({ ...TVA, parentId: null, sortOrder: 0 });
  ear = await listenToContentChanges(database);
});

afterAll(async () => {
  await ear?.stop();
  forgetDatabaseForRoutes();
  await database?.close();
});

beforeEach(() => {
  revalidations.count = 0;
});

/** Runs a change; asserts every instance's caches are told (and, on PGlite, this process's own). */
async function expectCachesRefreshed(change: () => Promise<unknown>): Promise<void> {
  const heard = await ear.heardDuring(change);
  expect(heard).toBeGreaterThanOrEqual(1);
  if (database.driver === 'pglite') expect(revalidations.count).toBeGreaterThanOrEqual(1);
}

async function expectNothingRefreshed(change: () => Promise<unknown>): Promise<void> {
  expect(await ear.heardDuring(change)).toBe(0);
  expect(revalidations.count).toBe(0);
}

const TVA = { id: 'EBX:EFL_Themes:Tva', label: 'TVA', slug: 'tva', shortId: 'T3' };

const articlePath = (id: string, action = '') => `/api/admin/articles/${id}${action}`;

async function createDraft(fields: Record<string, unknown> = {}): Promise<AdminArticle> {
  const answer = await callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: editor,
    body: articleBody(fields),
  });
  expect(answer.status).toBe(201);
  return adminArticleSchema.parse(answer.body);
}

async function act(
  handler: Parameters<typeof callAdmin>[0],
  article: AdminArticle,
  action: string,
  body: unknown,
  method: 'POST' | 'PATCH' = 'POST',
): Promise<AdminArticle> {
  const answer = await callAdmin<AdminArticle>(handler, {
    path: articlePath(article.id, action),
    method,
    caller: editor,
    body,
    params: { id: article.id },
  });
  expect(answer.status).toBe(200);
  return adminArticleSchema.parse(answer.body);
}

describe('every change of an article page refreshes the page cache', () => {
  let live: AdminArticle;

  it('an import (announced; on PGlite it runs with the server stopped, which starts with empty caches)', async () => {
    const lines = readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/import/good.ndjson'),
      'utf8',
    ).split('\n');
    const heard = await ear.heardDuring(async () => {
      expect(await importArticles(database.db, lines)).toMatchObject({ ok: true });
    });
    expect(heard).toBe(1);
  });

  it('a publication from the newsroom', async () => {
    const draft = await createDraft({ title: 'Publié depuis la rédaction' });
    await expectCachesRefreshed(async () => {
      live = await act(publishPost, draft, '/publish', { version: draft.version });
    });
    expect(live.status).toBe('published');
  });

  it('an edit of a published article: nothing until it is published again, then at once', async () => {
    const edited = await expectNothingRefreshedThen(() =>
      act(articlePatch, live, '', { version: live.version, title: 'Titre corrigé' }, 'PATCH'),
    );
    await expectCachesRefreshed(async () => {
      live = await act(publishPost, edited, '/publish', { version: edited.version, markUpdated: true });
    });
  });

  it('a scheduled publication, when its time comes', async () => {
    const draft = await createDraft({ title: 'Programmé' });
    const at = new Date(Date.now() + 60_000);
    const scheduled = await act(publishPost, draft, '/publish', {
      version: draft.version,
      at: at.toISOString(),
    });
    expect(scheduled.status).toBe('scheduled');
    revalidations.count = 0;
    await expectCachesRefreshed(async () => {
      expect(await publishDueArticles(database.db, { now: new Date(at.getTime() + 1_000) })).toEqual([
        draft.id,
      ]);
    });
  });

  it('a withdrawal', async () => {
    await expectCachesRefreshed(() => act(unpublishPost, live, '/unpublish', { version: live.version }));
  });

  it('a redirect of an old address', async () => {
    await expectCachesRefreshed(async () => {
      const answer = await callAdmin(redirectsPost, {
        path: '/api/admin/redirects',
        method: 'POST',
        caller: administrator,
        body: { fromPath: '/actualite/ancienne-adresse_A999', toPath: '/actualite', status: 301 },
      });
      expect(answer.status).toBe(201);
    });
  });

  it('a renamed topic (its label shows on the article pages)', async () => {
    const id = TVA.id;
    await expectCachesRefreshed(async () => {
      const answer = await callAdmin(topicPatch, {
        path: `/api/admin/taxonomy/topics/${encodeURIComponent(id)}`,
        method: 'PATCH',
        caller: editor,
        body: { label: 'TVA et taxes' },
        params: { id },
      });
      expect(answer.status).toBe(200);
    });
  });
});

/** An edit readers do not see yet refreshes nothing; answers the edited article. */
async function expectNothingRefreshedThen(change: () => Promise<AdminArticle>): Promise<AdminArticle> {
  let result: AdminArticle | undefined;
  await expectNothingRefreshed(async () => {
    result = await change();
  });
  return result as AdminArticle;
}
