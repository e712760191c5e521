import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { findPostgresBinaries } from '../support/postgres-binaries';
import { type PostgresCluster, startPostgresCluster, startReplica } from '../support/postgres-cluster';
import { waitUntil } from '../support/wait-until';

/**
 * DATABASE_READ_URL against a real streaming replica (Debian's PostgreSQL on loopback, `pg_basebackup -R`): lists,
 * search and suggestions are read on the replica, writes and the reads that must see them on the primary. The
 * proof: with the replica's replay paused, an article written on the primary is absent from the lists and the
 * search until replay resumes, while a reader who registers logs in at once (primary). Runs in the
 * integration-postgres project only (it starts its own two servers).
 */
const binaries = findPostgresBinaries();
let primary: PostgresCluster;
let replica: PostgresCluster;
let source: Database;
let routes: {
  summary: typeof import('@/app/api/article/summary/route').GET;
  search: typeof import('@/app/api/search/results/route').GET;
  suggest: typeof import('@/app/api/search/suggest/route').GET;
  login: typeof import('@/app/api/eshop/login/route').POST;
  me: typeof import('@/app/api/eshop/me/route').GET;
  register: typeof import('@/app/api/eshop/webFormResult/route').POST;
};

const SITE = 'http://site.test';
const MARKER = 'zorglubophone';

async function replicaQuery<T>(text: string): Promise<T[]> {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: replica.url('app') });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

async function waitForReplica(condition: () => Promise<boolean>): Promise<void> {
  await waitUntil(condition, { timeoutMs: 20_000, intervalMs: 100 });
}

beforeAll(async () => {
  if (!binaries) throw new Error('PostgreSQL binaries are required (apt-get install postgresql)');
  primary = await startPostgresCluster(binaries);
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: primary.url() });
  await admin.connect();
  await admin.query('create database app');
  await admin.end();
  const { openDatabase } = await import('@/server/db/client');
  source = await openDatabase({ driver: 'postgres', url: primary.url('app'), maxConnections: 4 });
  const { seedDatabase } = await import('@/server/seed');
  await seedDatabase(source.db, { articles: 100, documents: 50, today: new Date(), reset: false });
  replica = await startReplica(binaries, primary);
  vi.stubEnv('DATABASE_URL', primary.url('app'));
  vi.stubEnv('DATABASE_READ_URL', replica.url('app'));
  vi.resetModules();
  const searchCounts = await import('@/server/search/query-counts');
  const client = await import('@/server/db/client');
  // As the server does (src/instrumentation.ts): search counts are written to the primary in batches.
  searchCounts.batchSearchCounts(() => client.getDb());
  routes = {
    summary: (await import('@/app/api/article/summary/route')).GET,
    search: (await import('@/app/api/search/results/route')).GET,
    suggest: (await import('@/app/api/search/suggest/route')).GET,
    login: (await import('@/app/api/eshop/login/route')).POST,
    me: (await import('@/app/api/eshop/me/route')).GET,
    register: (await import('@/app/api/eshop/webFormResult/route')).POST,
  };
  // Two servers, a seed and a base backup: minutes on a loaded 2-core machine.
}, 600_000);

afterAll(async () => {
  const client = await import('@/server/db/client');
  await client.closeDatabase();
  await source?.close();
  await replica?.stop();
  await primary?.stop();
  vi.unstubAllEnvs();
});

describe('DATABASE_READ_URL', () => {
  it('is a streaming replica of the primary: read-only, in recovery', async () => {
    const [state] = await replicaQuery<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
    expect(state?.recovery).toBe(true);
  });

  it('reads lists, search and suggestions on the replica; writes and read-after-write on the primary', async () => {
    await replicaQuery('select pg_wal_replay_pause()');
    await source.db.execute(
      (
        await import('drizzle-orm')
      ).sql.raw(`insert into articles (id, type, slug, title, summary, body_html, body_text,
         publication_date, topics, thematics, topic_ids, trades, images, attachments, additional_properties)
       select 'replica-1', type, 'article-${MARKER}', 'Le ${MARKER} arrive', summary, body_html, body_text,
         now(), topics, thematics, topic_ids, trades, images, attachments, additional_properties
       from articles where type = 'actualite' and enriched_news_id is null order by publication_date desc limit 1`),
    );
    // On the primary it is there at once.
    const { sql } = await import('drizzle-orm');
    const onPrimary = (await source.db.execute(
      sql`select count(*)::int as n from articles where id = 'replica-1'`,
    )) as {
      rows: { n: number }[];
    };
    expect(onPrimary.rows[0]?.n).toBe(1);
    const listIds = async () => {
      const answer = (await (
        await routes.summary(new Request(`${SITE}/api/article/summary?limit=5`), undefined)
      ).json()) as {
        news: { id: string }[];
      };
      return answer.news.map((item) => item.id);
    };
    const found = async () => {
      const answer = (await (
        await routes.search(new Request(`${SITE}/api/search/results?term=${MARKER}`), undefined)
      ).json()) as { total: number };
      return answer.total;
    };
    // Replay paused: the replica has not seen the article.
    expect(await listIds()).not.toContain('replica-1');
    expect(await found()).toBe(0);

    // Meanwhile a reader registers and logs in: writes and the session read that follows go to the primary.
    const { REGISTRATION_FORM_ID } = await import('@/lib/constants');
    const { SESSION_COOKIE } = await import('@/server/accounts/sessions');
    const [job] = await replicaQuery<{ id: string }>('select id from jobs order by id limit 1');
    const email = `lecteur.${Date.now()}@example.org`;
    const password = 'Replique-Tres-Solide-2026';
    const values: Record<string, string> = {
      civility: '13',
      lastname: 'Durand',
      firstname: 'Anne',
      email,
      password,
      confirmed: password,
      function: job?.id ?? '',
      optin: 'N',
    };
    const post = (path: string, body: unknown) =>
      new Request(`${SITE}/api${path}`, {
        method: 'POST',
        headers: {
          origin: SITE,
          host: 'site.test',
          'content-type': 'application/json',
          'x-forwarded-for': '203.0.113.50',
        },
        body: JSON.stringify(body),
      });
    const registered = await routes.register(
      post('/eshop/webFormResult', {
        webFormId: REGISTRATION_FORM_ID,
        fields: Object.entries(values).map(([code, value]) => ({ code, value })),
      }),
      undefined,
    );
    expect(registered.status).toBe(200);
    const login = await routes.login(post('/eshop/login', { email, password }), undefined);
    expect(login.status).toBe(200);
    const { cookieObj } = (await login.json()) as { cookieObj: { value?: string } };
    expect(cookieObj.value).toBeTruthy();
    const me = await routes.me(
      new Request(`${SITE}/api/eshop/me`, {
        headers: { host: 'site.test', cookie: `${SESSION_COOKIE}=${cookieObj.value}` },
      }),
      undefined,
    );
    expect(me.status).toBe(200);
    expect(JSON.stringify(await me.json())).toContain('Durand');

    // Replay resumes: the replica catches up and the article shows in the lists and the search.
    await replicaQuery('select pg_wal_replay_resume()');
    await waitForReplica(async () => (await listIds()).includes('replica-1'));
    expect(await found()).toBe(1);
    const suggestions = await (
      await routes.suggest(new Request(`${SITE}/api/search/suggest?term=zorglu`), undefined)
    ).text();
    expect(suggestions.toLowerCase()).toContain(MARKER);
  }, 120_000);
});
