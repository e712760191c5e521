import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findPostgresBinaries } from '../support/postgres-binaries';
import { type PostgresCluster, startPostgresCluster } from '../support/postgres-cluster';

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
  /** A page of an HTTP server hooked like the app's (src/instrumentation.ts): it needs the database to render. */
  page: () => Promise<Response>;
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
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
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
  const { instrumentHttpServers } = await import('@/server/observability/http-server');
  const { sql } = await import('drizzle-orm');
  instrumentHttpServers();
  // Renders like a page: 500 when its data cannot be read, as Next.js does for a failed render.
  pageServer = http.createServer(async (_request, response) => {
    try {
      await (await client.getDatabase()).db.execute(sql`select 1`);
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
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    // Stop PostgreSQL (fast shutdown), remembering how it was started so the same server can come back.
    const pid = postmasterPid();
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    process.kill(pid, 'SIGINT');
    const downWithin = await waitFor(async () => (await routes.health()).status === 503, RECOVERY_LIMIT_MS);
    expect(downWithin).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(await (await routes.health()).json()).toEqual({ status: 'unavailable' });
    expect((await routes.ready()).status).toBe(503);
    const unavailablePage = await routes.page();
    expect(unavailablePage.status).toBe(503);
    expect(unavailablePage.headers.get('retry-after')).toBe('10');
    await waitFor(async () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, RECOVERY_LIMIT_MS);

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
