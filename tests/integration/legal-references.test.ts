import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as followedGet, POST as followedPost } from '@/app/api/account/followedTexts/route';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { POST as unpublishPost } from '@/app/api/admin/articles/[id]/unpublish/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { POST as detectPost } from '@/app/api/admin/references/detect/route';
import { GET as textFeed } from '@/app/rss/textes/[first]/[second]/route';
import { GET as textSitemap } from '@/app/sitemaps/textes.xml/route';
import { followedTextAnswer } from '@/lib/contracts/followed-texts';
import { type DetectReferencesAnswer, detectReferencesAnswer } from '@/lib/contracts/legal-references';
import { sendAlertDigests } from '@/server/accounts/alert-digests';
import { stopAlerts } from '@/server/accounts/alerts';
import { authenticate } from '@/server/accounts/login';
import { hashPassword } from '@/server/accounts/passwords';
import { getArticleForReader } from '@/server/content/article-single';
import { importArticles } from '@/server/content/import';
import type { Database } from '@/server/db/client';
import {
  backgroundJobs,
  customers,
  followedTexts,
  legalReferences,
  subscriberDocuments,
} from '@/server/db/schema';
import { reindexReferences } from '@/server/legal-references/storage';
import { loadTextPage, TEXT_PAGE_SIZE } from '@/server/legal-references/text-page';
import { search } from '@/server/search/engine';
import { toSearchParams } from '@/server/search/params';
import { suggest } from '@/server/search/suggest';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

/** Legal references: detected for the newsroom, stored when documents are written, listed on each text's page. */

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
  ]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const LAYOFF_SENTENCE =
  'Le licenciement économique est encadré par les articles L. 1233-3 et L. 1233-4 du Code du travail.';

function importLine(id: string, fields: Record<string, unknown>): string {
  return JSON.stringify(
    articleBody({
      id,
      topics: [],
      thematics: [],
      images: [],
      trades: [],
      publication_date: '2024-05-02T08:00:00Z',
      ...fields,
    }),
  );
}

async function keysOf(documentId: string): Promise<{ key: string; free: boolean }[]> {
  return database.db
    .select({ key: legalReferences.key, free: legalReferences.free })
    .from(legalReferences)
    .where(eq(legalReferences.documentId, documentId))
    .orderBy(legalReferences.position);
}

describe('POST /api/admin/references/detect', () => {
  const path = '/api/admin/references/detect';

  it('answers each reference with its key, name, official link and place, to staff only', async () => {
    const answer = await callAdmin<DetectReferencesAnswer>(detectPost, {
      path,
      method: 'POST',
      caller: journalist,
      body: { text: `${LAYOFF_SENTENCE} Voir aussi l'article 39 du C.` },
    });
    expect(answer.status).toBe(200);
    const parsed = detectReferencesAnswer.parse(answer.body);
    expect(parsed.references.map(({ kind, key, label, display }) => ({ kind, key, label, display }))).toEqual(
      [
        {
          kind: 'code',
          key: 'code:code-du-travail:l1233-3',
          label: 'Article L. 1233-3 du Code du travail',
          display: 'L. 1233-3',
        },
        {
          kind: 'code',
          key: 'code:code-du-travail:l1233-4',
          label: 'Article L. 1233-4 du Code du travail',
          display: 'L. 1233-4',
        },
      ],
    );
    const [first] = parsed.references;
    expect(first?.url).toMatch(/^https:\/\/www\.legifrance\.gouv\.fr\//);
    expect(LAYOFF_SENTENCE.slice(first?.start, first?.end)).toBe('L. 1233-3');
    expect(parsed.unresolved.map((entry) => entry.display)).toEqual(['article 39 du C.']);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a visitor without a staff session and bad bodies, in French', async () => {
    expect(
      (await callAdmin(detectPost, { path, method: 'POST', body: { text: 'article 39 du CGI' } })).status,
    ).toBe(401);
    const missing = await callAdmin(detectPost, { path, method: 'POST', caller: journalist, body: {} });
    expect(missing.status).toBe(400);
    const tooLong = await callAdmin(detectPost, {
      path,
      method: 'POST',
      caller: journalist,
      body: { text: 'a'.repeat(300_001) },
    });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body)).toContain('300000 caractères');
  });
});

describe('stored when documents are written', () => {
  it('extracts an imported article’s references, and replaces them when it is imported again', async () => {
    const outcome = await importArticles(database.db, [
      importLine('LR001', { view: `<p>${LAYOFF_SENTENCE}</p>` }),
    ]);
    expect(outcome.ok).toBe(true);
    expect((await keysOf('LR001')).map((row) => row.key)).toEqual([
      'code:code-du-travail:l1233-3',
      'code:code-du-travail:l1233-4',
    ]);
    await importArticles(database.db, [
      importLine('LR001', { view: '<p>Voir le BOI-TVA-CHAMP-10-10-10-20240110.</p>' }),
    ]);
    expect(await keysOf('LR001')).toEqual([{ key: 'bofip:BOI-TVA-CHAMP-10-10-10', free: true }]);
  });

  it('marks what the paywall withholds: a reference only in the gated part is not free', async () => {
    const free = '<p>Le dispositif est rappelé par l’article 39 du CGI, dans les grandes lignes.</p>';
    const filler =
      '<p>Les conditions détaillées sont exposées ci-après, point par point, avec des exemples.</p>';
    const gated = '<p>Le régime de l’article 209 du CGI s’applique aussi aux groupes.</p>';
    await importArticles(database.db, [
      importLine('LR002', { paywalled: true, view: [free, filler, filler, filler, filler, gated].join('') }),
    ]);
    expect(await keysOf('LR002')).toEqual([
      { key: 'code:cgi:39', free: true },
      { key: 'code:cgi:209', free: false },
    ]);
  });

  it('follows the newsroom: a publication writes them, an unpublication removes them', async () => {
    const created = await callAdmin<{ id: string }>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: journalist,
      body: articleBody({ view: '<p>Cass. soc., 13 nov. 2024, n° 23-12.345 : la clause est nulle.</p>' }),
    });
    const id = created.body.id;
    expect(await keysOf(id)).toEqual([]);
    const call = (handler: typeof publishPost, version: number, extra: string) =>
      callAdmin(handler, {
        path: `/api/admin/articles/${id}${extra}`,
        method: 'POST',
        caller: editor,
        body: { version },
        params: { id },
      });
    expect((await call(publishPost, 1, '/publish')).status).toBe(200);
    expect(await keysOf(id)).toEqual([{ key: 'cass:23-12.345', free: true }]);
    expect((await call(unpublishPost, 2, '/unpublish')).status).toBe(200);
    expect(await keysOf(id)).toEqual([]);
  });

  it('rebuilds the table from the articles and subscriber documents with the reindex', async () => {
    await database.db.insert(subscriberDocuments).values({
      id: 'DOC-LR-1',
      titreAffichage: 'Licenciement économique : le motif',
      texte: 'Commentaire de l’article L. 1233-3 du Code du travail.',
      dateResultat: '2024-06-01',
      typeDocument: 'memento',
      typeUr: 'paragraphe',
      urId: 'MEM-LR-1',
    });
    await database.db.execute(sql`delete from legal_references`);
    const result = await reindexReferences(database.db);
    expect(result.references).toBeGreaterThanOrEqual(3);
    expect((await keysOf('DOC-LR-1')).map((row) => row.key)).toEqual(['code:code-du-travail:l1233-3']);
    expect((await keysOf('LR002')).map((row) => row.key)).toEqual(['code:cgi:39', 'code:cgi:209']);
  });
});

describe('the page of a text', () => {
  it('lists what cites it, newest first, and knows nothing of a text nobody cites', async () => {
    const page = await loadTextPage(database.db, 'code:code-du-travail:l1233-3', 1);
    expect(page?.reference.label).toBe('Article L. 1233-3 du Code du travail');
    expect(page?.documents.map((document) => [document.corpus, document.id])).toEqual([
      ['document', 'DOC-LR-1'],
    ]);
    expect(page?.documents[0]?.url).toContain('MEM-LR-1');
    expect(await loadTextPage(database.db, 'code:cgi:1', 1)).toBeNull();
    // Only the free part counts: article 209 of LR002 is behind the paywall.
    expect(await loadTextPage(database.db, 'code:cgi:209', 1)).toBeNull();
    expect(
      (await loadTextPage(database.db, 'code:cgi:39', 1))?.documents.map((document) => document.id),
    ).toEqual(['LR002']);
  });

  it('pages through many citing documents', async () => {
    const lines = Array.from({ length: TEXT_PAGE_SIZE + 3 }, (_, index) =>
      importLine(`LRP${String(index).padStart(3, '0')}`, {
        title: `Actualité ${index}`,
        publication_date: new Date(Date.UTC(2024, 0, 1 + index, 8)).toISOString(),
        view: '<p>Application de l’article 1240 du Code civil.</p>',
      }),
    );
    await importArticles(database.db, lines);
    const first = await loadTextPage(database.db, 'code:code-civil:1240', 1);
    expect(first?.total).toBe(TEXT_PAGE_SIZE + 3);
    expect(first?.pageCount).toBe(2);
    expect(first?.documents[0]?.title).toBe(`Actualité ${TEXT_PAGE_SIZE + 2}`);
    const second = await loadTextPage(database.db, 'code:code-civil:1240', 2);
    expect(second?.documents.map((document) => document.title)).toEqual([
      'Actualité 2',
      'Actualité 1',
      'Actualité 0',
    ]);
    expect(await loadTextPage(database.db, 'code:code-civil:1240', 3)).toBeNull();
    const rows = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(legalReferences)
      .where(and(eq(legalReferences.key, 'code:code-civil:1240'), eq(legalReferences.corpus, 'article')));
    expect(rows[0]?.n).toBe(TEXT_PAGE_SIZE + 3);
  });
});

describe('on the article', () => {
  it('links what the reader may read to the official sources and lists the texts cited', async () => {
    await importArticles(database.db, [
      importLine('LR100', {
        view: `<p>${LAYOFF_SENTENCE}</p><p>Voir aussi Cass. soc., 13 nov. 2024, n° 23-12.345.</p>`,
      }),
    ]);
    const single = await getArticleForReader(database.db, 'LR100', false);
    const view = single?.article.view ?? '';
    expect(view).toMatch(
      /<a href="https:\/\/www\.legifrance\.gouv\.fr\/search\/code\?[^"]*query=L1233-3[^"]*" rel="noopener external"[^>]*>L\. 1233-3<\/a>/,
    );
    expect(view).toContain('rel="noopener external"');
    expect(single?.article.cited_texts?.map((text) => [text.kind, text.path])).toEqual([
      ['code', '/textes/code-du-travail/article-l1233-3'],
      ['code', '/textes/code-du-travail/article-l1233-4'],
      ['cass', '/textes/cass/23-12.345'],
    ]);
  });

  it('keeps gated parts gated: a reader without access gets neither their links nor their texts', async () => {
    const anonymous = await getArticleForReader(database.db, 'LR002', false);
    expect(anonymous?.article.cited_texts?.map((text) => text.key)).toEqual(['code:cgi:39']);
    expect(anonymous?.article.view).not.toContain('209');
    const subscriber = await getArticleForReader(database.db, 'LR002', true);
    expect(subscriber?.article.cited_texts?.map((text) => text.key)).toEqual(['code:cgi:39', 'code:cgi:209']);
    expect(subscriber?.article.view).toMatch(/<a [^>]*rel="noopener external"[^>]*>article 209 du CGI<\/a>/);
  });
});

describe('feeds and sitemap', () => {
  it('serves the RSS of a text and lists cited texts in the sitemap; 404 for a text nobody cites', async () => {
    const feed = await textFeed(new Request('http://localhost/rss/textes/code-du-travail/article-l1233-3'), {
      params: Promise.resolve({ first: 'code-du-travail', second: 'article-l1233-3' }),
    });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('application/rss+xml');
    const xml = await feed.text();
    expect(xml).toContain('Article L. 1233-3 du Code du travail');
    expect(xml).toContain('/actualite/');
    const missing = await textFeed(new Request('http://localhost/rss/textes/cgi/article-1'), {
      params: Promise.resolve({ first: 'cgi', second: 'article-1' }),
    });
    expect(missing.status).toBe(404);
    const sitemap = await (await textSitemap()).text();
    expect(sitemap).toContain('/textes/code-du-travail/article-l1233-3</loc>');
    expect(sitemap).not.toContain('/textes/cgi/article-209<');
  });
});

describe('Suivre ce texte', () => {
  const PASSWORD = 'Cl@ire-Compta-2024';

  async function reader(): Promise<{ id: number; token: string }> {
    const email = `lecteur.${Date.now()}.${Math.random().toString(36).slice(2)}@cabinet.fr`;
    const [row] = await database.db
      .insert(customers)
      .values({
        email,
        passwordHash: await hashPassword(PASSWORD),
        civility: 13,
        firstname: 'Claire',
        lastname: 'Martin',
        function: 'expertComptable',
        emailConfirmedAt: new Date(),
      })
      .returning({ id: customers.id });
    const session = await authenticate(database.db, email, PASSWORD, {
      address: '198.51.100.7',
      userAgent: 'Mozilla/5.0 Firefox/140.0',
    });
    return { id: row?.id ?? 0, token: session.token };
  }

  it('follows a text through the API, and the digest brings what cites it', async () => {
    const { id, token } = await reader();
    const headers = { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.7' };
    const key = 'code:code-de-commerce:l145-9';
    const before = await callHandler(followedGet, '/api/account/followedTexts', { query: { key }, headers });
    expect(followedTextAnswer.parse(before.body)).toEqual({ key, followed: false });
    const followed = await callHandler(followedPost, '/api/account/followedTexts', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ key, followed: true }),
    });
    expect(followedTextAnswer.parse(followed.body)).toEqual({ key, followed: true });
    expect(
      (await callHandler(followedGet, '/api/account/followedTexts', { query: { key }, headers })).body,
    ).toEqual({
      key,
      followed: true,
    });
    // Unknown texts, bad keys and visitors without a session are refused.
    const unknown = await callHandler(followedPost, '/api/account/followedTexts', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'code:code-inconnu:1', followed: true }),
    });
    expect(unknown.status).toBe(400);
    expect((await callHandler(followedGet, '/api/account/followedTexts', { query: { key } })).status).toBe(
      401,
    );

    const soon = new Date(Date.now() + 60_000);
    await importArticles(database.db, [
      importLine('LR200', {
        title: 'Bail commercial : le congé précisé',
        publication_date: new Date(Date.now() + 1000).toISOString(),
        view: '<p>Le congé obéit à l’article L. 145-9 du code de commerce.</p>',
      }),
      importLine('LR201', {
        title: 'Sans rapport',
        publication_date: new Date(Date.now() + 1000).toISOString(),
        view: '<p>Rien de juridique ici.</p>',
      }),
    ]);
    expect(await sendAlertDigests(database.db, 'daily', soon)).toBe(1);
    const [email] = await database.db
      .select({ payload: backgroundJobs.payload })
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.payload}->>'to' like 'lecteur.%'`);
    expect(JSON.stringify(email?.payload)).toContain('Bail commercial : le congé précisé');
    expect(JSON.stringify(email?.payload)).not.toContain('Sans rapport');

    await stopAlerts(database.db, id);
    expect(await database.db.select().from(followedTexts).where(eq(followedTexts.customerId, id))).toEqual(
      [],
    );
  });
});

describe('search', () => {
  it.each(['L1233-3', 'art. L. 1233-3 C. trav.', 'l’article L. 1233-3 du Code du travail'])(
    '"%s" finds first what cites the article',
    async (term) => {
      const answer = await search(database.db, toSearchParams({ term }));
      expect(answer.results.slice(0, 2).map((result) => result.id)).toEqual(['DOC-LR-1', 'LR100']);
      expect(answer.results[1]?.url).toMatch(/^\/actualite\/.+_LR100$/);
      expect(answer.results[1]?.texte).toContain('<mark>L. 1233-3</mark>');
    },
  );

  it('finds decisions, BOFiP and code articles in other spellings too', async () => {
    const first = async (term: string) =>
      (await search(database.db, toSearchParams({ term }))).results[0]?.id;
    expect(await first('23-12.345')).toBe('LR100');
    expect(await first('BOI-TVA-CHAMP-10-10-10')).toBe('LR001');
    expect(await first('article 39 CGI')).toBe('LR002');
  });

  it('leaves a filtered search, a later page and an ordinary query to the full-text ranking', async () => {
    const filtered = await search(database.db, toSearchParams({ term: 'L1233-3', urType: 'quotidienne' }));
    expect(filtered.results.map((result) => result.id)).not.toContain('DOC-LR-1');
    const ordinary = await search(database.db, toSearchParams({ term: 'Actualité' }));
    expect(ordinary.results.every((result) => !result.texte.startsWith('<mark>L.'))).toBe(true);
  });

  it('offers the text’s page first in the header suggestions', async () => {
    const [first] = await suggest(database.db, 'L1233-3');
    expect(first).toEqual({
      value: 'Article L. 1233-3 du Code du travail',
      formatedSuggestion: 'Article L. 1233-3 du Code du travail',
      url: '/textes/code-du-travail/article-l1233-3',
    });
    expect((await suggest(database.db, 'article 209 du CGI')).some((entry) => entry.url)).toBe(false);
  });
});
