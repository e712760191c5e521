import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as archiveRoute } from '@/app/api/archive/info/route';
import { GET as singleRoute } from '@/app/api/article/single/route';
import { GET as summaryRoute } from '@/app/api/article/summary/route';
import { GET as bannerRoute } from '@/app/api/banner/route';
import { GET as issueRoute } from '@/app/api/issue/route';
import type { Database } from '@/server/db/client';
import { articles, dailyIssues } from '@/server/db/schema';
import {
  type ApiAnswer,
  type ApiCall,
  callHandler,
  FIXTURE_TAGS,
  forgetDatabaseForRoutes,
  SECRET_WORDS,
  seedApiFixtures,
  useDatabaseForRoutes,
  useUnreachableDatabaseForRoutes,
} from '../support/api';
import { createTestDatabase } from '../support/database';

type Item = Record<string, unknown> & { id: string; publication_date: string };
type Summary = {
  news: Item[];
  thematics: { id: string; slug: string; label: string; shortId: string }[];
  additional: { total: number; page: number; limit: number };
};
type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };
type Single = {
  article: Record<string, unknown> & { view: string; sections: { id: string; view: string }[] };
  isPaywallable: boolean;
};

let database: Database;
let sessionToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ sessionToken } = await seedApiFixtures(database.db));
  useDatabaseForRoutes(database);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

const summary = (query: ApiCall['query'] = {}) =>
  callHandler<Summary>(summaryRoute, '/api/article/summary', { query });
const single = (query: ApiCall['query'], headers: Record<string, string> = {}) =>
  callHandler<Single>(singleRoute, '/api/article/single', { query, headers });
const ids = (answer: ApiAnswer<Summary>) => answer.body.news.map((item) => item.id);

function expectNoCache(answer: ApiAnswer) {
  expect(answer.headers.get('cache-control')).toBe('no-cache, no-store, must-revalidate, max-age=0');
  expect(answer.headers.get('pragma')).toBe('no-cache');
  expect(answer.headers.get('expires')).toBe('0');
}

function expectBadRequest(answer: ApiAnswer, field: string) {
  expect(answer.status).toBe(400);
  expectNoCache(answer);
  const body = answer.body as ErrorBody;
  expect(body.error.code).toBe('bad_request');
  expect(body.error.message).toBe('Paramètres invalides.');
  const fields = body.error.details?.map((detail) => detail.field.split('.')[0]) ?? [];
  expect(fields).toContain(field);
}

const INJECTIONS = [
  "' OR 1=1 --",
  "fiscal'; DROP TABLE articles; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'fiscalé',
  '💥',
  'a'.repeat(5_000),
];

describe('GET /api/article/summary', () => {
  it('answers the 20 newest news by default, with no-cache headers', async () => {
    const answer = await summary();
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body.news).toHaveLength(20);
    expect(answer.body.thematics).toEqual([]);
    expect(answer.body.additional).toEqual({ total: 43, page: 1, limit: 20 });
    const dates = answer.body.news.map((item) => item.publication_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(answer.body.news[0]?.id).toBe('P001');
    expect(answer.body.news[0]).toMatchObject({
      type: 'actualite',
      slug: 'article-reserve',
      title: 'Article réservé',
    });
  });

  it('pages by limit: a full page while more follow, a short one at the end', async () => {
    const first = await summary({ limit: 20, page: 1 });
    const second = await summary({ limit: 20, page: 2 });
    const third = await summary({ limit: 20, page: 3 });
    expect(second.body.news).toHaveLength(20);
    expect(third.body.news).toHaveLength(3);
    const all = [...ids(first), ...ids(second), ...ids(third)];
    expect(new Set(all).size).toBe(43);
  });

  it('filters by trade slug', async () => {
    const answer = await summary({ trade: 'social', limit: 50 });
    expect(ids(answer).sort()).toEqual(['B001', 'B002', 'B003', 'B004', 'B005']);
  });

  it('converts a topic slug to the top-level topic id, and accepts ids and short ids', async () => {
    const bySlug = await summary({ topic: 'fiscal', limit: 100 });
    const byId = await summary({ topic: FIXTURE_TAGS.fiscal.id, limit: 100 });
    const byShortId = await summary({ topic: FIXTURE_TAGS.fiscal.shortId, limit: 100 });
    // 30 March news, the agenda event, the podcast, the enriched and the paywalled news.
    expect(bySlug.body.additional.total).toBe(34);
    expect(ids(byId)).toEqual(ids(bySlug));
    expect(ids(byShortId)).toEqual(ids(bySlug));
    expect(
      bySlug.body.news.every((item) => JSON.stringify(item.topics).includes(FIXTURE_TAGS.fiscal.id)),
    ).toBe(true);
  });

  it('answers the thematics of the topic that some news carries when asked', async () => {
    const answer = await summary({ topic: 'fiscal', needsThematics: 'true', limit: 1 });
    expect(answer.body.thematics).toEqual([FIXTURE_TAGS.tva, FIXTURE_TAGS.is]);
    const videos = await summary({ topic: 'social', needsThematics: '1', type: 'EFL_TEE_actualiteVideo' });
    expect(videos.body.thematics).toEqual([FIXTURE_TAGS.paie]);
    const notAsked = await summary({ topic: 'fiscal' });
    expect(notAsked.body.thematics).toEqual([]);
  });

  it('an unknown topic matches nothing', async () => {
    const answer = await summary({ topic: 'inconnu' });
    expect(answer.status).toBe(200);
    expect(answer.body.news).toEqual([]);
    expect(answer.body.additional.total).toBe(0);
  });

  it('maps the type codes of section 7 to content types', async () => {
    const cases: [string, string[]][] = [
      ['EFL_TEE_actualiteVideo', ['B001', 'B002', 'B003', 'B004', 'B005']],
      ['EFL_TEE_evenement', ['C001']],
      ['EFL_TEE_actualiteSimulateur', ['C002']],
      ['actu-chiffres-taux', ['C003']],
      ['chiffreEtTaux', ['C003']],
      ['podcast', ['C004']],
      ['EFL_TEE_evenement,EFL_TEE_actualiteSimulateur', ['C001', 'C002']],
    ];
    for (const [type, expected] of cases) {
      const answer = await summary({ type, limit: 50 });
      expect(answer.status, type).toBe(200);
      expect(ids(answer).sort(), type).toEqual(expected);
    }
  });

  it('filters by thematics, given by id, by slug under the topic, or several at once', async () => {
    const byId = await summary({ thematicsId: FIXTURE_TAGS.tva.id, limit: 100 });
    expect(ids(byId).sort()).toEqual([
      'A002',
      'A004',
      'A006',
      'A008',
      'A010',
      'A012',
      'A014',
      'A016',
      'A018',
      'A020',
      'A022',
      'A024',
      'A026',
      'A028',
      'A030',
      'C001',
    ]);
    const bySlug = await summary({ topic: 'fiscal', thematicsId: 'tva', limit: 100 });
    expect(ids(bySlug).sort()).toEqual(ids(byId).sort());
    const both = await summary({ thematicsId: `${FIXTURE_TAGS.tva.id},${FIXTURE_TAGS.is.id}`, limit: 100 });
    expect(both.body.additional.total).toBe(32);
  });

  it('bounds by months in Paris time', async () => {
    const march = await summary({ from: '2024-03', to: '2024-03', limit: 100 });
    expect(march.body.additional.total).toBe(30);
    const february = await summary({ from: '2024-02', to: '2024-02' });
    expect(ids(february)).toEqual(['X001']);
    const january = await summary({ from: '2024-01', to: '2024-01' });
    expect(ids(january)).toEqual(['X002']);
  });

  it('bounds by days and by inclusive date-times', async () => {
    const day = await summary({ from: '2024-03-10', to: '2024-03-10' });
    expect(ids(day)).toEqual(['A010']);
    const until = await summary({ from: '2024-03-09', to: '2024-03-10T09:00:00Z' });
    expect(ids(until)).toEqual(['A010', 'A009']);
    const before = await summary({ from: '2024-03-09', to: '2024-03-10T08:59:59.999+00:00' });
    expect(ids(before)).toEqual(['A009']);
  });

  it('sorts oldest first on request', async () => {
    const answer = await summary({ sort: 'publication_date', limit: 2 });
    expect(ids(answer)).toEqual(['X002', 'X001']);
  });

  it('adds agenda, simulator and paywall fields with full, and never a body', async () => {
    const answer = await summary({ full: 'true', limit: 100 });
    const byId = new Map(answer.body.news.map((item) => [item.id, item]));
    expect(byId.get('C001')).toMatchObject({
      event_date: '2024-04-24',
      simulator_url: null,
      paywalled: false,
    });
    expect(byId.get('C002')).toMatchObject({ simulator_url: '/embed/salaire-net' });
    expect(byId.get('P001')).toMatchObject({ paywalled: true });
    const plain = await summary({ limit: 100 });
    expect(plain.body.news[0]).not.toHaveProperty('event_date');
    for (const item of answer.body.news) {
      expect(item).not.toHaveProperty('view');
      expect(item).not.toHaveProperty('sections');
    }
    for (const word of SECRET_WORDS) expect(answer.text).not.toContain(word);
  });

  it('answers 416 beyond page 49, and an empty page 49', async () => {
    const last = await summary({ page: 49 });
    expect(last.status).toBe(200);
    expect(last.body.news).toEqual([]);
    const beyond = await summary({ page: 50 });
    expect(beyond.status).toBe(416);
    expectNoCache(beyond);
    expect((beyond.body as unknown as ErrorBody).error).toEqual({
      code: 'range_not_satisfiable',
      message: 'Page hors limites : les pages vont de 1 à 49.',
    });
  });

  it('reads the first of repeated values', async () => {
    const answer = await summary({ type: ['EFL_TEE_evenement', 'inconnu'], limit: ['5', 'x'] });
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual(['C001']);
    expect(answer.body.additional.limit).toBe(5);
  });

  it('treats empty values as absent', async () => {
    const answer = await summary({ trade: '', topic: '', type: '', page: '', limit: '' });
    expect(answer.status).toBe(200);
    expect(answer.body.news).toHaveLength(20);
  });

  it('refuses bad values with a 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ page: '0' }, 'page'],
      [{ page: '-1' }, 'page'],
      [{ page: 'deux' }, 'page'],
      [{ page: '1.5' }, 'page'],
      [{ limit: '0' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '1e3' }, 'limit'],
      [{ type: 'inconnu' }, 'type'],
      [{ type: 'videos,EFL_TEE_inconnu' }, 'type'],
      [{ sort: 'title' }, 'sort'],
      [{ from: '2024-13' }, 'from'],
      [{ from: '2024-02-30' }, 'from'],
      [{ to: 'hier' }, 'to'],
      [{ to: '2024-03-10T09:00:00' }, 'to'],
      [{ needsThematics: 'oui' }, 'needsThematics'],
      [{ full: 'yes' }, 'full'],
      [{ thematicsId: Array.from({ length: 60 }, (_, index) => `t${index}`).join(',') }, 'thematicsId'],
    ];
    for (const [query, field] of cases) expectBadRequest(await summary(query), field);
    for (const value of INJECTIONS) {
      expectBadRequest(await summary({ trade: value }), 'trade');
      expectBadRequest(await summary({ topic: value }), 'topic');
      expectBadRequest(await summary({ thematicsId: value }), 'thematicsId');
      expectBadRequest(await summary({ type: value }), 'type');
      expectBadRequest(await summary({ from: value }), 'from');
    }
  });
});

describe('every content call while the database is down', () => {
  it('answers 503 with a French message, never a 500', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    useUnreachableDatabaseForRoutes(refused);
    try {
      const calls: [Parameters<typeof callHandler>[0], string, ApiCall['query']][] = [
        [summaryRoute, '/api/article/summary', {}],
        [singleRoute, '/api/article/single', { newsId: 'A001' }],
        [archiveRoute, '/api/archive/info', { year: 2024 }],
        [issueRoute, '/api/issue', {}],
        [bannerRoute, '/api/banner', {}],
      ];
      for (const [route, path, query] of calls) {
        const answer = await callHandler(route, path, { query });
        expect(answer.status, path).toBe(503);
        expectNoCache(answer);
        expect(answer.body).toEqual({
          error: {
            code: 'unavailable',
            message: 'Service momentanément indisponible, merci de réessayer dans un instant.',
          },
        });
      }
    } finally {
      useDatabaseForRoutes(database);
    }
  });
});

describe('GET /api/article/single', () => {
  it('answers a free article whole', async () => {
    const answer = await single({ newsId: 'A001' });
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body.isPaywallable).toBe(false);
    expect(answer.body.article).toMatchObject({
      id: 'A001',
      type: 'actualite',
      title: 'Actualité fiscale numéro 1',
      view: "<p>Corps de l'actualité 1.</p>",
      sections: [],
      paywalled: false,
    });
  });

  it('sanitises the body again on the way out, whatever was written to the database', async () => {
    await database.db
      .update(articles)
      .set({
        bodyHtml: '<p onclick="steal()">Texte</p><script>alert(1)</script><a href="javascript:x()">lien</a>',
      })
      .where(eq(articles.id, 'A002'));
    const answer = await single({ newsId: 'A002' });
    expect(answer.status).toBe(200);
    expect(answer.body.article.view).toContain('Texte');
    expect(answer.body.article.view).not.toMatch(/script|onclick|javascript:/);
  });

  it('gives a visitor without access the body and only the first section of enriched news', async () => {
    for (const newsId of ['E001', 'EN-1']) {
      const answer = await single({ newsId });
      expect(answer.status).toBe(200);
      expect(answer.body.isPaywallable).toBe(true);
      expect(answer.body.article.id).toBe('E001');
      expect(answer.body.article.enriched_news_id).toBe('EN-1');
      expect(answer.body.article.view).toBe('<p>Introduction publique de la version enrichie.</p>');
      expect(answer.body.article.sections.map((section) => section.id)).toEqual(['E001-S1']);
      expect(answer.body.article.sections[0]?.view).toBe('<p>Première section ouverte.</p>');
      for (const word of SECRET_WORDS) expect(answer.text).not.toContain(word);
    }
  });

  it('gives at most the first 20 percent of a paywalled article, cut at a paragraph', async () => {
    const answer = await single({ newsId: 'P001' });
    expect(answer.body.isPaywallable).toBe(true);
    expect(answer.body.article.view).toContain('Paragraphe ouvert 0');
    expect(answer.body.article.view.endsWith('</p>')).toBe(true);
    // Ten paragraphs of about the same length: the first fits in 20 percent, the second would not.
    expect(answer.body.article.view).not.toContain('Paragraphe ouvert 1');
    for (const word of SECRET_WORDS) expect(answer.text).not.toContain(word);
  });

  it('opens everything to a live session given as eshopCookie, Bearer header or cookie', async () => {
    const ways: [ApiCall['query'], Record<string, string>][] = [
      [{ newsId: 'E001', eshopCookie: sessionToken }, {}],
      [{ newsId: 'E001' }, { authorization: `Bearer ${sessionToken}` }],
      [{ newsId: 'E001' }, { cookie: `quotidienne_session=${sessionToken}` }],
    ];
    for (const [query, headers] of ways) {
      const answer = await single(query, headers);
      expect(answer.body.isPaywallable).toBe(false);
      expect(answer.body.article.sections).toHaveLength(3);
      expect(answer.text).toContain('sectionsecrete');
    }
    const paywalled = await single({ newsId: 'P001', eshopCookie: sessionToken });
    expect(paywalled.body.article.view).toContain('paragraphecache 9');
  });

  it('keeps the gate for an unknown or malformed session', async () => {
    for (const eshopCookie of ['inconnu', `${sessionToken}x`, "' OR 1=1 --", 'é'.repeat(300)]) {
      const answer = await single({ newsId: 'E001', eshopCookie });
      expect(answer.status).toBe(200);
      expect(answer.body.isPaywallable).toBe(true);
      for (const word of SECRET_WORDS) expect(answer.text).not.toContain(word);
    }
  });

  it('answers 404 with a French message for an unknown id', async () => {
    const answer = await single({ newsId: 'Z999' });
    expect(answer.status).toBe(404);
    expectNoCache(answer);
    expect(answer.body).toEqual({
      error: { code: 'not_found', message: "Cet article n'existe pas ou n'est plus disponible." },
    });
  });

  it('refuses missing and malformed ids', async () => {
    expectBadRequest(await single({}), 'newsId');
    expectBadRequest(await single({ newsId: '' }), 'newsId');
    expectBadRequest(await single({ newsId: 'a'.repeat(101) }), 'newsId');
    expectBadRequest(await single({ newsId: 'A001', eshopCookie: 'x'.repeat(1_001) }), 'eshopCookie');
    for (const value of INJECTIONS) expectBadRequest(await single({ newsId: value }), 'newsId');
    expectBadRequest(await single({ newsId: 'article_A001' }), 'newsId');
  });
});

describe('GET /api/archive/info', () => {
  it('counts the articles of each month of a year in Paris time', async () => {
    const answer = await callHandler<{ month: number; value: string; total: number }[]>(
      archiveRoute,
      '/api/archive/info',
      {
        query: { year: 2024 },
      },
    );
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body).toHaveLength(12);
    expect(answer.body[0]).toEqual({ month: 1, value: '01', total: 1 });
    expect(answer.body.map((month) => month.total)).toEqual([1, 1, 30, 9, 2, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('answers twelve empty months for a year without articles', async () => {
    const answer = await callHandler<{ total: number }[]>(archiveRoute, '/api/archive/info', {
      query: { year: 2023 },
    });
    expect(answer.body.map((month) => month.total)).toEqual(Array(12).fill(0));
  });

  it('refuses a missing or malformed year', async () => {
    const call = (query: ApiCall['query']) => callHandler(archiveRoute, '/api/archive/info', { query });
    expectBadRequest(await call({}), 'year');
    for (const year of ['1969', '24', '20245', 'deux-mille', '2024.5', ...INJECTIONS]) {
      expectBadRequest(await call({ year }), 'year');
    }
  });
});

describe('GET /api/banner', () => {
  it('answers the active banners in order, targets on the shop', async () => {
    const answer = await callHandler<{ id: string; onClick: string }[]>(bannerRoute, '/api/banner');
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body).toEqual([
      {
        id: 'b1',
        alt: 'Première',
        onClick: 'https://example.org/offre',
        desktop: { url: '/images/banners/b1-desktop.jpg', width: 1200, height: 300 },
        mobile: { url: '/images/banners/b1-mobile.jpg', width: 375, height: 300 },
      },
      expect.objectContaining({ id: 'b2', onClick: 'https://boutique.editions-portalis.fr/mementos.html' }),
    ]);
  });
});

describe('GET /api/issue', () => {
  it('answers the current issue and its news in editorial order', async () => {
    const answer = await callHandler<{ issueName: string; news: Item[] }>(issueRoute, '/api/issue');
    expect(answer.status).toBe(200);
    expectNoCache(answer);
    expect(answer.body).toMatchObject({
      issueName: 'La Quotidienne du 15 mars 2024',
      publicationDate: '2024-03-15',
      comiteRedaction: 'Comité',
      redacteurChef: 'Rédactrice',
    });
    expect(answer.body.news.map((item) => item.id)).toEqual(['A014', 'A015']);
  });

  it('answers 404 before the first issue', async () => {
    await database.db.delete(dailyIssues).where(eq(dailyIssues.issueName, 'La Quotidienne du 15 mars 2024'));
    const answer = await callHandler(issueRoute, '/api/issue');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: { code: 'not_found', message: "Aucun numéro de La Quotidienne n'est encore paru." },
    });
  });
});
