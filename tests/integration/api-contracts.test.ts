import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { GET as archiveRoute } from '@/app/api/archive/info/route';
import { GET as singleRoute } from '@/app/api/article/single/route';
import { GET as summaryRoute } from '@/app/api/article/summary/route';
import { GET as bannerRoute } from '@/app/api/banner/route';
import { POST as subscriptionRoute } from '@/app/api/contentAlert/subscription/route';
import { POST as unsubscribeRoute } from '@/app/api/contentAlert/unsubscribe/route';
import { POST as loginRoute } from '@/app/api/eshop/login/route';
import { POST as logoutRoute } from '@/app/api/eshop/logout/route';
import { GET as meRoute } from '@/app/api/eshop/me/route';
import { GET as productsRoute } from '@/app/api/eshop/products/route';
import { GET as textSearchRoute } from '@/app/api/eshop/textSearch/route';
import { GET as webFormFieldsRoute } from '@/app/api/eshop/webFormFields/route';
import { POST as webFormResultRoute } from '@/app/api/eshop/webFormResult/route';
import { GET as whitePapersRoute } from '@/app/api/eshop/whitePapers/route';
import { GET as healthLiveRoute } from '@/app/api/health/live/route';
import { GET as healthReadyRoute } from '@/app/api/health/ready/route';
import { GET as healthRoute } from '@/app/api/health/route';
import { GET as issueRoute } from '@/app/api/issue/route';
import { GET as backupRoute } from '@/app/api/ops/backup/route';
import { POST as revalidateRoute } from '@/app/api/revalidate/route';
import { GET as searchResultsRoute } from '@/app/api/search/results/route';
import { GET as searchArticlesRoute } from '@/app/api/search/resultsAsArticles/route';
import { GET as suggestRoute } from '@/app/api/search/suggest/route';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import {
  currentUser,
  LOGGED_OUT_STATUS,
  loggedIn,
  loginRefused,
  webFormAccepted,
  webFormDefinition,
  webFormRefused,
} from '@/lib/contracts/accounts';
import { apiErrorAnswer } from '@/lib/contracts/api-error';
import {
  archiveInfoAnswer,
  articleForReader,
  bannersAnswer,
  dailyIssue,
  newsListAnswer,
} from '@/lib/contracts/content';
import { alreadySubscribedAnswer, subscribedAnswer, unsubscribeAnswer } from '@/lib/contracts/newsletter';
import {
  NEWSLETTER_ALREADY_STATUS,
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import {
  BACKUP_CONTENT_TYPE,
  backupLine,
  backupRefused,
  HEALTH_UNAVAILABLE_STATUS,
  healthy,
  revalidated,
  unavailable,
} from '@/lib/contracts/operations';
import { searchAnswer, searchArticlesAnswer, searchSuggestions } from '@/lib/contracts/search';
import { shopProducts, whitePapers } from '@/lib/contracts/shop';
import { hashPassword } from '@/server/accounts/passwords';
import { createSession, SESSION_COOKIE } from '@/server/accounts/sessions';
import { setRevalidateSecret } from '@/server/content/content-changes';
import type { Database } from '@/server/db/client';
import { customers, jobs, newsletterSubscribers } from '@/server/db/schema';
import { REVALIDATED_PAGE_ROUTES } from '@/server/http/route-table';
import { unsubscribeToken } from '@/server/newsletter/unsubscribe-token';
import {
  type ApiCall,
  callHandler,
  forgetDatabaseForRoutes,
  seedApiFixtures,
  useDatabaseForRoutes,
  useUnreachableDatabaseForRoutes,
} from '../support/api';
import { createTestDatabase } from '../support/database';
import { insertSearchCorpus } from '../support/search-corpus';

/**
 * Every public /api answer, on a seeded database, parsed by its contract (src/lib/contracts/): the schemas the
 * browser parses with are the shapes the routes really send, for each status whose answer has its own shape. A
 * route added under src/app/api fails the last test until it is given a contract here.
 */

// Next's revalidatePath needs the store of a Next.js server: POST /api/revalidate is called here without one.
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/cache')>()),
  revalidatePath: vi.fn(),
}));
const { revalidatePath } = await import('next/cache');

type RouteHandler = Parameters<typeof callHandler>[0];
type ContractCall = {
  route: string;
  handler: RouteHandler;
  method?: 'POST';
  query?: ApiCall['query'];
  /** A body, sent as JSON. */
  json?: unknown;
  /** Headers, read when the call is made (a session made in beforeAll). */
  headers?: () => Record<string, string>;
  /** The status whose answer the schema describes. */
  status?: number;
  /** The answer is read as its text (a text/plain answer, or none) rather than as JSON. */
  text?: true;
  schema: z.ZodMiniType<unknown>;
  /** What a meaningful answer holds, so a parse of an empty list does not pass for a check. */
  nonEmpty: (body: never) => boolean;
};

const CONTENT_CALLS: ContractCall[] = [
  {
    route: '/api/article/summary',
    handler: summaryRoute,
    query: { limit: 5 },
    schema: newsListAnswer,
    nonEmpty: (body: z.infer<typeof newsListAnswer>) => body.news.length > 0,
  },
  {
    route: '/api/article/single',
    handler: singleRoute,
    query: { newsId: 'A001' },
    schema: articleForReader,
    nonEmpty: (body: z.infer<typeof articleForReader>) => body.article.id === 'A001',
  },
  {
    route: '/api/archive/info',
    handler: archiveRoute,
    query: { year: 2024 },
    schema: archiveInfoAnswer,
    nonEmpty: (body: z.infer<typeof archiveInfoAnswer>) => body.length === 12,
  },
  {
    route: '/api/issue',
    handler: issueRoute,
    schema: dailyIssue,
    nonEmpty: (body: z.infer<typeof dailyIssue>) => body.news.length > 0,
  },
  {
    route: '/api/banner',
    handler: bannerRoute,
    schema: bannersAnswer,
    nonEmpty: (body: z.infer<typeof bannersAnswer>) => body.length > 0,
  },
  {
    route: '/api/eshop/products',
    handler: productsRoute,
    query: { nbProducts: 5 },
    schema: shopProducts,
    nonEmpty: (body: z.infer<typeof shopProducts>) => body.length > 0,
  },
  {
    route: '/api/eshop/textSearch',
    handler: textSearchRoute,
    query: { text: 'memento' },
    schema: shopProducts,
    nonEmpty: (body: z.infer<typeof shopProducts>) => body.length > 0,
  },
  {
    route: '/api/eshop/whitePapers',
    handler: whitePapersRoute,
    schema: whitePapers,
    nonEmpty: (body: z.infer<typeof whitePapers>) => body.length > 0,
  },
  {
    route: '/api/eshop/webFormFields',
    handler: webFormFieldsRoute,
    query: { webFormId: REGISTRATION_FORM_ID },
    schema: webFormDefinition,
    nonEmpty: (body: z.infer<typeof webFormDefinition>) => body.fields.length > 0,
  },
];

const SEARCH_CALLS: ContractCall[] = [
  {
    route: '/api/search/results',
    handler: searchResultsRoute,
    query: { term: 'impôt' },
    schema: searchAnswer,
    nonEmpty: (body: z.infer<typeof searchAnswer>) => body.results.length > 0,
  },
  {
    route: '/api/search/resultsAsArticles',
    handler: searchArticlesRoute,
    query: { term: 'impôt' },
    schema: searchArticlesAnswer,
    nonEmpty: (body: z.infer<typeof searchArticlesAnswer>) => body.results.length > 0,
  },
  {
    route: '/api/search/suggest',
    handler: suggestRoute,
    query: { term: 'imp' },
    schema: searchSuggestions,
    // Suggestions come from frequent past searches: a fresh corpus may have none, the shape is what counts.
    nonEmpty: () => true,
  },
];

const PASSWORD = 'Cl@ire-Compta-2024';
const READER = 'claire.contrat@example.org';
const SUBSCRIBED = 'abonnee.contrat@example.org';
/** Sessions made in beforeAll: one to read the reader, one to close. */
const sessions = { reader: '', closed: '' };
const REVALIDATE_TOKEN = 'jeton-du-processus-contrat-0123456789abcdef';

/** A registration as the browser sends it (src/client/accounts.ts). */
function registration(email: string, password = PASSWORD) {
  const values = {
    civility: '14',
    lastname: 'Martin',
    firstname: 'Claire',
    email,
    password,
    confirmed: password,
    function: 'expertComptable',
    optin: 'N',
  };
  return {
    webFormId: REGISTRATION_FORM_ID,
    fields: Object.entries(values).map(([code, value]) => ({ code, value })),
  };
}

const ACCOUNT_CALLS: ContractCall[] = [
  {
    route: '/api/contentAlert/subscription',
    handler: subscriptionRoute,
    method: 'POST',
    json: { email: 'nouvelle.contrat@example.org', isSubscribing: true },
    schema: subscribedAnswer,
    nonEmpty: (body: z.infer<typeof subscribedAnswer>) => body.status === 'subscribed',
  },
  {
    route: '/api/contentAlert/subscription',
    handler: subscriptionRoute,
    method: 'POST',
    json: { email: SUBSCRIBED, isSubscribing: true },
    status: NEWSLETTER_ALREADY_STATUS,
    schema: alreadySubscribedAnswer,
    nonEmpty: (body: z.infer<typeof alreadySubscribedAnswer>) => body.status === 'already',
  },
  {
    route: '/api/contentAlert/unsubscribe',
    handler: unsubscribeRoute,
    method: 'POST',
    json: { email: SUBSCRIBED },
    text: true,
    schema: unsubscribeAnswer,
    nonEmpty: (body: string) => body === UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  },
  {
    route: '/api/contentAlert/unsubscribe',
    handler: unsubscribeRoute,
    method: 'POST',
    json: { email: SUBSCRIBED, token: unsubscribeToken(SUBSCRIBED) },
    text: true,
    schema: unsubscribeAnswer,
    nonEmpty: (body: string) => body === UNSUBSCRIBE_MESSAGE,
  },
  {
    route: '/api/contentAlert/unsubscribe',
    handler: unsubscribeRoute,
    method: 'POST',
    json: { email: 'pas-une-adresse' },
    status: 400,
    schema: apiErrorAnswer,
    nonEmpty: (body: z.infer<typeof apiErrorAnswer>) => body.error.code === 'bad_request',
  },
  {
    route: '/api/eshop/webFormResult',
    handler: webFormResultRoute,
    method: 'POST',
    json: registration('inscription.contrat@example.org'),
    schema: webFormAccepted,
    nonEmpty: (body: z.infer<typeof webFormAccepted>) =>
      body.result.email === 'inscription.contrat@example.org',
  },
  {
    route: '/api/eshop/webFormResult',
    handler: webFormResultRoute,
    method: 'POST',
    json: registration('refus.contrat@example.org', 'court'),
    status: 400,
    schema: webFormRefused,
    nonEmpty: (body: z.infer<typeof webFormRefused>) => body.errors[0]?.field === 'password',
  },
  {
    route: '/api/eshop/webFormResult',
    handler: webFormResultRoute,
    method: 'POST',
    json: registration(READER),
    status: 409,
    schema: webFormRefused,
    nonEmpty: (body: z.infer<typeof webFormRefused>) => body.errors[0]?.field === 'email',
  },
  {
    route: '/api/eshop/login',
    handler: loginRoute,
    method: 'POST',
    json: { email: READER, password: PASSWORD },
    schema: loggedIn,
    nonEmpty: (body: z.infer<typeof loggedIn>) =>
      body.user.firstname === 'Claire' && body.cookieObj.name === SESSION_COOKIE,
  },
  {
    route: '/api/eshop/login',
    handler: loginRoute,
    method: 'POST',
    json: { email: READER, password: 'Mauvais-mot-de-passe-1' },
    status: 401,
    schema: loginRefused,
    nonEmpty: (body: z.infer<typeof loginRefused>) => body.cookieObj.error !== '',
  },
  {
    route: '/api/eshop/me',
    handler: meRoute,
    headers: () => ({ authorization: `Bearer ${sessions.reader}` }),
    schema: currentUser,
    nonEmpty: (body: z.infer<typeof currentUser>) => body.lastname === 'Martin',
  },
  {
    route: '/api/eshop/me',
    handler: meRoute,
    status: 401,
    schema: apiErrorAnswer,
    nonEmpty: (body: z.infer<typeof apiErrorAnswer>) => body.error.code === 'unauthorized',
  },
  {
    route: '/api/eshop/logout',
    handler: logoutRoute,
    method: 'POST',
    headers: () => ({ authorization: `Bearer ${sessions.closed}` }),
    status: LOGGED_OUT_STATUS,
    text: true,
    // No content.
    schema: z.literal(''),
    nonEmpty: () => true,
  },
];

const OPERATIONS_CALLS: ContractCall[] = [
  {
    route: '/api/health',
    handler: healthRoute,
    schema: healthy,
    nonEmpty: (body: z.infer<typeof healthy>) => body.status === 'ok',
  },
  {
    route: '/api/health/live',
    handler: async () => healthLiveRoute(),
    schema: healthy,
    nonEmpty: (body: z.infer<typeof healthy>) => body.status === 'ok',
  },
  {
    route: '/api/health/ready',
    handler: healthReadyRoute,
    schema: healthy,
    nonEmpty: (body: z.infer<typeof healthy>) => body.status === 'ok',
  },
  {
    route: '/api/revalidate',
    handler: revalidateRoute,
    method: 'POST',
    headers: () => ({ authorization: `Bearer ${REVALIDATE_TOKEN}` }),
    json: { everything: true },
    schema: revalidated,
    nonEmpty: (body: z.infer<typeof revalidated>) => body.revalidated,
  },
  {
    route: '/api/revalidate',
    handler: revalidateRoute,
    method: 'POST',
    headers: () => ({ authorization: `Bearer ${REVALIDATE_TOKEN}` }),
    json: { tags: ['pas une étiquette'] },
    status: 400,
    schema: apiErrorAnswer,
    nonEmpty: (body: z.infer<typeof apiErrorAnswer>) =>
      body.error.code === 'bad_request' && body.error.message.length > 0,
  },
  {
    route: '/api/revalidate',
    handler: revalidateRoute,
    method: 'POST',
    headers: () => ({ authorization: 'Bearer un-autre-jeton' }),
    status: 404,
    schema: apiErrorAnswer,
    nonEmpty: (body: z.infer<typeof apiErrorAnswer>) => body.error.code === 'not_found',
  },
  {
    route: '/api/ops/backup',
    handler: backupRoute,
    headers: () => ({ 'x-forwarded-for': '203.0.113.40' }),
    status: 403,
    text: true,
    schema: backupRefused,
    nonEmpty: () => true,
  },
];

/** Routes that need a reader's session, parsed by their contract in the test of their feature. */
const CHECKED_IN_FEATURE_TESTS = new Map([
  ['/api/account/savedArticles', 'tests/integration/my-account.test.ts'],
  ['/api/account/followedTexts', 'tests/integration/legal-references.test.ts'],
  ['/api/rates', 'tests/integration/rate-tables.test.ts'],
  ['/api/rates/[id]', 'tests/integration/rate-tables.test.ts'],
  ['/api/account/rate-follows', 'tests/integration/rate-tables.test.ts'],
  ['/api/account/agenda-feed', 'tests/integration/personal-agenda.test.ts'],
]);

async function expectContract(call: ContractCall) {
  const answer = await callHandler(call.handler, call.route, {
    method: call.method,
    query: call.query,
    headers: {
      'x-forwarded-for': '203.0.113.40',
      ...(call.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...call.headers?.(),
    },
    body: call.json === undefined ? undefined : JSON.stringify(call.json),
  });
  expect(answer.status, answer.text).toBe(call.status ?? 200);
  const parsed = z.safeParse(call.schema, call.text ? answer.text : answer.body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(call.nonEmpty(parsed.data as never)).toBe(true);
}

/** The test's name: method, route and status. */
const named = (calls: ContractCall[]) =>
  calls.map((call) => [`${call.method ?? 'GET'} ${call.route} ${call.status ?? 200}`, call] as const);

describe('content, shop and account answers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedApiFixtures(database.db);
    useDatabaseForRoutes(database);
  });
  afterAll(async () => {
    forgetDatabaseForRoutes();
    await database?.close();
  });

  it.each(named(CONTENT_CALLS))('%s follows its contract', async (_, call) => expectContract(call));
});

describe('newsletter and account answers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    useDatabaseForRoutes(database);
    await database.db
      .insert(jobs)
      .values({ id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable', sortOrder: 10 });
    const [reader] = await database.db
      .insert(customers)
      .values({
        email: READER,
        passwordHash: await hashPassword(PASSWORD),
        civility: 14,
        firstname: 'Claire',
        lastname: 'Martin',
        function: 'expertComptable',
      })
      .returning({ id: customers.id });
    if (!reader) throw new Error('Lectrice de test non créée');
    sessions.reader = (await createSession(database.db, reader.id)).token;
    sessions.closed = (await createSession(database.db, reader.id)).token;
    await database.db.insert(newsletterSubscribers).values({ email: SUBSCRIBED, source: 'site' });
  });
  afterAll(async () => {
    forgetDatabaseForRoutes();
    await database?.close();
  });

  // In order: the unsubscription with the signed token comes after the one without.
  it.each(named(ACCOUNT_CALLS))('%s follows its contract', async (_, call) => expectContract(call));

  it('a closed session no longer reads the reader', async () => {
    const answer = await callHandler(meRoute, '/api/eshop/me', {
      headers: { authorization: `Bearer ${sessions.closed}` },
    });
    expect(answer.status).toBe(401);
    expect(z.safeParse(apiErrorAnswer, answer.body).success).toBe(true);
  });
});

describe('operations answers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedApiFixtures(database.db);
    useDatabaseForRoutes(database);
    setRevalidateSecret(REVALIDATE_TOKEN);
  });
  afterAll(async () => {
    setRevalidateSecret('');
    forgetDatabaseForRoutes();
    await database?.close();
  });

  it.each(named(OPERATIONS_CALLS))('%s follows its contract', async (_, call) => expectContract(call));

  it('POST /api/revalidate of everything refreshes every revalidated page route', () => {
    for (const route of REVALIDATED_PAGE_ROUTES) expect(revalidatePath).toHaveBeenCalledWith(route, 'page');
  });

  it('GET /api/ops/backup 200 follows its contract: gzip JSON lines, the header first, every table', async () => {
    const response = await backupRoute(
      new Request('http://localhost/api/ops/backup', { headers: { 'x-forwarded-for': '127.0.0.1' } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(BACKUP_CONTENT_TYPE);
    const lines = gunzipSync(Buffer.from(await response.arrayBuffer()))
      .toString()
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => z.parse(backupLine, JSON.parse(line)));
    expect(lines[0]?.kind).toBe('header');
    const rows = lines.flatMap((line) =>
      line.kind === 'rows' && line.table === 'customers' ? line.rows : [],
    );
    expect(rows.map((row) => row.email)).toContain('lecteur@example.org');
  });

  it('GET /api/health and /ready 503 follow their contract while the database is unreachable', async () => {
    useUnreachableDatabaseForRoutes(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    try {
      for (const route of [healthRoute, healthReadyRoute]) {
        const response = await route();
        expect(response.status).toBe(HEALTH_UNAVAILABLE_STATUS);
        expect(z.safeParse(unavailable, await response.json()).success).toBe(true);
      }
    } finally {
      useDatabaseForRoutes(database);
    }
  });
});

describe('search answers', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertSearchCorpus(database.db);
    useDatabaseForRoutes(database);
  });
  afterAll(async () => {
    forgetDatabaseForRoutes();
    await database?.close();
  });

  it.each(named(SEARCH_CALLS))('%s follows its contract', async (_, call) => expectContract(call));
});

/** The public route paths under src/app/api (the Admin API is parsed by src/lib/contracts/admin.ts in the newsroom tests). */
function publicRoutes(directory = path.join(process.cwd(), 'src/app/api')): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'admin' ? [] : publicRoutes(full);
    if (entry.name !== 'route.ts') return [];
    return [`/${path.relative(path.join(process.cwd(), 'src/app'), directory).split(path.sep).join('/')}`];
  });
}

it('checks every public route, here or in the test of its feature', () => {
  const checked = new Set(
    [...CONTENT_CALLS, ...SEARCH_CALLS, ...ACCOUNT_CALLS, ...OPERATIONS_CALLS].map((call) => call.route),
  );
  const unaccounted = publicRoutes().filter(
    (route) => !checked.has(route) && !CHECKED_IN_FEATURE_TESTS.has(route),
  );
  expect(unaccounted).toEqual([]);
});
