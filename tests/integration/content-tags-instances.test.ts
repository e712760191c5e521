import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { type AdminArticle, adminArticleSchema } from '@/lib/contracts/admin';
import { renderedPageTags } from '@/server/cache/page-tags';
import { CONTENT_CHANNEL } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { topics } from '@/server/db/schema';
import { loadArticlePage } from '@/server/pages/article-page';
import { loadListingPage } from '@/server/pages/news-listing';
import { NEWS_SECTION } from '@/server/pages/news-route';
import { canonicalArticlePath, tagSectionPage } from '@/server/pages/section-route';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { listeningUrl } from '../support/content-changes';
import { createTestDatabase } from '../support/database';
import { keepIsrCopy } from '../support/isr-copies';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';
import type { SecondInstanceMessage } from '../support/second-instance';
import { waitUntil } from '../support/wait-until';

/**
 * Two instances on one PostgreSQL database (docs/decisions/073-content-tags.md): this process writes, a second
 * server instance in a process of its own (tests/support/second-instance.ts: its own page cache, page tags and
 * listener) keeps a Fiscal article page and /actualite/social with the tags their render records. A Social
 * article published here reaches the other instance through the NOTIFY payload, which drops its Social
 * listing and revalidates that path alone, and keeps its Fiscal article. Both share one build folder, as two
 * instances of one deployment do: the pages this process renders there are refreshed on the other one too.
 * PostgreSQL only: PGlite is one process.
 */
// Publishing here announces through NOTIFY only (PostgreSQL); this process's own caches are not under test.
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

const TOPICS = {
  fiscal: { id: 'EBX:Fiscal', label: 'Fiscal', slug: 'fiscal', shortId: 'F' },
  social: { id: 'EBX:Social', label: 'Social', slug: 'social', shortId: 'S' },
};

let database: Database;
let editor: TestStaff;
let other: ChildProcess | undefined;
/** The build folder both instances serve from (Next's ISR copies on disk). */
const build = mkdtempSync(path.join(tmpdir(), 'two-instances-build-'));
const heard: Extract<SecondInstanceMessage, { kind: 'refreshed' }>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.driver !== 'postgres') throw new Error('this test needs PostgreSQL');
  useDatabaseForRoutes(database);
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
  await database.db
    .insert(topics)
    .values(Object.values(TOPICS).map((topic, index) => ({ ...topic, parentId: null, sortOrder: index })));
});

afterAll(async () => {
  other?.disconnect();
  rmSync(build, { recursive: true, force: true });
  forgetDatabaseForRoutes();
  await database?.close();
});

async function publish(title: string, topic: (typeof TOPICS)[keyof typeof TOPICS]): Promise<AdminArticle> {
  const created = await callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: editor,
    body: articleBody({ title, topics: [topic] }),
  });
  const draft = adminArticleSchema.parse(created.body);
  const published = await callAdmin<AdminArticle>(publishPost, {
    path: `/api/admin/articles/${draft.id}/publish`,
    method: 'POST',
    caller: editor,
    body: { version: draft.version },
    params: { id: draft.id },
  });
  expect(published.status).toBe(200);
  return adminArticleSchema.parse(published.body);
}

/** Starts the other instance with the tags each page records; resolves with its address once it listens. */
async function startOtherInstance(pages: Record<string, readonly string[]>): Promise<string> {
  const child = fork(
    path.resolve(import.meta.dirname, '../support/second-instance.ts'),
    [JSON.stringify({ databaseUrl: await listeningUrl(database), build, pages })],
    {
      execArgv: ['--conditions=react-server', '--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  other = child;
  let base = '';
  child.on('message', (message: SecondInstanceMessage) => {
    if (message.kind === 'ready') base = message.base;
    else heard.push(message);
  });
  // tsx compiles the server modules at the child's start: slow on a loaded machine.
  await waitUntil(() => base, { timeoutMs: 90_000, message: 'the other instance did not start' });
  // Its listener connects on its own: announce (everything) until it hears.
  await waitUntil(
    async () => {
      await database.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
      return heard.length > 0;
    },
    { timeoutMs: 15_000, intervalMs: 200, message: 'the other instance never heard a change' },
  );
  return base;
}

describe('two instances', () => {
  it('a Social publication on one refreshes the Social listing on the other and keeps its Fiscal article', {
    timeout: 180_000,
  }, async () => {
    const fiscal = await publish('Acomptes de TVA : le nouveau calendrier', TOPICS.fiscal);
    const article = await loadArticlePage(database.db, fiscal.id);
    if (!article) throw new Error('the Fiscal article is not public');
    const fiscalPath = canonicalArticlePath(article.article);
    const listing = await loadListingPage(database.db, 'social', undefined);
    if (!listing) throw new Error('no Social listing');
    // The tags these pages record as they render (section-page.tsx), computed here from the same loaders.
    await tagSectionPage(NEWS_SECTION, fiscalPath.split('/').slice(2), {
      kind: 'article',
      data: article,
      byId: false,
    });
    await tagSectionPage(NEWS_SECTION, ['social'], {
      kind: 'listing',
      data: listing,
      topic: 'social',
      filters: {},
    });
    const pages = Object.fromEntries(
      [fiscalPath, '/actualite/social'].map((page) => [page, renderedPageTags(page) ?? []]),
    );
    const base = await startOtherInstance(pages);
    const origin = async (page: string) => (await fetch(`${base}${page}`)).headers.get('x-cache');
    for (const page of [fiscalPath, '/actualite/social']) {
      expect(await origin(page)).toBe('MISS');
      expect(await origin(page)).toBe('HIT');
    }
    // Rendered by this instance into the shared folder since the other started: Next.js there would serve them.
    keepIsrCopy(build, '/actualite/social/paie');
    keepIsrCopy(build, '/actualite/taux-interet-legal_F77');
    heard.length = 0;

    await publish('Le barème des titres-restaurant', TOPICS.social);

    const change = await waitUntil(() => heard.find((message) => message.tags.includes('topic:social')), {
      timeoutMs: 10_000,
      message: 'the other instance did not hear the publication',
    });
    expect(change.tags).not.toContain('topic:fiscal');
    expect(change.revalidated).toContain('/actualite/social');
    expect(change.revalidated).not.toContain(fiscalPath);
    // A listing it never served refreshed there too (untagged: every change until it renders), another Fiscal
    // article left alone.
    expect(change.revalidated).toContain('/actualite/social/paie');
    expect(change.revalidated).not.toContain('/actualite/taux-interet-legal_F77');
    expect(change.pageCacheEntries).toBe(1);
    expect(await origin('/actualite/social')).toBe('MISS');
    expect(await origin(fiscalPath)).toBe('HIT');
  });
});
