import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as importPost } from '@/app/api/admin/redirects/import/route';
import {
  DELETE as redirectsDelete,
  GET as redirectsGet,
  POST as redirectsPost,
} from '@/app/api/admin/redirects/route';
import { redirectListAnswer, redirectSchema } from '@/lib/contracts/redirects';
import type { Database } from '@/server/db/client';
import { auditLog, redirects } from '@/server/db/schema';
import { answerRedirect } from '@/server/taxonomy/redirects';
import { forgetDatabaseForRoutes, TEST_ORIGIN, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let journalist: TestStaff;
let editor: TestStaff;
let admin: TestStaff;
let server: http.Server;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  [journalist, editor, admin] = await Promise.all([
    createTestStaff(database.db, 'redacteur'),
    createTestStaff(database.db, 'editeur'),
    createTestStaff(database.db, 'administrateur'),
  ]);
  // The HTTP hook as the server runs it, in front of a stand-in for Next.js.
  server = http.createServer((request, response) => {
    if (answerRedirect(request, response)) return;
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('page de Next.js');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  forgetDatabaseForRoutes();
  await database?.close();
});

function create(by: TestStaff, body: unknown) {
  return callAdmin(redirectsPost, { path: '/api/admin/redirects', method: 'POST', caller: by, body });
}

async function importCsv(by: TestStaff, csv: string, contentType = 'text/csv') {
  const response = await importPost(
    new Request(`${TEST_ORIGIN}/api/admin/redirects/import`, {
      method: 'POST',
      headers: { host: new URL(TEST_ORIGIN).host, cookie: by.cookie, 'content-type': contentType },
      body: csv,
    }),
    { params: Promise.resolve({}) } as never,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function visit(path: string, method = 'GET') {
  return fetch(`${base}${path}`, { method, redirect: 'manual' });
}

describe('redirects', () => {
  it('checks roles: editors read, administrators manage', async () => {
    expect((await callAdmin(redirectsGet, { path: '/api/admin/redirects', caller: journalist })).status).toBe(
      403,
    );
    expect((await callAdmin(redirectsGet, { path: '/api/admin/redirects', caller: editor })).status).toBe(
      200,
    );
    expect((await create(editor, { fromPath: '/ancien', toPath: '/nouveau', status: 301 })).status).toBe(403);
    expect((await callAdmin(redirectsGet, { path: '/api/admin/redirects' })).status).toBe(401);
  });

  it('answers 301 with the query kept and 410 for a removed page, before Next.js', async () => {
    const moved = await create(admin, {
      fromPath: '/fiscal/ancien-article.html',
      toPath: '/actualite/nouveau_A1',
      status: 301,
    });
    expect(moved.status).toBe(201);
    expect(redirectSchema.parse(moved.body).status).toBe(301);
    expect((await create(admin, { fromPath: '/boutique-fermee/', status: 410 })).status).toBe(201);

    const response = await visit('/fiscal/ancien-article.html?utm_source=x');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/actualite/nouveau_A1?utm_source=x');
    const gone = await visit('/boutique-fermee');
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('Cette page n’existe plus');
    expect((await visit('/fiscal/ancien-article.html', 'POST')).status).toBe(200);
    expect((await visit('/autre-page')).status).toBe(200);
  });

  it('refuses a redirect to itself, a loop, a second redirect of one address and bad input', async () => {
    const self = await create(admin, { fromPath: '/a', toPath: '/a/', status: 301 });
    expect(self.status).toBe(400);
    expect((await create(admin, { fromPath: '/a', toPath: '/b', status: 301 })).status).toBe(201);
    expect((await create(admin, { fromPath: '/b', toPath: '/c?x=1', status: 301 })).status).toBe(201);
    const loop = await create(admin, { fromPath: '/c', toPath: '/a', status: 301 });
    expect(loop.status).toBe(400);
    expect(JSON.stringify(loop.body)).toContain('boucle de redirections : /c → /a → /b → /c');
    expect((await create(admin, { fromPath: '/a', toPath: '/d', status: 301 })).status).toBe(409);
    expect((await create(admin, { fromPath: 'sans-barre', toPath: '/d', status: 301 })).status).toBe(400);
    expect((await create(admin, { fromPath: '/e', status: 301 })).status).toBe(400);
    expect((await create(admin, { fromPath: '/e', toPath: '/f', status: 302 })).status).toBe(400);
    expect((await create(admin, { fromPath: '/e', toPath: 'javascript:alert(1)', status: 301 })).status).toBe(
      400,
    );
  });

  it('imports a CSV all or nothing, naming each bad line', async () => {
    const before = (await database.db.select().from(redirects)).length;
    const bad = await importCsv(
      admin,
      'ancien,nouveau,statut\n/x1,/y1,301\n/x2,,301\nx3,/y3,301\n/x4,/y4,302\n/x1,/y5,301\n',
    );
    expect(bad.status).toBe(400);
    const details = (bad.body.error as { details: { field: string; message: string }[] }).details;
    expect(details.map((detail) => detail.field)).toEqual(['ligne 3', 'ligne 4', 'ligne 5', 'ligne 6']);
    expect(details[3]?.message).toBe('ancienne adresse déjà à la ligne 2');
    expect((await database.db.select().from(redirects)).length).toBe(before);

    const looping = await importCsv(admin, '/l1,/l2\n/l2,/l1\n');
    expect(looping.status).toBe(400);
    expect((await database.db.select().from(redirects)).length).toBe(before);

    const good = await importCsv(
      admin,
      'ancien,nouveau,statut\n/x1,/y1,301\n/x2%20ancien,https://archives.example.fr/x2,301\n/x3,,410\n',
    );
    expect(good).toEqual({ status: 200, body: { imported: 3 } });
    expect((await visit('/x2%20ancien')).headers.get('location')).toBe('https://archives.example.fr/x2');
    expect((await visit('/x3')).status).toBe(410);
    expect((await importCsv(admin, '/z,/y', 'application/json')).status).toBe(415);
    expect((await importCsv(editor, '/z,/y')).status).toBe(403);
  });

  it('lists and searches, deletes one, and audits every change', async () => {
    const list = redirectListAnswer.parse(
      (await callAdmin(redirectsGet, { path: '/api/admin/redirects', caller: editor, query: { q: '/x' } }))
        .body,
    );
    expect(list.items.map((item) => item.fromPath)).toEqual(['/x1', '/x2 ancien', '/x3']);
    const deleted = await callAdmin(redirectsDelete, {
      path: '/api/admin/redirects',
      method: 'DELETE',
      caller: admin,
      query: { fromPath: '/x1' },
    });
    expect(deleted.status).toBe(204);
    expect((await visit('/x1')).status).toBe(200);
    const again = await callAdmin(redirectsDelete, {
      path: '/api/admin/redirects',
      method: 'DELETE',
      caller: admin,
      query: { fromPath: '/x1' },
    });
    expect(again.status).toBe(404);
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetType, 'redirect'));
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set(['redirect.create', 'redirect.import', 'redirect.delete']),
    );
  });
});
