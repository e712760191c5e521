import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEARCH_STATEMENT_TIMEOUT_MS } from '@/server/search/engine';
import type { ApiAnswer } from '../support/api';
import { findPostgresBinaries } from '../support/postgres-binaries';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';
import { insertSearchCorpus } from '../support/search-corpus';
import { waitUntil } from '../support/wait-until';

/**
 * PostgreSQL stopped under light load, then started again: health and readiness say 503 while it is away, a page
 * that cannot render is answered 503 with Retry-After (not 500), nothing throws past the route handlers, and
 * service comes back within 10 s of the database returning, without restarting anything. The test runs its own
 * throwaway PostgreSQL because it stops it.
 */
const RECOVERY_LIMIT_MS = 10_000;

let cluster: PostgresCluster;
let restarted: ChildProcess | undefined;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

type Routes = {
  health: () => Promise<Response>;
  ready: () => Promise<Response>;
  /** A page of an HTTP server run through the app's request steps (src/server/http/pipeline.ts): it needs the database to render. */
  page: () => Promise<Response>;
  /** A search page of the same server (`/actualite/social?search=…` runs search() with that term). */
  searchPage: (term: string) => Promise<Response>;
  /** GET /api/search/results. */
  searchApi: (term: string) => Promise<ApiAnswer>;
  close: () => Promise<void>;
};
let pageServer: http.Server | undefined;
let routes: Routes;

function postmasterPid(): number {
  const pidFile = path.join(cluster.dir, 'data', 'postmaster.pid');
  return Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await waitUntil(check, { timeoutMs, intervalMs: 100 });
  return Date.now() - started;
}

beforeAll(async () => {
  const binaries = findPostgresBinaries();
  if (!binaries) throw new Error('PostgreSQL binaries are required (apt-get install postgresql)');
  cluster = await startPostgresCluster(binaries);
  process.on('unhandledRejection', onUnhandled);
  vi.resetModules();
  vi.stubEnv('DATABASE_URL', cluster.url());
  const health = await import('@/app/api/health/route');
  const ready = await import('@/app/api/health/ready/route');
  const client = await import('@/server/db/client');
  const { createPipelineServer, PRODUCTION_STEPS } = await import('@/server/http/pipeline');
  const { search } = await import('@/server/search/engine');
  const { toSearchParams } = await import('@/server/search/params');
  const searchApi = await import('@/app/api/search/results/route');
  const { callHandler } = await import('../support/api');
  const { sql } = await import('drizzle-orm');
  await insertSearchCorpus((await client.getDatabase()).db);
  // Renders like a page: 500 when its data cannot be read, as Next.js does for a failed render.
  pageServer = createPipelineServer(PRODUCTION_STEPS, async (request, response) => {
    try {
      const { db } = await client.getDatabase();
      const term = new URL(request.url ?? '/', 'http://localhost').searchParams.get('search');
      if (term) await search(db, toSearchParams({ term }));
      else await db.execute(sql`select 1`);
      response.end('page');
    } catch {
      response.statusCode = 500;
      response.end('Une erreur est survenue');
    }
  });
  const listening = pageServer;
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const pageUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/actualite/social`;
  routes = {
    health: health.GET,
    ready: ready.GET,
    page: () => fetch(pageUrl),
    searchPage: (term) => fetch(`${pageUrl}?search=${encodeURIComponent(term)}`),
    searchApi: (term) =>
      callHandler(searchApi.GET, '/api/search/results', {
        query: { term },
        headers: { 'x-forwarded-for': '203.0.113.20' },
      }),
    close: client.closeDatabase,
  };
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await new Promise((resolve) => (pageServer ? pageServer.close(resolve) : resolve(undefined)));
  await routes?.close();
  vi.unstubAllEnvs();
  if (restarted && restarted.exitCode === null) {
    const exited = new Promise((resolve) => restarted?.once('exit', resolve));
    restarted.kill('SIGINT');
    await exited;
  }
  await cluster?.stop();
});

describe('a search past its time budget', () => {
  it('answers 503 with Retry-After, on the API and on a page, while a lock holds the documents', async () => {
    expect((await routes.searchApi('impôt')).status).toBe(200);
    expect((await routes.searchPage('impôt')).status).toBe(200);
    // Another session holds the subscriber documents longer than a search's statement_timeout.
    const locker = new pg.Client({ connectionString: cluster.url() });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table subscriber_documents in access exclusive mode');
      const started = Date.now();
      const [api, page] = await Promise.all([routes.searchApi('impôt'), routes.searchPage('impôt')]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(SEARCH_STATEMENT_TIMEOUT_MS);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toBe('2');
      expect(api.body).toEqual({
        error: { code: 'unavailable', message: expect.stringContaining('La recherche est très sollicitée') },
      });
      expect(page.status).toBe(503);
      expect(page.headers.get('retry-after')).toBe('10');
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    // The lock gone, search answers again; a later bug would be a 500 again.
    expect((await routes.searchApi('impôt')).status).toBe(200);
  }, 30_000);
});

describe('PostgreSQL outage', () => {
  it('answers 503 while the database is down and recovers within 10 s of its return, under load', async () => {
    expect((await routes.health()).status).toBe(200);
    expect((await routes.ready()).status).toBe(200);
    expect((await routes.page()).status).toBe(200);

    // Light load for the whole test: health, readiness and page calls every 20 ms, whose answers must be 200 or 503.
    const statuses = new Set<number>();
    let loading = true;
    const load = (async () => {
      while (loading) {
        const answers = await Promise.all([routes.health(), routes.ready(), routes.page()]);
        for (const answer of answers) statuses.add(answer.status);
        // A fixed pause on purpose: the pace of the load, not a wait for something to happen.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // Stop PostgreSQL (fast shutdown), remembering how it was started so the same server can come back.
    const pid = postmasterPid();
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    process.kill(pid, 'SIGINT');
    const downWithin = await waitFor(async () => (await routes.health()).status === 503, RECOVERY_LIMIT_MS);
    expect(downWithin).toBeLessThan(RECOVERY_LIMIT_MS);
    // Once the server has exited: until then a pooled connection whose backend has not yet ended may still answer.
    await waitFor(async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, RECOVERY_LIMIT_MS);
    expect(await (await routes.health()).json()).toEqual({ status: 'unavailable' });
    expect((await routes.ready()).status).toBe(503);
    const unavailablePage = await routes.page();
    expect(unavailablePage.status).toBe(503);
    expect(unavailablePage.headers.get('retry-after')).toBe('10');

    const [program, ...args] = commandLine;
    const owner = statSync(path.join(cluster.dir, 'data'));
    restarted = spawn(program ?? 'postgres', args, {
      stdio: 'ignore',
      uid: owner.uid,
      gid: owner.gid,
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    });
    const recoveredIn = await waitFor(async () => (await routes.health()).status === 200, RECOVERY_LIMIT_MS);
    expect(recoveredIn).toBeLessThan(RECOVERY_LIMIT_MS);
    expect((await routes.ready()).status).toBe(200);
    await waitFor(async () => (await routes.page()).status === 200, RECOVERY_LIMIT_MS);

    loading = false;
    await load;
    expect(statuses.has(503)).toBe(true);
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 60_000);
});
