import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoute, MAX_BODY_BYTES, parseBody, parseQuery } from './api-route';
import { AppError } from './errors';

const echoBody = apiRoute(async (request) => parseBody(request, z.object({ email: z.string().email() })));

function post(body: string, headers: Record<string, string>): Request {
  return new Request('http://site.test/api/echo', {
    method: 'POST',
    body,
    headers: { host: 'site.test', 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

describe('apiRoute', () => {
  it('sends a returned value as JSON with the no-cache headers and a request id', async () => {
    const route = apiRoute(async () => ({ hello: 'monde' }));
    const response = await route(new Request('http://site.test/api/x'), undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hello: 'monde' });
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
    expect(response.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an AppError with its status, code and message', async () => {
    const route = apiRoute(async () => {
      throw new AppError('not_found', 'Article introuvable.');
    });
    const response = await route(new Request('http://site.test/api/x'), undefined);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Article introuvable.' } });
  });

  it('answers 429 with Retry-After for a rate limit', async () => {
    const route = apiRoute(async () => {
      throw new AppError('rate_limited', 'Trop de tentatives.', undefined, 42);
    });
    const response = await route(new Request('http://site.test/api/x'), undefined);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('42');
  });

  it('hides an unexpected error behind a generic 500 without its message or stack', async () => {
    const route = apiRoute(async () => {
      throw new Error('secret internal detail at /srv/app/file.ts:12');
    });
    const response = await route(new Request('http://site.test/api/x'), undefined);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret');
    expect(text).not.toContain('file.ts');
  });

  it('answers 503 when the database connection is refused', async () => {
    const route = apiRoute(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const response = await route(new Request('http://site.test/api/x'), undefined);
    expect(response.status).toBe(503);
  });

  it('refuses a POST from a foreign origin with 403', async () => {
    const response = await echoBody(post('email=a@b.fr', { origin: 'https://evil.test' }), undefined);
    expect(response.status).toBe(403);
  });

  it('refuses a cross-site POST without Origin through Sec-Fetch-Site', async () => {
    const response = await echoBody(post('email=a@b.fr', { 'sec-fetch-site': 'cross-site' }), undefined);
    expect(response.status).toBe(403);
  });

  it('accepts a same-origin POST', async () => {
    const response = await echoBody(post('email=a@b.fr', { origin: 'http://site.test' }), undefined);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ email: 'a@b.fr' });
  });
});

describe('parseBody', () => {
  it('reads form-encoded, JSON and multipart bodies', async () => {
    const form = await echoBody(post('email=lecteur%40cabinet.fr', {}), undefined);
    expect(await form.json()).toEqual({ email: 'lecteur@cabinet.fr' });
    const json = await echoBody(
      post(JSON.stringify({ email: 'a@b.fr' }), { 'content-type': 'application/json' }),
      undefined,
    );
    expect(await json.json()).toEqual({ email: 'a@b.fr' });
    const data = new FormData();
    data.set('email', 'c@d.fr');
    const multipart = new Request('http://site.test/api/echo', { method: 'POST', body: data });
    expect(await (await echoBody(multipart, undefined)).json()).toEqual({ email: 'c@d.fr' });
  });

  it('answers 400 naming the field for an invalid value', async () => {
    const response = await echoBody(post('email=pas-un-email', {}), undefined);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { field: string }[] } };
    expect(body.error.details[0]?.field).toBe('email');
  });

  it('answers 400 for malformed JSON, 413 for an oversized body, 415 for another media type', async () => {
    expect(
      (await echoBody(post('{"email":', { 'content-type': 'application/json' }), undefined)).status,
    ).toBe(400);
    const huge = `email=${'a'.repeat(MAX_BODY_BYTES)}`;
    expect((await echoBody(post(huge, {}), undefined)).status).toBe(413);
    expect((await echoBody(post('<x/>', { 'content-type': 'application/xml' }), undefined)).status).toBe(415);
  });
});

describe('NUL characters, which PostgreSQL refuses in text', () => {
  it('are a 400 naming the field, in a query, a form or nested JSON', async () => {
    const route = apiRoute(async (request) => parseQuery(request, z.object({ term: z.string() })));
    const query = await route(new Request('http://site.test/api/x?term=imp%00ot'), undefined);
    expect(query.status).toBe(400);
    expect(JSON.stringify(await query.json())).toContain('term');
    expect((await echoBody(post('email=a%00@b.fr', {}), undefined)).status).toBe(400);
    const nested = post(JSON.stringify({ email: 'a@b.fr', list: [{ x: 'y\u0000' }] }), {
      'content-type': 'application/json',
    });
    const response = await echoBody(nested, undefined);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('list.0.x');
  });
});

describe('deeply nested bodies', () => {
  it('are a 400, not a stack overflow', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const response = await echoBody(post(deep, { 'content-type': 'application/json' }), undefined);
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('structure trop imbriquée');
  });
});

describe('parseQuery', () => {
  it('parses the first value of each parameter and rejects bad ones with 400', async () => {
    const route = apiRoute(async (request) =>
      parseQuery(request, z.object({ page: z.coerce.number().int() })),
    );
    const ok = await route(new Request('http://site.test/api/x?page=2&page=3'), undefined);
    expect(await ok.json()).toEqual({ page: 2 });
    const bad = await route(new Request('http://site.test/api/x?page=deux'), undefined);
    expect(bad.status).toBe(400);
  });
});
