import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createSession } from '@/server/accounts/sessions';
import { importArticles } from '@/server/content/import';
import { type Database, type Db, setProcessDatabase } from '@/server/db/client';
import {
  banners,
  customers,
  dailyIssueArticles,
  dailyIssues,
  mementoCodes,
  shopProducts,
  topics,
  whitePapers,
} from '@/server/db/schema';

/**
 * Calling /api route handlers in-process against a test database, without a Next.js server.
 *
 * `useDatabaseForRoutes(database)` makes `getDatabase()`/`getDb()` of src/server/db/client.ts answer the test
 * database (`setProcessDatabase`: the one process-wide database every copy of that module reads).
 */
export function useDatabaseForRoutes(database: Database): void {
  setProcessDatabase(Promise.resolve(database));
}

/** Makes the route handlers' database fail to open with `error` (a database outage). */
export function useUnreachableDatabaseForRoutes(error: Error): void {
  const failing = Promise.reject(error);
  failing.catch(() => {});
  setProcessDatabase(failing);
}

export function forgetDatabaseForRoutes(): void {
  setProcessDatabase(undefined);
}

export const TEST_ORIGIN = 'http://localhost:3000';

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;
type RouteModule = Partial<Record<HttpMethod, RouteHandler>>;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ApiCall = {
  method?: HttpMethod;
  /** Query values; arrays repeat the parameter. */
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  headers?: Record<string, string>;
  /** A raw body, sent as is (set content-type in headers). */
  body?: string;
  /** Values of the dynamic segments of the route ([id] …). */
  params?: Record<string, string | string[]>;
};

export type ApiAnswer<T = unknown> = { status: number; headers: Headers; body: T; text: string };

/** The URL of a route path with a query string. */
export function apiUrl(pathname: string, query: ApiCall['query'] = {}): string {
  const url = new URL(pathname, TEST_ORIGIN);
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
    else url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** Calls an exported handler of a route module and reads its JSON answer (body is null when not JSON). */
export async function callHandler<T = unknown>(
  handler: RouteHandler,
  pathname: string,
  call: ApiCall = {},
): Promise<ApiAnswer<T>> {
  const request = new Request(apiUrl(pathname, call.query), {
    method: call.method ?? 'GET',
    headers: { host: new URL(TEST_ORIGIN).host, ...call.headers },
    body: call.body,
  });
  const response = await handler(request, { params: Promise.resolve(call.params ?? {}) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

/** A route found under src/app/api: its URL pattern, module file and dynamic segment names. */
export type DiscoveredRoute = { pattern: string; file: string; segments: string[] };

const API_ROOT = path.resolve(import.meta.dirname, '../../src/app/api');

/** Every route.ts under src/app/api, found on disk so that new routes are covered without editing tests. */
export function discoverApiRoutes(root: string = API_ROOT): DiscoveredRoute[] {
  const routes: DiscoveredRoute[] = [];
  const walk = (directory: string, parts: string[]) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) walk(full, [...parts, entry.name]);
      else if (entry.name === 'route.ts') {
        const visible = parts.filter((part) => !/^\(.*\)$/.test(part));
        routes.push({
          pattern: `/api/${visible.join('/')}`,
          file: full,
          segments: visible
            .filter((part) => part.startsWith('['))
            .map((part) => part.replace(/^\[+\.*|\]+$/g, '')),
        });
      }
    }
  };
  walk(root, []);
  return routes.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The handlers a route module exports, by method. */
export async function loadRoute(route: DiscoveredRoute): Promise<RouteModule> {
  const module = (await import(route.file)) as Record<string, unknown>;
  const handlers: RouteModule = {};
  for (const method of HTTP_METHODS) {
    const handler = module[method];
    if (typeof handler === 'function') handlers[method] = handler as RouteHandler;
  }
  return handlers;
}

// ---------------------------------------------------------------------------------------------------------
// A small known data set shared by the API tests

const tag = (label: string, slug: string, id: string, shortId: string) => ({ label, slug, id, shortId });

export const FIXTURE_TAGS = {
  fiscal: tag('Fiscal', 'fiscal', 'EBX:EFL_Themes:Fiscal', 'T1'),
  tva: tag('TVA', 'tva', 'EBX:EFL_Themes:Tva', 'T2'),
  is: tag('Impôt sur les sociétés', 'impot-societes', 'EBX:EFL_Themes:Is', 'T3'),
  /** A child of Fiscal no article carries: never offered as a filter. */
  unused: tag('Bénéfices agricoles', 'benefices-agricoles', 'EBX:EFL_Themes:Ba', 'T4'),
  social: tag('Social', 'social', 'EBX:EFL_Themes:Social', 'T5'),
  paie: tag('Paie', 'paie', 'EBX:EFL_Themes:Paie', 'T6'),
  /** A deeper topic whose slug repeats a top-level one: the top-level one wins. */
  socialFiscal: tag('Fiscal', 'fiscal', 'EBX:EFL_Themes:SocialFiscal', 'T7'),
} as const;

/** Words found only in the gated parts of the fixture articles: they must never reach a visitor without access. */
export const SECRET_WORDS = ['sectionsecrete', 'paragraphecache'] as const;

function articleLine(fields: Record<string, unknown>): string {
  return JSON.stringify({ summary: '', topics: [], thematics: [], images: [], trades: [], ...fields });
}

/** 30 fiscal news in March 2024 (one a day), 5 social videos in April, one of each other type, edge dates. */
export function fixtureArticleLines(): string[] {
  const { fiscal, tva, is, social, paie } = FIXTURE_TAGS;
  const lines: string[] = [];
  for (let day = 1; day <= 30; day += 1) {
    const number = String(day).padStart(3, '0');
    lines.push(
      articleLine({
        id: `A${number}`,
        type: 'actualite',
        title: `Actualité fiscale numéro ${day}`,
        summary: `Résumé de l'actualité ${day}.`,
        topics: [fiscal],
        thematics: day % 2 === 0 ? [tva] : [is],
        trades: ['fiscal'],
        publication_date: `2024-03-${String(day).padStart(2, '0')}T09:00:00Z`,
        view: `<p>Corps de l'actualité ${day}.</p>`,
      }),
    );
  }
  for (let day = 1; day <= 5; day += 1) {
    lines.push(
      articleLine({
        id: `B00${day}`,
        type: 'videos',
        title: `Vidéo sociale ${day}`,
        topics: [social],
        thematics: [paie],
        trades: ['social'],
        publication_date: `2024-04-0${day}T10:00:00Z`,
      }),
    );
  }
  lines.push(
    articleLine({
      id: 'C001',
      type: 'agenda',
      title: 'Échéance de TVA',
      topics: [fiscal],
      thematics: [tva],
      publication_date: '2024-04-10T08:00:00Z',
      event_date: '2024-04-24',
    }),
    articleLine({
      id: 'C002',
      type: 'simulateur',
      title: 'Simulateur de paie',
      topics: [social],
      publication_date: '2024-04-11T08:00:00Z',
      simulator_url: '/embed/salaire-net',
    }),
    articleLine({
      id: 'C003',
      type: 'chiffres-taux',
      title: 'Taux du SMIC',
      topics: [social],
      publication_date: '2024-04-12T08:00:00Z',
    }),
    articleLine({
      id: 'C004',
      type: 'podcast',
      title: 'Podcast fiscal',
      topics: [fiscal],
      publication_date: '2024-04-13T08:00:00Z',
    }),
    articleLine({
      id: 'E001',
      type: 'actualite',
      title: 'Actualité enrichie sur l’IS',
      summary: 'Un chapô public.',
      topics: [fiscal],
      thematics: [is],
      trades: ['fiscal'],
      publication_date: '2024-05-02T08:00:00Z',
      enriched_news_id: 'EN-1',
      // The introduction before the sections is public, as the first section is.
      view: '<p>Introduction publique de la version enrichie.</p>',
      sections: [
        {
          id: 'E001-S1',
          title: "L'essentiel",
          summary: 'Ouvert à tous.',
          view: '<p>Première section ouverte.</p>',
        },
        {
          id: 'E001-S2',
          // A withheld section's title is public (the page's table of contents lists it locked); the rest is not.
          title: 'Le contexte',
          summary: 'sectionsecrete',
          view: '<p>sectionsecrete deux</p>',
        },
        { id: 'E001-S3', title: 'À retenir', summary: 'Fin', view: '<p>sectionsecrete trois</p>' },
      ],
    }),
    articleLine({
      id: 'P001',
      type: 'actualite',
      title: 'Article réservé',
      topics: [fiscal],
      trades: ['fiscal'],
      paywalled: true,
      publication_date: '2024-05-03T08:00:00Z',
      view: Array.from(
        { length: 10 },
        (_, index) =>
          `<p>${index < 2 ? `Paragraphe ouvert ${index}` : `paragraphecache ${index}`} ${'texte '.repeat(10)}</p>`,
      ).join(''),
    }),
    // 2024-02-01 00:30 in Paris: a February article, though still January in UTC.
    articleLine({
      id: 'X001',
      type: 'actualite',
      title: 'Minuit à Paris',
      publication_date: '2024-01-31T23:30:00Z',
    }),
    // 2024-01-01 00:30 in Paris.
    articleLine({
      id: 'X002',
      type: 'actualite',
      title: 'Nouvel an',
      publication_date: '2023-12-31T23:30:00Z',
    }),
  );
  return lines;
}

type ProductFixture = {
  sku: string;
  trades?: string[];
  subjects?: string[];
  categories?: string[];
  name?: string;
};

/** Shop products: enough to walk every step of the fallback of spec section 4. */
export const FIXTURE_PRODUCTS: readonly ProductFixture[] = [
  {
    sku: 'MFI-2025',
    name: 'Mémento Fiscal 2025',
    trades: ['fiscal'],
    subjects: ['fiscal'],
    categories: ['11', '23'],
  },
  {
    sku: 'MSO-2025',
    name: 'Mémento Social 2025',
    trades: ['social'],
    subjects: ['social'],
    categories: ['11', '23'],
  },
  {
    sku: 'MPAI-2025',
    name: 'Mémento Paie 2025',
    trades: ['social'],
    subjects: ['social'],
    categories: ['23'],
  },
  {
    sku: 'ABO-RJS',
    name: 'Revue de jurisprudence sociale',
    trades: ['social'],
    subjects: ['social'],
    categories: ['24'],
  },
  { sku: 'ABO-NAVSOC', name: 'Navis Social', trades: ['social'], subjects: ['social'], categories: ['25'] },
  {
    sku: 'ABO-NAVIMM',
    name: 'Navis Immobilier',
    trades: ['immobilier'],
    subjects: ['immobilier'],
    categories: ['25'],
  },
  {
    sku: 'MPA-2025',
    name: 'Mémento Patrimoine 2025',
    trades: ['patrimoine'],
    subjects: ['patrimoine', 'fiscal'],
    categories: ['23'],
  },
  {
    sku: 'MAS-2025',
    name: 'Mémento Associations 2025',
    trades: [],
    subjects: ['association'],
    categories: ['23'],
  },
  { sku: 'CODE-CIV', name: 'Code civil 2025', trades: [], subjects: [], categories: ['26'] },
];

/**
 * Writes the fixture data set: the topics, the articles of fixtureArticleLines (through the importer), a
 * customer with a live session, a daily issue, banners, shop products, memento codes and white papers.
 * Answers the session token.
 */
export async function seedApiFixtures(db: Db): Promise<{ sessionToken: string }> {
  const { fiscal, tva, is, unused, social, paie, socialFiscal } = FIXTURE_TAGS;
  const topic = (
    entry: (typeof FIXTURE_TAGS)[keyof typeof FIXTURE_TAGS],
    parentId: string | null,
    sortOrder: number,
  ) => ({
    ...entry,
    parentId,
    sortOrder,
  });
  await db.insert(topics).values([topic(fiscal, null, 10), topic(social, null, 20)]);
  await db
    .insert(topics)
    .values([
      topic(tva, fiscal.id, 10),
      topic(is, fiscal.id, 20),
      topic(unused, fiscal.id, 30),
      topic(paie, social.id, 10),
      topic(socialFiscal, social.id, 20),
    ]);

  const outcome = await importArticles(db, fixtureArticleLines());
  if (!outcome.ok) throw new Error(`Fixtures refusées : ${JSON.stringify(outcome.issues)}`);

  const [customer] = await db
    .insert(customers)
    .values({
      email: 'lecteur@example.org',
      passwordHash: 'x',
      civility: 13,
      firstname: 'Léa',
      lastname: 'Martin',
      function: 'expertComptable',
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('Client de test non créé');
  const { token } = await createSession(db, customer.id);

  const [issue] = await db
    .insert(dailyIssues)
    .values({
      issueName: 'La Quotidienne du 15 mars 2024',
      publicationDate: '2024-03-15',
      comiteRedaction: 'Comité',
      redacteurChef: 'Rédactrice',
    })
    .returning({ id: dailyIssues.id });
  if (!issue) throw new Error('Numéro de test non créé');
  await db.insert(dailyIssueArticles).values([
    { issueId: issue.id, articleId: 'A015', position: 1 },
    { issueId: issue.id, articleId: 'A014', position: 0 },
  ]);

  const bannerImage = (id: string) => ({
    desktopUrl: `/images/banners/${id}-desktop.jpg`,
    desktopWidth: 1200,
    desktopHeight: 300,
    mobileUrl: `/images/banners/${id}-mobile.jpg`,
    mobileWidth: 375,
    mobileHeight: 300,
  });
  await db.insert(banners).values([
    { id: 'b2', alt: 'Deuxième', onClick: '/mementos.html', position: 2, ...bannerImage('b2') },
    { id: 'b1', alt: 'Première', onClick: 'https://example.org/offre', position: 1, ...bannerImage('b1') },
    { id: 'b0', alt: 'Retirée', onClick: '/ancienne.html', position: 0, active: false, ...bannerImage('b0') },
  ]);

  await db.insert(shopProducts).values(
    FIXTURE_PRODUCTS.map((product, index) => ({
      sku: product.sku,
      name: product.name ?? product.sku,
      imageUrl: `/images/products/${product.sku}.jpg`,
      productUrl: `/${product.sku.toLowerCase()}.html`,
      addToCartUrl: `/checkout/cart/add/sku/${product.sku}`,
      hookPhrase: 'Toute la matière en un volume.',
      categories: product.categories ?? [],
      finalPrice: '149.00',
      originalPrice: index === 0 ? '179.00' : null,
      discountLabel: index === 0 ? '-17 %' : null,
      spToDate: index === 0 ? '2025-12-31' : null,
      trades: product.trades ?? [],
      subjects: product.subjects ?? [],
      position: index + 1,
    })),
  );
  await db.insert(mementoCodes).values([
    { code: 'MFI', sku: 'MFI-2025', label: 'Mémento Fiscal 2025', kind: 'memento' },
    { code: 'RJS', sku: 'ABO-RJS', label: 'Revue de jurisprudence sociale', kind: 'revue' },
  ]);
  await db.insert(whitePapers).values([
    {
      title: 'Facturation électronique',
      imgUrl: '/images/wp/facturation.jpg',
      pageUrl: '/livres-blancs/facturation.html',
      position: 2,
    },
    {
      title: 'Réforme de la paie',
      imgUrl: '/images/wp/paie.jpg',
      pageUrl: '/livres-blancs/paie.html',
      position: 1,
    },
  ]);
  return { sessionToken: token };
}
