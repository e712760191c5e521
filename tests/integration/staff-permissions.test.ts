import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE as apiKeyDelete } from '@/app/api/admin/api-keys/[id]/route';
import * as apiKeysRoute from '@/app/api/admin/api-keys/route';
import { POST as binRestorePost } from '@/app/api/admin/article-bin/[id]/restore/route';
import { GET as binGet } from '@/app/api/admin/article-bin/route';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { POST as restorePost } from '@/app/api/admin/articles/[id]/revisions/[rev]/restore/route';
import { GET as revisionGet } from '@/app/api/admin/articles/[id]/revisions/[rev]/route';
import { GET as diffGet } from '@/app/api/admin/articles/[id]/revisions/diff/route';
import { GET as revisionsGet } from '@/app/api/admin/articles/[id]/revisions/route';
import * as articleRoute from '@/app/api/admin/articles/[id]/route';
import { POST as submitPost } from '@/app/api/admin/articles/[id]/submit/route';
import { POST as unpublishPost } from '@/app/api/admin/articles/[id]/unpublish/route';
import * as articlesRoute from '@/app/api/admin/articles/route';
import { GET as auditGet } from '@/app/api/admin/audit/route';
import { POST as mediaReplace } from '@/app/api/admin/media/[id]/replace/route';
import {
  DELETE as mediaDelete,
  GET as mediaGet,
  PATCH as mediaPatch,
} from '@/app/api/admin/media/[id]/route';
import * as mediaRoute from '@/app/api/admin/media/route';
import { GET as sessionGet } from '@/app/api/admin/session/route';
import { POST as totpPost } from '@/app/api/admin/session/totp/route';
import { PATCH as staffPatch } from '@/app/api/admin/staff/[id]/route';
import * as staffRoute from '@/app/api/admin/staff/route';
import { GET as taxonomyGet } from '@/app/api/admin/taxonomy/route';
import type { StaffRole } from '@/lib/contracts/admin';
import { createSession, SESSION_COOKIE } from '@/server/accounts/sessions';
import type { Database } from '@/server/db/client';
import { customers } from '@/server/db/schema';
import { createArticle } from '@/server/editorial/articles';
import { findPrincipal } from '@/server/staff/auth';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { articleBody, type Caller, callAdmin, createTestApiKey, createTestStaff } from '../support/newsroom';

// Every role, an API key per role, a reader's session (cookie and bearer) and an anonymous caller against every
// Admin API call. "Allowed" means the guard let the call through: its answer is then neither 401 nor 403 (nor a
// 5xx); what it does past the guard is tested elsewhere. Calls that would change state for the callers after
// them are made with a stale version (409) or an unknown id (404) once through the guard.

let database: Database;
const callers: Record<string, Caller & { role: StaffRole | null; session: boolean }> = {};
let articleId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  for (const role of ['redacteur', 'editeur', 'administrateur'] as const) {
    callers[role] = { ...(await createTestStaff(database.db, role)), role, session: true };
    callers[`clé ${role}`] = {
      authorization: `Bearer ${await createTestApiKey(database.db, role)}`,
      role,
      session: false,
    };
  }
  const [customer] = await database.db
    .insert(customers)
    .values({
      email: 'lectrice@example.fr',
      passwordHash: 'x',
      civility: 14,
      firstname: 'Léa',
      lastname: 'Lectrice',
      function: 'Expert-comptable',
    })
    .returning();
  const { token } = await createSession(database.db, customer?.id ?? 0);
  callers['lectrice (cookie)'] = { cookie: `${SESSION_COOKIE}=${token}`, role: null, session: false };
  callers['lectrice (bearer)'] = { authorization: `Bearer ${token}`, role: null, session: false };
  callers.anonyme = { role: null, session: false };
  // An article an editor created: a journalist may read it but not change it.
  const editor = callers.editeur;
  const principal = await findPrincipal(
    database.db,
    new Request('http://localhost/', { headers: { cookie: editor?.cookie ?? '' } }),
  );
  if (!principal) throw new Error('editor session missing');
  articleId = (await createArticle(database.db, principal, articleBody() as never)).id;
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

type Handler = Parameters<typeof callAdmin>[0];
type Call = {
  name: string;
  handler: Handler;
  method: string;
  path: string;
  minimum: StaffRole;
  /** A journalist passes the role check but not the per-article one (the article is an editor's). */
  ownArticlesOnly?: boolean;
  /** Only a signed-in person, not an API key (their own session and two-factor setup). */
  sessionOnly?: boolean;
  body?: unknown;
  params?: Record<string, string>;
  query?: Record<string, string | number>;
};

const id = () => articleId;
const STALE = { version: 999 };

const calls = (): Call[] => [
  {
    name: 'GET session',
    handler: sessionGet,
    method: 'GET',
    path: '/api/admin/session',
    minimum: 'redacteur',
    sessionOnly: true,
  },
  {
    name: 'POST session/totp',
    handler: totpPost,
    method: 'POST',
    path: '/api/admin/session/totp',
    minimum: 'redacteur',
    sessionOnly: true,
  },
  {
    name: 'GET articles',
    handler: articlesRoute.GET,
    method: 'GET',
    path: '/api/admin/articles',
    minimum: 'redacteur',
  },
  {
    name: 'POST articles',
    handler: articlesRoute.POST,
    method: 'POST',
    path: '/api/admin/articles',
    minimum: 'redacteur',
    body: { title: '' },
  },
  {
    name: 'GET article',
    handler: articleRoute.GET,
    method: 'GET',
    path: `/api/admin/articles/${id()}`,
    minimum: 'redacteur',
    params: { id: id() },
  },
  {
    name: 'PATCH article',
    handler: articleRoute.PATCH,
    method: 'PATCH',
    path: `/api/admin/articles/${id()}`,
    minimum: 'redacteur',
    ownArticlesOnly: true,
    params: { id: id() },
    body: { ...STALE, title: 'x' },
  },
  {
    name: 'DELETE article',
    handler: articleRoute.DELETE,
    method: 'DELETE',
    path: `/api/admin/articles/${id()}`,
    minimum: 'redacteur',
    ownArticlesOnly: true,
    params: { id: id() },
    query: STALE,
  },
  {
    name: 'POST submit',
    handler: submitPost,
    method: 'POST',
    path: `/api/admin/articles/${id()}/submit`,
    minimum: 'redacteur',
    ownArticlesOnly: true,
    params: { id: id() },
    body: STALE,
  },
  {
    name: 'POST publish',
    handler: publishPost,
    method: 'POST',
    path: `/api/admin/articles/${id()}/publish`,
    minimum: 'editeur',
    params: { id: id() },
    body: STALE,
  },
  {
    name: 'POST unpublish',
    handler: unpublishPost,
    method: 'POST',
    path: `/api/admin/articles/${id()}/unpublish`,
    minimum: 'editeur',
    params: { id: id() },
    body: STALE,
  },
  {
    name: 'GET revisions',
    handler: revisionsGet,
    method: 'GET',
    path: `/api/admin/articles/${id()}/revisions`,
    minimum: 'redacteur',
    params: { id: id() },
  },
  {
    name: 'GET revision',
    handler: revisionGet,
    method: 'GET',
    path: `/api/admin/articles/${id()}/revisions/1`,
    minimum: 'redacteur',
    params: { id: id(), rev: '1' },
  },
  {
    name: 'GET diff',
    handler: diffGet,
    method: 'GET',
    path: `/api/admin/articles/${id()}/revisions/diff`,
    minimum: 'redacteur',
    params: { id: id() },
    query: { from: 1, to: 1 },
  },
  {
    name: 'POST restore',
    handler: restorePost,
    method: 'POST',
    path: `/api/admin/articles/${id()}/revisions/1/restore`,
    minimum: 'editeur',
    params: { id: id(), rev: '1' },
    body: STALE,
  },
  {
    name: 'GET taxonomy',
    handler: taxonomyGet,
    method: 'GET',
    path: '/api/admin/taxonomy',
    minimum: 'redacteur',
  },
  {
    name: 'GET media',
    handler: mediaRoute.GET,
    method: 'GET',
    path: '/api/admin/media',
    minimum: 'redacteur',
  },
  {
    name: 'POST media',
    handler: mediaRoute.POST,
    method: 'POST',
    path: '/api/admin/media',
    minimum: 'redacteur',
    body: {},
  },
  {
    name: 'PATCH media',
    handler: mediaPatch,
    method: 'PATCH',
    path: '/api/admin/media/999',
    minimum: 'redacteur',
    params: { id: '999' },
    body: { alt: 'x' },
  },
  {
    name: 'GET media detail',
    handler: mediaGet,
    method: 'GET',
    path: '/api/admin/media/999',
    minimum: 'redacteur',
    params: { id: '999' },
  },
  {
    name: 'DELETE media',
    handler: mediaDelete,
    method: 'DELETE',
    path: '/api/admin/media/999',
    minimum: 'redacteur',
    params: { id: '999' },
  },
  {
    name: 'POST media replace',
    handler: mediaReplace,
    method: 'POST',
    path: '/api/admin/media/999/replace',
    minimum: 'redacteur',
    params: { id: '999' },
    body: {},
  },
  {
    name: 'GET staff',
    handler: staffRoute.GET,
    method: 'GET',
    path: '/api/admin/staff',
    minimum: 'administrateur',
  },
  {
    name: 'POST staff',
    handler: staffRoute.POST,
    method: 'POST',
    path: '/api/admin/staff',
    minimum: 'administrateur',
    body: {},
  },
  {
    name: 'PATCH staff',
    handler: staffPatch,
    method: 'PATCH',
    path: '/api/admin/staff/999',
    minimum: 'administrateur',
    params: { id: '999' },
    body: { name: 'x' },
  },
  {
    name: 'GET api-keys',
    handler: apiKeysRoute.GET,
    method: 'GET',
    path: '/api/admin/api-keys',
    minimum: 'administrateur',
  },
  {
    name: 'GET article-bin',
    handler: binGet,
    method: 'GET',
    path: '/api/admin/article-bin',
    minimum: 'redacteur',
  },
  {
    // An id the bin does not hold: a 404 once through the guard.
    name: 'POST article-bin restore',
    handler: binRestorePost,
    method: 'POST',
    path: '/api/admin/article-bin/R-AUCUN/restore',
    minimum: 'redacteur',
    params: { id: 'R-AUCUN' },
  },
  {
    name: 'POST api-keys',
    handler: apiKeysRoute.POST,
    method: 'POST',
    path: '/api/admin/api-keys',
    minimum: 'administrateur',
    body: {},
  },
  {
    name: 'DELETE api-key',
    handler: apiKeyDelete,
    method: 'DELETE',
    path: '/api/admin/api-keys/999',
    minimum: 'administrateur',
    params: { id: '999' },
  },
  {
    name: 'GET audit',
    handler: auditGet,
    method: 'GET',
    path: '/api/admin/audit',
    minimum: 'administrateur',
  },
];

const RANK: Record<StaffRole, number> = { redacteur: 0, editeur: 1, administrateur: 2 };

function expected(call: Call, caller: (typeof callers)[string]): 'allowed' | 401 | 403 {
  if (caller.role === null) return 401;
  if (RANK[caller.role] < RANK[call.minimum]) return 403;
  if (call.sessionOnly && !caller.session) return 403;
  if (call.ownArticlesOnly && caller.role === 'redacteur') return 403;
  return 'allowed';
}

describe('API keys and the audit log', () => {
  it('an external system creates and publishes with a key; revoked, the key is refused; all of it is logged', async () => {
    const admin = callers.administrateur as Caller;
    const createdKey = await callAdmin<{ id: number; secret: string; prefix: string }>(apiKeysRoute.POST, {
      path: '/api/admin/api-keys',
      method: 'POST',
      caller: admin,
      body: { name: 'Système éditorial', role: 'editeur' },
    });
    expect(createdKey.status).toBe(201);
    const { secret, id: keyId } = createdKey.body;
    expect(secret.startsWith(createdKey.body.prefix)).toBe(true);
    const listed = await callAdmin<{ items: Record<string, unknown>[] }>(apiKeysRoute.GET, {
      path: '/api/admin/api-keys',
      caller: admin,
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    const system: Caller = { authorization: `Bearer ${secret}` };
    const article = await callAdmin<{ id: string; version: number }>(articlesRoute.POST, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: system,
      body: articleBody({ id: 'EXT-1' }),
    });
    expect(article.status).toBe(201);
    const published = await callAdmin(publishPost, {
      path: '/api/admin/articles/EXT-1/publish',
      method: 'POST',
      caller: system,
      params: { id: 'EXT-1' },
      body: { version: 1 },
    });
    expect(published.status).toBe(200);
    const revoked = await callAdmin(apiKeyDelete, {
      path: `/api/admin/api-keys/${keyId}`,
      method: 'DELETE',
      caller: admin,
      params: { id: String(keyId) },
    });
    expect(revoked.body).toMatchObject({ revokedAt: expect.any(String) });
    const refused = await callAdmin(articlesRoute.GET, { path: '/api/admin/articles', caller: system });
    expect(refused.status).toBe(401);

    const audit = await callAdmin<{ items: { action: string; actor: { kind: string; name: string } }[] }>(
      auditGet,
      {
        path: '/api/admin/audit',
        caller: admin,
        query: { targetId: 'EXT-1' },
      },
    );
    expect(audit.body.items.map((entry) => entry.action)).toEqual(['article.publish', 'article.create']);
    expect(audit.body.items[0]?.actor).toMatchObject({ kind: 'api_key', name: 'Système éditorial' });
    const keyEvents = await callAdmin<{ items: { action: string }[] }>(auditGet, {
      path: '/api/admin/audit',
      caller: admin,
      query: { targetType: 'api_key', action: 'api_key.revoke' },
    });
    expect(keyEvents.body.items).toHaveLength(1);
    // Append-only: the database itself refuses to change history.
    await expect(database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
  });
});

describe('a journalist’s API key', () => {
  it('edits and submits the drafts it created, and no other key’s', async () => {
    const key: Caller = { authorization: `Bearer ${await createTestApiKey(database.db, 'redacteur')}` };
    const otherKey: Caller = { authorization: `Bearer ${await createTestApiKey(database.db, 'redacteur')}` };
    const created = await callAdmin<{ id: string }>(articlesRoute.POST, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: key,
      body: articleBody({ id: 'KEY-OWN-1' }),
    });
    expect(created.status).toBe(201);
    const onArticle = (caller: Caller, handler: Parameters<typeof callAdmin>[0], body: unknown, tail = '') =>
      callAdmin(handler, {
        path: `/api/admin/articles/KEY-OWN-1${tail}`,
        method: tail ? 'POST' : 'PATCH',
        caller,
        params: { id: 'KEY-OWN-1' },
        body,
      });
    expect((await onArticle(otherKey, articleRoute.PATCH, { version: 1, title: 'Pas à moi' })).status).toBe(
      403,
    );
    expect((await onArticle(key, articleRoute.PATCH, { version: 1, title: 'Titre revu' })).status).toBe(200);
    expect((await onArticle(otherKey, submitPost, { version: 2 }, '/submit')).status).toBe(403);
    const submitted = await onArticle(key, submitPost, { version: 2 }, '/submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'in_review' });
  });
});

describe('permission matrix of the Admin API', () => {
  it('answers every caller of every call as its role allows', async () => {
    const mismatches: string[] = [];
    for (const call of calls()) {
      for (const [name, caller] of Object.entries(callers)) {
        const answer = await callAdmin(call.handler, {
          path: call.path,
          method: call.method,
          caller,
          body: call.body,
          params: call.params,
          query: call.query,
        });
        const wanted = expected(call, caller);
        const outcome =
          answer.status === 401 || answer.status === 403
            ? answer.status
            : answer.status >= 500
              ? 500
              : 'allowed';
        if (outcome !== wanted)
          mismatches.push(`${call.name} par ${name} : ${answer.status}, attendu ${wanted}`);
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    expect(mismatches).toEqual([]);
  });
});
