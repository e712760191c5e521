import type http from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as results } from '@/app/api/search/results/route';
import { PATHS } from '@/lib/constants';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { purgePageCache } from '@/server/http/page-cache-purge';
import { createPipelineServer, PRODUCTION_STEPS } from '@/server/http/pipeline';
import { pathnameOf, type RequestStep } from '@/server/http/request-step';
import { searchAdmissionStep } from '@/server/http/steps/search-admission';
import { renderMetrics } from '@/server/observability/metrics';
import { SEARCH_QUEUE_MAX, searchSlot } from '@/server/search/admission';
import { search } from '@/server/search/engine';
import { searchSlotStats } from '@/server/search/search-slots';
import { type SearchParams, UR_TYPES } from '@/server/search/types';
import { callHandler, forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { insertSearchCorpus } from '../support/search-corpus';
import { waitUntil } from '../support/wait-until';

/**
 * Issue 15 item 6, one search must not stall the server (docs/SEARCH.md, "Liveness (2026-11-27)"): the event loop
 * takes turns while a search runs (PGlite's statements yield between them), an over-long text is redirected to
 * the text searched, searches take one of the process's slots (others wait, past the queue 503 with
 * Retry-After), and the liveness probe is answered before Next.js. The HTTP server here is hooked like the app's
 * (src/server/http/pipeline.ts), with a stand-in for Next.js.
 */

let database: Database;
let server: http.Server;
let base: string;
/** URLs that reached the stand-in for Next.js. */
let rendered: string[] = [];
/** When set, the stand-in answers pages the page cache keeps, once `rendered` resolves (a render in progress). */
let shareablePage: { rendered: Promise<void> } | undefined;
const PAGE_NONCE = 'UkVDSEVSQ0hFMDEyMzQ1Ng==';
const held: (() => void)[] = [];
/** Requests that reached the search admission step: a reader joins a render in progress the moment it does. */
let searchesArrived = 0;
const countedSearchAdmission: RequestStep = {
  name: searchAdmissionStep.name,
  run(request, response) {
    if (pathnameOf(request.url) === PATHS.search) searchesArrived += 1;
    return searchAdmissionStep.run(request, response);
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
  useDatabaseForRoutes(database);
  server = createPipelineServer(
    PRODUCTION_STEPS.map((step) => (step === searchAdmissionStep ? countedSearchAdmission : step)),
    async (request: IncomingMessage, response: ServerResponse) => {
      rendered.push(request.url ?? '');
      response.setHeader('content-type', 'text/html; charset=utf-8');
      if (!shareablePage) {
        response.end('<!doctype html><title>Recherche</title>');
        return;
      }
      // As Next.js renders a search: a page with its nonce, which the page cache keeps.
      await shareablePage.rendered;
      response.setHeader('content-security-policy', `script-src 'self' 'nonce-${PAGE_NONCE}'`);
      response.end(`<!doctype html><title>Recherche</title><script nonce="${PAGE_NONCE}"></script>`);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  shareablePage = undefined;
  purgePageCache();
  await releaseAll();
  expect(searchSlotStats()).toEqual({ running: 0, waiting: 0 });
  rendered = [];
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  forgetDatabaseForRoutes();
  await database?.close();
});

const params = (term: string): SearchParams => ({
  term,
  page: 1,
  urType: UR_TYPES.all,
  selected: {},
  sort: SEARCH_SORTS.relevance,
});

const unknownWords = (seed: string) =>
  Array.from({ length: 30 }, (_, index) => `zorglub${seed}${index}quix`).join(' ');

/** Counts the turns the event loop takes (setImmediate callbacks) while `run` is in progress. */
async function turnsDuring(run: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    await run();
  } finally {
    running = false;
  }
  return turns;
}

/** Occupies every slot and the whole queue; returns the releases (the queued ones once they get their slot). */
async function fillSearchSlots(): Promise<void> {
  const taken: Promise<(() => void) | null>[] = [];
  for (let slot = searchSlot(); slot; slot = searchSlot()) taken.push(slot);
  for (const release of taken) void release.then((done) => done && held.push(done));
  await new Promise((resolve) => setImmediate(resolve));
  expect(searchSlotStats().waiting).toBe(SEARCH_QUEUE_MAX);
}

/** Releases the held slots, and those the waiting ones get in turn, until none is held. */
async function releaseAll(): Promise<void> {
  for (let round = 0; round < 200 && held.length > 0; round += 1) {
    for (const release of held.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** How many search pages went through `part` so far (`search_page_seconds` of /metrics). */
async function searchParts(part: string): Promise<number> {
  const line = (await renderMetrics())
    .split('\n')
    .find((candidate) => candidate.startsWith(`search_page_seconds_count{part="${part}"} `));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('one search does not hold the event loop', () => {
  it('lets the event loop take turns between the statements of a search', async () => {
    // Each statement is a round trip on PostgreSQL; on PGlite each one first yields (yielding-pglite.ts). Without
    // that, a search ran as one chain of promises and no other request was read until it ended.
    expect(await turnsDuring(() => search(database.db, params('impôt')))).toBeGreaterThanOrEqual(5);
    expect(await turnsDuring(() => search(database.db, params(unknownWords('a'))))).toBeGreaterThanOrEqual(2);
  });

  it('answers the liveness probe before Next.js, whatever the searches in progress', async () => {
    await fillSearchSlots();
    const response = await fetch(`${base}/api/health/live`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(rendered).toEqual([]);
  });
});

describe('the search page', () => {
  it('redirects a text longer than a search reads to the text searched', async () => {
    const response = await fetch(`${base}/search?term=${encodeURIComponent(unknownWords('b'))}&tri=date`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    const location = new URL(response.headers.get('location') ?? '', base);
    expect(location.searchParams.get('term')?.split(' ')).toHaveLength(12);
    expect(location.searchParams.get('tri')).toBe('date');
    expect(rendered).toEqual([]);
    const followed = await fetch(location);
    expect(followed.status).toBe(200);
    expect(rendered).toEqual([`${location.pathname}${location.search}`]);
  });

  it('waits for a search slot, and past the queue answers 503 with Retry-After in French', async () => {
    await fillSearchSlots();
    const refused = await fetch(`${base}/search?term=tva`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('La recherche est très sollicitée');
    expect(rendered).toEqual([]);
    // Once the queue moves, a search waits for its turn, then is rendered.
    held.shift()?.();
    expect(searchSlotStats().waiting).toBe(SEARCH_QUEUE_MAX - 1);
    const waiting = fetch(`${base}/search?term=tva`);
    // In the queue's free place, behind the others: not rendered.
    await waitUntil(() => searchSlotStats().waiting === SEARCH_QUEUE_MAX);
    expect(rendered).toEqual([]);
    await releaseAll();
    expect((await waiting).status).toBe(200);
    expect(rendered).toEqual(['/search?term=tva']);
  });

  it('renders a search once for readers asking it together: the others wait for it outside the queue', async () => {
    let finishRender = () => {};
    shareablePage = { rendered: new Promise((resolve) => (finishRender = resolve)) };
    const parts = ['cached', 'same-search', 'rate-limit', 'slot-wait', 'render'];
    const before = await Promise.all(parts.map(searchParts));
    const arrivedBefore = searchesArrived;
    const readers = Array.from({ length: 6 }, () => fetch(`${base}/search?term=bail`));
    // All six went through the search step (which joins a render in progress at once), one reached the render.
    await waitUntil(() => searchesArrived - arrivedBefore === 6 && rendered.length === 1);
    // One render in progress; the five other readers hold neither a slot nor a place in the queue.
    expect(rendered).toEqual(['/search?term=bail']);
    expect(searchSlotStats()).toEqual({ running: 1, waiting: 0 });
    finishRender();
    const answers = await Promise.all(readers);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const answer of answers) expect(await answer.text()).toContain('<title>Recherche</title>');
    expect(rendered).toEqual(['/search?term=bail']);
    // A seventh reader gets the kept copy. Where their time went, by part: one counted, given a slot and
    // rendered; five waiting for that render; one answered from the page cache.
    await (await fetch(`${base}/search?term=bail`)).text();
    const after = await Promise.all(parts.map(searchParts));
    expect(after.map((count, index) => count - (before[index] ?? 0))).toEqual([1, 5, 1, 1, 1]);
  });

  it('renders it for the next reader when the render it waited for stored nothing', async () => {
    // The stand-in's plain page has no nonce: the page cache does not keep it.
    const answers = await Promise.all([
      fetch(`${base}/search?term=loyer`),
      fetch(`${base}/search?term=loyer`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(rendered).toEqual(['/search?term=loyer', '/search?term=loyer']);
  });
});

describe('GET /api/search/results', () => {
  it('answers 503 with Retry-After while every slot and the queue are taken, then searches again', async () => {
    await fillSearchSlots();
    const call = () =>
      callHandler(results, '/api/search/results', {
        query: { term: 'impôt' },
        headers: { 'x-forwarded-for': '203.0.113.20' },
      });
    const refused = await call();
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.text).toContain('La recherche est très sollicitée');
    await releaseAll();
    expect(searchSlotStats()).toEqual({ running: 0, waiting: 0 });
    const answered = await call();
    expect(answered.status).toBe(200);
    expect(searchSlotStats()).toEqual({ running: 0, waiting: 0 });
  });
});
