import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { PATCH as articlePatch } from '@/app/api/admin/articles/[id]/route';
import { POST as unpublishPost } from '@/app/api/admin/articles/[id]/unpublish/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { POST as rateVersionPost } from '@/app/api/admin/rates/[id]/versions/route';
import { POST as revalidatePost } from '@/app/api/revalidate/route';
import { type AdminArticle, adminArticleSchema } from '@/lib/contracts/admin';
import { noteIsrCopiesOnDisk } from '@/server/cache/isr-copies-on-disk';
import { renderedPageTags } from '@/server/cache/page-tags';
import { tagsOfRateTablePage } from '@/server/content/cache-tags';
import { encodeContentChange, setRevalidateSecret } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { rateTables, rateTableVersions, topics } from '@/server/db/schema';
import { REVALIDATED_PAGE_ROUTES, REWRITTEN_PAGE_ROUTES } from '@/server/http/route-table';
import { loadArticlePage } from '@/server/pages/article-page';
import { loadListingPage } from '@/server/pages/news-listing';
import { NEWS_SECTION } from '@/server/pages/news-route';
import { canonicalArticlePath, tagSectionPage } from '@/server/pages/section-route';
import { menuSimulatorTopics } from '@/server/pages/site-menu';
import { search } from '@/server/search/engine';
import { toSearchParams } from '@/server/search/params';
import { suggest } from '@/server/search/suggest';
import { buildRateTables } from '@/server/seed/rate-tables';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { listenAsServer } from '../support/content-changes';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';
import {
  get,
  SEARCH_NONCE,
  SEARCH_PAGE_ANSWER,
  SUGGESTIONS_ANSWER,
  servePageCacheBeforeStandIn,
  stand,
} from '../support/page-cache-stand-in';
import { waitUntil } from '../support/wait-until';

/**
 * A publication refreshes only the copies that show what it touched (docs/decisions/073-content-tags.md): the
 * page cache in front of a stand-in for Next.js keeps pages with the tags their render records (the real
 * loaders and tag rules of the news section), and a Social article published from the newsroom reaches this
 * process's `POST /api/revalidate` as a server's would: through its listener on PostgreSQL, from the writer
 * itself on PGlite.
 */
const TOKEN = 'jeton-du-processus-etiquettes-0123456789';
const revalidated = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidatePath: (path: string) => {
    revalidated.paths.push(path);
  },
}));
vi.mock('@/server/content/content-changes', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/server/content/content-changes')>();
  return {
    ...original,
    requestOwnRevalidation: (_port: number, tags: readonly string[]) => revalidate(tags),
  };
});

/** This process's own `POST /api/revalidate` for a change's tags. */
async function revalidate(tags: readonly string[]): Promise<boolean> {
  const response = await revalidatePost(
    new Request('http://localhost/api/revalidate', {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: encodeContentChange(tags),
    }),
    undefined,
  );
  return response.ok;
}

servePageCacheBeforeStandIn();

const TOPICS = {
  fiscal: { id: 'EBX:Fiscal', label: 'Fiscal', slug: 'fiscal', shortId: 'F' },
  social: { id: 'EBX:Social', label: 'Social', slug: 'social', shortId: 'S' },
  affaires: { id: 'EBX:Affaires', label: 'Affaires', slug: 'affaires', shortId: 'A' },
};

let database: Database;
let editor: TestStaff;
let stopListening: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  setRevalidateSecret(TOKEN);
  editor = await createTestStaff(database.db, 'editeur', 'Dominique Chef');
  await database.db
    .insert(topics)
    .values(Object.values(TOPICS).map((topic, index) => ({ ...topic, parentId: null, sortOrder: index })));
  const rates = buildRateTables();
  await database.db.insert(rateTables).values(rates.tables);
  await database.db.insert(rateTableVersions).values(rates.versions);
  stopListening = await listenAsServer(database, (tags) => revalidate(tags));
});

afterAll(async () => {
  await stopListening?.();
  setRevalidateSecret('');
  forgetDatabaseForRoutes();
  await database?.close();
});

async function unpublish(article: AdminArticle): Promise<void> {
  const answer = await callAdmin<AdminArticle>(unpublishPost, {
    path: `/api/admin/articles/${article.id}/unpublish`,
    method: 'POST',
    caller: editor,
    body: { version: article.version },
    params: { id: article.id },
  });
  expect(answer.status).toBe(200);
}

async function publish(
  title: string,
  topic: (typeof TOPICS)[keyof typeof TOPICS],
  type = 'actualite',
): Promise<AdminArticle> {
  const created = await callAdmin<AdminArticle>(createPost, {
    path: '/api/admin/articles',
    method: 'POST',
    caller: editor,
    body: articleBody({ title, topics: [topic], type }),
  });
  expect(created.status).toBe(201);
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

/** What the news page at `path` records as Next.js renders it (section-page.tsx). */
async function renderTags(path: string): Promise<void> {
  const segments = path.split('/').slice(2);
  const [first] = segments;
  if (first === 'social') {
    const data = await loadListingPage(database.db, 'social', undefined);
    if (!data) throw new Error('no social listing');
    await tagSectionPage(NEWS_SECTION, segments, { kind: 'listing', data, topic: 'social', filters: {} });
    return;
  }
  const id = first?.split('_').pop() ?? '';
  const data = await loadArticlePage(database.db, id);
  if (!data) throw new Error(`no article ${id}`);
  await tagSectionPage(NEWS_SECTION, segments, { kind: 'article', data, byId: false });
}

const origin = async (path: string) => (await get(path)).response.headers.get('x-cache');

describe('the first change after a start', () => {
  it('refreshes the pages Next.js kept on disk that it touches, not every ISR route', async () => {
    // What a build folder holds after an earlier run: an article page and an archive Next.js will serve as they are.
    const build = mkdtempSync(path.join(tmpdir(), 'isr-kept-'));
    for (const kept of ['actualite/ancien-bareme_K1', 'archives/2024']) {
      mkdirSync(path.dirname(path.join(build, 'server', 'app', kept)), { recursive: true });
      writeFileSync(path.join(build, 'server', 'app', `${kept}.html`), '<!doctype html>');
    }
    expect(await noteIsrCopiesOnDisk(build)).toBe(2);
    rmSync(build, { recursive: true, force: true });
    revalidated.paths = [];

    await publish('Le plafond de la Sécurité sociale 2027', TOPICS.social);

    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    expect(revalidated.paths).toContain('/archives/2024');
    expect(revalidated.paths).toEqual(expect.arrayContaining([...REWRITTEN_PAGE_ROUTES]));
    expect(revalidated.paths).not.toContain('/actualite/ancien-bareme_K1');
    for (const route of REVALIDATED_PAGE_ROUTES.filter((route) => !REWRITTEN_PAGE_ROUTES.includes(route)))
      expect(revalidated.paths).not.toContain(route);
  });
});

describe('a publication refreshes only the copies carrying its tags', () => {
  it('after a Social article, a warmed Fiscal article stays a HIT while /actualite/social is refreshed', async () => {
    const fiscal = await publish('Acomptes de TVA : le nouveau calendrier', TOPICS.fiscal);
    const fiscalPath = canonicalArticlePath(
      (await loadArticlePage(database.db, fiscal.id))?.article as never,
    );
    expect(fiscalPath).toMatch(/^\/actualite\/[^/]+$/);
    // Rendered for this request, as a first visit is: kept as long as Next's copy (60 s), whatever the machine's pace.
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    for (const path of [fiscalPath, '/actualite/social']) {
      await renderTags(path);
      expect(await origin(path)).toBe('MISS');
      expect(await origin(path)).toBe('HIT');
    }
    revalidated.paths = [];

    const social = await publish('Le barème des titres-restaurant', TOPICS.social);

    // Next's copy of the listing is refreshed by path (the home by route), never the Fiscal article's.
    await waitUntil(async () => revalidated.paths.includes('/actualite/social'), { timeoutMs: 5_000 });
    expect(revalidated.paths).not.toContain(fiscalPath);
    expect(await origin('/actualite/social')).toBe('MISS');
    expect(await origin(fiscalPath)).toBe('HIT');
    // The listing the stand-in rendered again would show the new article: the page's own data says so.
    const listing = await loadListingPage(database.db, 'social', undefined);
    expect(JSON.stringify(listing)).toContain(social.id);
  });
});

describe('a search the new article matches is rendered again; a withdrawal drops every search', () => {
  const SEARCH_PAGE = {
    ...SEARCH_PAGE_ANSWER,
    body: `<!doctype html><script nonce="${SEARCH_NONCE}" src="/a.js"></script><h1>Résultats pour « titres »</h1>`,
  };
  const SUGGESTIONS = {
    ...SUGGESTIONS_ANSWER,
    body: JSON.stringify([
      { value: 'Titres-restaurant', formatedSuggestion: '<mark>Titres</mark>-restaurant' },
    ]),
  };
  const SEARCH = '/search?term=titres';
  const SUGGEST = '/api/search/suggest?term=titres';

  it('a publication renders a kept search and suggestion list again; withdrawing the article drops both', async () => {
    /** Asks both, each answered by its own upstream when it is not served from the cache. */
    const ask = async () => {
      stand.upstream = SEARCH_PAGE;
      const search = await origin(SEARCH);
      stand.upstream = SUGGESTIONS;
      return [search, await origin(SUGGEST)];
    };
    await ask();
    expect(await ask()).toEqual(['HIT', 'HIT']);
    revalidated.paths = [];

    // Any article may match a search: their next request renders them again, with the new article.
    const published = await publish('Titres-restaurant : la limite relevée', TOPICS.social);
    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    expect(await ask()).toEqual(['MISS', 'MISS']);
    expect(await ask()).toEqual(['HIT', 'HIT']);
    revalidated.paths = [];

    await unpublish(published);
    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    expect(await ask()).toEqual(['MISS', 'MISS']);
  });
});

describe('a publication refreshes only the kept searches its words may change', () => {
  /** The search page as the app renders it from the database: a link and a title per result. */
  const SEARCH_PAGE = {
    ...SEARCH_PAGE_ANSWER,
    body: '',
    render: async (url: string) => {
      const term = new URL(url, 'http://localhost').searchParams.get('term') ?? '';
      const answer = await search(database.db, toSearchParams({ term }));
      const results = answer.results.map((result) => `<a href="${result.url}">${result.titre_affichage}</a>`);
      return `<!doctype html><script nonce="${SEARCH_NONCE}" src="/a.js"></script>${results.join('')}`;
    },
  };
  /** The suggestions as the app answers them from the database. */
  const SUGGESTIONS = {
    ...SUGGESTIONS_ANSWER,
    body: '',
    render: async (url: string) =>
      JSON.stringify(
        await suggest(database.db, new URL(url, 'http://localhost').searchParams.get('term') ?? ''),
      ),
  };
  const ask = async (path: string) => {
    stand.upstream = path.startsWith('/search') ? SEARCH_PAGE : SUGGESTIONS;
    const { response, body } = await get(path);
    return { origin: response.headers.get('x-cache'), body: body.toString() };
  };

  it('a search for an unrelated word stays a HIT; one matching the new article, or a never-seen word, shows it within 5 s', async () => {
    const unrelated = await publish('Bail commercial : la révision triennale du loyer', TOPICS.affaires);
    const UNRELATED = '/search?term=bail';
    const UNRELATED_SUGGESTIONS = '/api/search/suggest?term=bail';
    const MATCHING = '/search?term=plafonds';
    const NEVER_SEEN = '/search?term=zephyrinade';
    const NEVER_SEEN_SUGGESTIONS = '/api/search/suggest?term=zephyrinade';
    const kept = [UNRELATED, UNRELATED_SUGGESTIONS, MATCHING, NEVER_SEEN, NEVER_SEEN_SUGGESTIONS];
    await waitUntil(async () => (await ask(UNRELATED)).body.includes('révision triennale'), {
      timeoutMs: 5_000,
    });
    for (const path of kept) await ask(path);
    for (const path of kept) expect((await ask(path)).origin, path).toBe('HIT');
    revalidated.paths = [];

    const title = 'Zephyrinade : le plafond des titres-restaurant relevé';
    const published = await publish(title, TOPICS.social);
    const publishedAt = Date.now();
    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    for (const path of [MATCHING, NEVER_SEEN, NEVER_SEEN_SUGGESTIONS]) {
      await waitUntil(async () => (await ask(path)).body.includes('Zephyrinade'), { timeoutMs: 5_000 });
    }
    expect(Date.now() - publishedAt).toBeLessThanOrEqual(5_000);
    expect((await ask(UNRELATED)).origin).toBe('HIT');
    expect((await ask(UNRELATED_SUGGESTIONS)).origin).toBe('HIT');

    // A correction that takes the ceiling out of its title: the kept search that lists it (its `article:` tag) and
    // the suggestions that offered the old title (no longer a suggestion) no longer show it within 5 s.
    for (const path of [MATCHING, NEVER_SEEN_SUGGESTIONS]) await ask(path);
    revalidated.paths = [];
    const edited = await callAdmin<AdminArticle>(articlePatch, {
      path: `/api/admin/articles/${published.id}`,
      method: 'PATCH',
      caller: editor,
      params: { id: published.id },
      body: { version: published.version, title: 'Titres-restaurant : la limite journalière change' },
    });
    expect(edited.status).toBe(200);
    const corrected = await callAdmin<AdminArticle>(publishPost, {
      path: `/api/admin/articles/${published.id}/publish`,
      method: 'POST',
      caller: editor,
      body: { version: adminArticleSchema.parse(edited.body).version },
      params: { id: published.id },
    });
    expect(corrected.status).toBe(200);
    const correctedAt = Date.now();
    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    for (const path of [MATCHING, NEVER_SEEN_SUGGESTIONS]) {
      await waitUntil(async () => !(await ask(path)).body.includes('Zephyrinade'), { timeoutMs: 5_000 });
    }
    expect(Date.now() - correctedAt).toBeLessThanOrEqual(5_000);
    expect((await ask(UNRELATED)).origin).toBe('HIT');
    await unpublish(adminArticleSchema.parse(corrected.body));
    await unpublish(unrelated);
  });
});

describe('a rate table version refreshes its page and the index', () => {
  it('the table and the index are refreshed, another table and the articles are not', async () => {
    const fiscal = await publish('Le barème kilométrique 2026', TOPICS.fiscal);
    const articlePath = canonicalArticlePath(
      (await loadArticlePage(database.db, fiscal.id))?.article as never,
    );
    const table = '/chiffres-taux/tableaux/titres-restaurant';
    const otherTable = '/chiffres-taux/tableaux/bareme-kilometrique-voitures';
    const index = '/chiffres-taux/tableaux';
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    stand.upstream.tags = {
      [table]: tagsOfRateTablePage('titres-restaurant'),
      [otherTable]: tagsOfRateTablePage('bareme-kilometrique-voitures'),
      [index]: tagsOfRateTablePage(),
    };
    await renderTags(articlePath);
    for (const path of [articlePath, table, otherTable, index]) {
      await get(path);
      expect(await origin(path)).toBe('HIT');
    }
    revalidated.paths = [];

    const answer = await callAdmin(rateVersionPost, {
      path: '/api/admin/rates/titres-restaurant/versions',
      method: 'POST',
      caller: editor,
      params: { id: 'titres-restaurant' },
      body: {
        effectiveFrom: '2026-01-01',
        source: 'Limite d’exonération revalorisée pour 2026',
        rows: [['Contribution patronale exonérée par titre', 7.32]],
      },
    });
    expect(answer.status).toBe(201);

    await waitUntil(async () => revalidated.paths.includes(table), { timeoutMs: 5_000 });
    expect(revalidated.paths).toContain(index);
    expect(revalidated.paths).not.toContain(otherTable);
    expect(revalidated.paths).not.toContain(articlePath);
    expect(await origin(table)).toBe('MISS');
    expect(await origin(index)).toBe('MISS');
    expect(await origin(otherTable)).toBe('HIT');
    expect(await origin(articlePath)).toBe('HIT');
  });
});

describe('the header’s « Simulateurs » menu lists only the families that hold a simulator', () => {
  it('the first simulator of a family refreshes the pages whose menu hid it; the next one none of them', async () => {
    const fiscal = await publish('Le taux de l’intérêt légal au second semestre', TOPICS.fiscal);
    const fiscalPath = canonicalArticlePath(
      (await loadArticlePage(database.db, fiscal.id))?.article as never,
    );
    expect(await menuSimulatorTopics()).not.toContain('affaires');
    stand.upstream.headers['x-nextjs-cache'] = 'MISS';
    await renderTags(fiscalPath);
    expect(renderedPageTags(fiscalPath)).toContain('simulators:affaires');
    expect(await origin(fiscalPath)).toBe('MISS');
    expect(await origin(fiscalPath)).toBe('HIT');
    revalidated.paths = [];

    await publish('Simulateur du plafonnement du loyer commercial', TOPICS.affaires, 'simulateur');

    // Every page whose menu hid « Affaires » is refreshed: rendered again, its menu lists the family.
    await waitUntil(async () => revalidated.paths.includes(fiscalPath), { timeoutMs: 5_000 });
    expect(await menuSimulatorTopics()).toContain('affaires');
    await renderTags(fiscalPath);
    expect(renderedPageTags(fiscalPath)).not.toContain('simulators:affaires');
    expect(await origin(fiscalPath)).toBe('MISS');
    expect(await origin(fiscalPath)).toBe('HIT');
    revalidated.paths = [];

    await publish('Simulateur de l’indemnité d’éviction', TOPICS.affaires, 'simulateur');

    // The home is refreshed by every publication: once it is, the change was heard; the article page stays.
    await waitUntil(async () => revalidated.paths.length > 0, { timeoutMs: 5_000 });
    expect(revalidated.paths).not.toContain(fiscalPath);
    expect(await origin(fiscalPath)).toBe('HIT');
  });
});
