import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as loginPost } from '@/app/api/eshop/login/route';
import { POST as logoutPost } from '@/app/api/eshop/logout/route';
import { GET as meGet } from '@/app/api/eshop/me/route';
import { GET as fieldsGet } from '@/app/api/eshop/webFormFields/route';
import { POST as resultPost } from '@/app/api/eshop/webFormResult/route';
import { REGISTRATION_FORM_ID, SESSION_HINT_COOKIE } from '@/lib/constants';
import { ACCOUNT_FORM_MESSAGES } from '@/lib/contracts/accounts';
import {
  EMAIL_MESSAGE,
  PASSWORD_CLASSES_MESSAGE,
  PASSWORD_CONFIRMATION_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  REQUIRED_MESSAGE,
} from '@/lib/validation';
import { INVALID_CREDENTIALS_MESSAGE } from '@/server/accounts/login';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_TOO_LONG_MESSAGE } from '@/server/accounts/passwords';
import { SESSION_COOKIE } from '@/server/accounts/sessions';

const {
  duplicate_email: DUPLICATE_EMAIL_MESSAGE,
  invalid_civility: INVALID_CIVILITY_MESSAGE,
  invalid_function: INVALID_FUNCTION_MESSAGE,
  invalid_optin: INVALID_OPTIN_MESSAGE,
  name_characters: NAME_CHARACTERS_MESSAGE,
  name_too_long: NAME_TOO_LONG_MESSAGE,
} = ACCOUNT_FORM_MESSAGES;

import { LIMITS, registerAddressLimit } from '@/server/accounts/throttle';
import type { Database, Db } from '@/server/db/client';
import { backgroundJobs, customers, jobs, newsletterSubscribers, sessions } from '@/server/db/schema';
import { createTestDatabase } from '../support/database';

// The routes read the process-wide database through getDb(): point it at this file's test database.
const holder = vi.hoisted(() => ({ db: undefined as Db | undefined }));
vi.mock('@/server/db/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/server/db/client')>()),
  getDb: async () => {
    if (!holder.db) throw new Error('test database not open');
    return holder.db;
  },
}));

const SITE = 'http://site.test';
const PASSWORD = 'Cl@ire-Compta-2024';
const INJECTIONS = ["Robert'); DROP TABLE customers;--", "' OR '1'='1", '<script>alert(1)</script>'];

let database: Database;
let addressCounter = 0;
/** A fresh client address, so rate limits of one case never leak into another. */
function newAddress(): string {
  addressCounter += 1;
  return `198.51.100.${addressCounter}`;
}

type Options = { address?: string; origin?: string | null; headers?: Record<string, string> };

function post(path: string, body: unknown, options: Options = {}): Request {
  const headers: Record<string, string> = {
    host: 'site.test',
    'x-forwarded-for': options.address ?? newAddress(),
    ...options.headers,
  };
  if (options.origin !== null) headers.origin = options.origin ?? SITE;
  let payload: string;
  if (typeof body === 'string') {
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
    payload = body;
  } else {
    headers['content-type'] ??= 'application/json';
    payload = JSON.stringify(body);
  }
  return new Request(`${SITE}/api${path}`, { method: 'POST', headers, body: payload });
}

function get(pathAndQuery: string, headers: Record<string, string> = {}): Request {
  return new Request(`${SITE}/api${pathAndQuery}`, { headers: { host: 'site.test', ...headers } });
}

type Values = Record<string, string>;

function registrationValues(overrides: Values = {}): Values {
  return {
    civility: '14',
    lastname: 'Martin',
    firstname: 'Claire',
    email: `claire.${Math.random().toString(36).slice(2)}@cabinet-martin.fr`,
    password: PASSWORD,
    confirmed: PASSWORD,
    function: 'expertComptable',
    optin: 'N',
    ...overrides,
  };
}

function registrationBody(values: Values, webFormId: unknown = REGISTRATION_FORM_ID) {
  return { webFormId, fields: Object.entries(values).map(([code, value]) => ({ code, value })) };
}

async function register(values: Values, options: Options = {}) {
  const response = await resultPost(
    post('/eshop/webFormResult', registrationBody(values), options),
    undefined,
  );
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function login(email: string, password: string, options: Options = {}) {
  const response = await loginPost(post('/eshop/login', { email, password }, options), undefined);
  return {
    response,
    body: (await response.json()) as {
      cookieObj: { name?: string; value?: string; ttl?: number; error?: string };
      user: { firstname: string; lastname: string } | null;
    },
  };
}

/** A registered customer, created through the API. */
async function registeredCustomer(overrides: Values = {}): Promise<Values> {
  const values = registrationValues(overrides);
  const { response } = await register(values);
  expect(response.status).toBe(200);
  return values;
}

beforeAll(async () => {
  database = await createTestDatabase();
  holder.db = database.db;
  await database.db.insert(jobs).values([
    { id: 'expertComptable', label: 'Expert-comptable', slug: 'expert-comptable', sortOrder: 10 },
    { id: 'entreprise', label: 'Entreprise', slug: 'entreprise', sortOrder: 20 },
    { id: 'DRH', label: 'DRH', slug: 'drh', parentId: 'entreprise', sortOrder: 10 },
    {
      id: 'dirigeant',
      label: "Dirigeant d'entreprise",
      slug: 'dirigeant',
      parentId: 'entreprise',
      sortOrder: 20,
    },
    { id: 'notaire', label: 'Notaire', slug: 'notaire', sortOrder: 30 },
  ]);
});

afterAll(async () => {
  holder.db = undefined;
  await database?.close();
});

describe('GET /api/eshop/webFormFields', () => {
  it('describes the registration form: field ids, optin comment, civilities 13 to 18, grouped functions', async () => {
    const response = await fieldsGet(
      get(`/eshop/webFormFields?webFormId=${REGISTRATION_FORM_ID}`),
      undefined,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const form = (await response.json()) as {
      webFormId: number;
      fields: { field_id: number; code: string; required: boolean; options?: unknown[] }[];
      optinComment: string;
      civilities: { value: number; label: string }[];
      functions: { value: string; label: string; options?: { value: string }[] }[];
    };
    expect(form.webFormId).toBe(REGISTRATION_FORM_ID);
    expect(form.fields.map((field) => field.code)).toEqual([
      'civility',
      'lastname',
      'firstname',
      'email',
      'password',
      'confirmed',
      'function',
      'optin',
    ]);
    const ids = form.fields.map((field) => field.field_id);
    expect(ids.every(Number.isInteger)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(form.fields.filter((field) => field.required).map((field) => field.code)).not.toContain('optin');
    expect(form.optinComment).toMatch(/newsletter/);
    expect(form.civilities).toEqual([
      { value: 13, label: 'Monsieur' },
      { value: 14, label: 'Madame' },
      { value: 15, label: 'Mademoiselle' },
      { value: 16, label: 'Maître' },
      { value: 17, label: 'Professeur' },
      { value: 18, label: 'Docteur' },
    ]);
    expect(form.fields.find((field) => field.code === 'civility')?.options).toHaveLength(6);
    expect(form.functions).toEqual([
      { value: 'expertComptable', label: 'Expert-comptable' },
      {
        value: 'entreprise',
        label: 'Entreprise',
        options: [
          { value: 'DRH', label: 'DRH' },
          { value: 'dirigeant', label: "Dirigeant d'entreprise" },
        ],
      },
      { value: 'notaire', label: 'Notaire' },
    ]);
  });

  it('answers 404 for an unknown form and 400 for a missing or malformed id', async () => {
    expect((await fieldsGet(get('/eshop/webFormFields?webFormId=1234'), undefined)).status).toBe(404);
    for (const query of ['', '?webFormId=', '?webFormId=abc', '?webFormId=-5', '?webFormId=50293.5']) {
      expect((await fieldsGet(get(`/eshop/webFormFields${query}`), undefined)).status, query).toBe(400);
    }
    const injected = encodeURIComponent("50293' OR 1=1--");
    expect((await fieldsGet(get(`/eshop/webFormFields?webFormId=${injected}`), undefined)).status).toBe(400);
  });
});

describe('POST /api/eshop/webFormResult', () => {
  it('creates the customer with an argon2id hash and answers {success, result, errors}', async () => {
    const values = registrationValues({ email: '  Claire.Martin@Cabinet-Martin.FR ' });
    const { response, body } = await register(values);
    expect(response.status).toBe(200);
    expect(body).toEqual({
      success: true,
      result: {
        email: 'claire.martin@cabinet-martin.fr',
        firstname: 'Claire',
        lastname: 'Martin',
        optin: false,
      },
      errors: [],
    });
    const [row] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, 'claire.martin@cabinet-martin.fr'));
    expect(row).toMatchObject({ civility: 14, function: 'expertComptable', optin: false });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    const subscribed = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'claire.martin@cabinet-martin.fr'));
    expect(subscribed).toEqual([]);
  });

  it('with optin O, queues the confirmation e-mail and subscribes nothing before its link is followed', async () => {
    const values = registrationValues({ optin: 'O' });
    const { response, body } = await register(values);
    expect(response.status).toBe(200);
    expect(body.result).toMatchObject({ optin: true });
    const [subscriber] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, values.email ?? ''));
    expect(subscriber).toBeUndefined();
    // The link's round trip is in account-emails.test.ts; here, the e-mail is queued with the account.
    const queued = await database.db
      .select({ payload: backgroundJobs.payload })
      .from(backgroundJobs)
      .where(sql`${backgroundJobs.payload}->>'to' = ${values.email ?? ''}`);
    expect(queued.map((job) => (job.payload as { category: string }).category)).toEqual([
      'account-confirmation',
    ]);
  });

  it('accepts the same values form-encoded, as flat fields or as a JSON list', async () => {
    const flat = new URLSearchParams({ webFormId: String(REGISTRATION_FORM_ID), ...registrationValues() });
    const flatResponse = await resultPost(post('/eshop/webFormResult', flat.toString()), undefined);
    expect(flatResponse.status).toBe(200);
    const list = registrationBody(registrationValues());
    const encoded = new URLSearchParams({
      webFormId: String(list.webFormId),
      fields: JSON.stringify(list.fields),
    });
    const listResponse = await resultPost(post('/eshop/webFormResult', encoded.toString()), undefined);
    expect(listResponse.status).toBe(200);
  });

  it('takes formId and values as other names, and the registration form when no id is given', async () => {
    const { fields } = registrationBody(registrationValues());
    const aliased = await resultPost(
      post('/eshop/webFormResult', { formId: REGISTRATION_FORM_ID, values: fields }),
      undefined,
    );
    expect(aliased.status).toBe(200);
    const { fields: others } = registrationBody(registrationValues());
    const withoutId = await resultPost(post('/eshop/webFormResult', { fields: others }), undefined);
    expect(withoutId.status).toBe(200);
    expect(((await withoutId.json()) as { success: boolean }).success).toBe(true);
  });

  it('takes a JSON civility number and a function of a group, and works without a confirmation field', async () => {
    const values = registrationValues({ function: 'DRH' });
    delete values.confirmed;
    const body = registrationBody(values);
    const withNumber = {
      ...body,
      fields: body.fields.map((field) =>
        field.code === 'civility' ? { code: 'civility', value: 17 } : field,
      ),
    };
    const response = await resultPost(post('/eshop/webFormResult', withNumber), undefined);
    expect(response.status).toBe(200);
    const [row] = await database.db
      .select()
      .from(customers)
      .where(eq(customers.email, values.email ?? ''));
    expect(row).toMatchObject({ civility: 17, function: 'DRH' });
  });

  it('keeps unicode names and SQL-looking text as plain data', async () => {
    const values = registrationValues({
      firstname: 'Zoé-Łucja 李',
      lastname: "O'Brien; DROP TABLE customers;--",
    });
    const { response, body } = await register(values);
    expect(response.status).toBe(200);
    expect(body.result).toMatchObject({
      firstname: 'Zoé-Łucja 李',
      lastname: "O'Brien; DROP TABLE customers;--",
    });
    const [{ count } = { count: 0 }] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(customers);
    expect(count).toBeGreaterThan(0);
  });

  it('answers 400 with success false and every missing required field', async () => {
    const { response, body } = await register({ optin: 'N' });
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.result).toBeNull();
    expect(body.errors).toEqual(
      ['civility', 'lastname', 'firstname', 'email', 'password', 'function'].map((field) => ({
        field,
        message: REQUIRED_MESSAGE,
      })),
    );
  });

  it.each([
    ['email', { email: 'pas-une-adresse' }, EMAIL_MESSAGE],
    ['email', { email: `${'a'.repeat(250)}@cabinet.fr` }, EMAIL_MESSAGE],
    ['email', { email: '<script>@cabinet.fr' }, EMAIL_MESSAGE],
    ['email', { email: "x' OR '1'='1@cabinet.fr" }, EMAIL_MESSAGE],
    ['password', { password: 'Ab1!', confirmed: 'Ab1!' }, PASSWORD_LENGTH_MESSAGE],
    ['password', { password: 'abcdefgh1!', confirmed: 'abcdefgh1!' }, PASSWORD_CLASSES_MESSAGE],
    ['password', { password: 'Azerty123!', confirmed: 'Azerty123!' }, COMMON_PASSWORD_MESSAGE],
    ['password', { password: 'P@ssw0rd', confirmed: 'P@ssw0rd' }, COMMON_PASSWORD_MESSAGE],
    [
      'password',
      { password: `Aa1!${'x'.repeat(130)}`, confirmed: `Aa1!${'x'.repeat(130)}` },
      PASSWORD_TOO_LONG_MESSAGE,
    ],
    ['confirmed', { confirmed: 'Autre-Mot-2024!' }, PASSWORD_CONFIRMATION_MESSAGE],
    ['confirmed', { confirmed: '' }, REQUIRED_MESSAGE],
    ['civility', { civility: '12' }, INVALID_CIVILITY_MESSAGE],
    ['civility', { civility: '19' }, INVALID_CIVILITY_MESSAGE],
    ['civility', { civility: 'Monsieur' }, INVALID_CIVILITY_MESSAGE],
    ['function', { function: 'astronaute' }, INVALID_FUNCTION_MESSAGE],
    ['function', { function: 'entreprise' }, INVALID_FUNCTION_MESSAGE],
    ['function', { function: "' OR 1=1--" }, INVALID_FUNCTION_MESSAGE],
    ['optin', { optin: 'oui' }, INVALID_OPTIN_MESSAGE],
    ['lastname', { lastname: 'M'.repeat(101) }, NAME_TOO_LONG_MESSAGE],
    ['lastname', { lastname: '<script>alert(1)</script>' }, NAME_CHARACTERS_MESSAGE],
    ['firstname', { firstname: 'Claire\u0000' }, NAME_CHARACTERS_MESSAGE],
    ['firstname', { firstname: '   ' }, REQUIRED_MESSAGE],
  ])('refuses a bad %s (%j) with its message and creates nothing', async (field, overrides, message) => {
    const values = registrationValues(overrides as Values);
    const before = await customerCount();
    const { response, body } = await register(values);
    expect(response.status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ field, message });
    expect(await customerCount()).toBe(before);
  });

  it('answers success false with a clear error for a registered address, whatever its case', async () => {
    const values = await registeredCustomer();
    const before = await customerCount();
    const { response, body } = await register(
      registrationValues({ email: ` ${values.email?.toUpperCase()} `, firstname: 'Autre' }),
    );
    expect(response.status).toBe(409);
    expect(body).toEqual({
      success: false,
      result: null,
      errors: [{ field: 'email', message: DUPLICATE_EMAIL_MESSAGE }],
    });
    expect(await customerCount()).toBe(before);
  });

  it('answers 404 for an unknown form id and 400 for a malformed body', async () => {
    const unknown = await resultPost(
      post('/eshop/webFormResult', registrationBody(registrationValues(), 1234)),
      undefined,
    );
    expect(unknown.status).toBe(404);
    const cases: unknown[] = [
      registrationBody(registrationValues(), 'formulaire'),
      { webFormId: REGISTRATION_FORM_ID, fields: 'pas une liste' },
      { webFormId: REGISTRATION_FORM_ID, fields: { code: 'email', value: 'a@b.fr' } },
      [{ code: 'email', value: 'a@b.fr' }],
      { webFormId: REGISTRATION_FORM_ID, fields: [{ code: 'email', value: { $ne: null } }] },
      { webFormId: REGISTRATION_FORM_ID, fields: [{ code: 'civility', value: [13] }] },
    ];
    for (const body of cases) {
      const response = await resultPost(post('/eshop/webFormResult', body), undefined);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const malformed = await resultPost(
      post('/eshop/webFormResult', '{"webFormId":', { headers: { 'content-type': 'application/json' } }),
      undefined,
    );
    expect(malformed.status).toBe(400);
  });

  it('refuses a POST from a foreign origin with 403 and creates nothing', async () => {
    const values = registrationValues();
    const { response } = await register(values, { origin: 'https://evil.test' });
    expect(response.status).toBe(403);
    expect(
      await database.db
        .select()
        .from(customers)
        .where(eq(customers.email, values.email ?? '')),
    ).toEqual([]);
  });

  it('limits registrations per client address with 429 and Retry-After', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= registerAddressLimit().limit; i += 1) {
      statuses.push((await register({ optin: 'N' }, { address })).response.status);
    }
    expect(statuses.slice(0, registerAddressLimit().limit).every((status) => status === 400)).toBe(true);
    const { response } = await register(registrationValues(), { address });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits registrations per e-mail across addresses', async () => {
    const values = await registeredCustomer();
    let last = 0;
    for (let i = 0; i < LIMITS.registerEmail.limit; i += 1) last = (await register(values)).response.status;
    expect(last).toBe(429);
  });
});

async function customerCount(): Promise<number> {
  const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(customers);
  return row?.count ?? 0;
}

describe('POST /api/eshop/login', () => {
  it('answers {cookieObj: {name, value, ttl}, user} and sets a secure session cookie', async () => {
    const values = await registeredCustomer({ firstname: 'Hélène', lastname: 'Dupont' });
    const { response, body } = await login(values.email ?? '', PASSWORD);
    expect(response.status).toBe(200);
    expect(body.user).toEqual({ firstname: 'Hélène', lastname: 'Dupont' });
    expect(body.cookieObj).toMatchObject({ name: SESSION_COOKIE, ttl: 3600 });
    expect(body.cookieObj.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [cookie = '', hint = ''] = response.headers.getSetCookie();
    expect(cookie).toContain(`${SESSION_COOKIE}=${body.cookieObj.value}`);
    // The readable hint tells the browser a session exists (it asks /api/eshop/me only then); no secret in it.
    expect(hint).toBe(`${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=3600; Secure; SameSite=Lax`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=3600/);
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  it('gives a new token at each login, with the address in any case and the password trimmed', async () => {
    const values = await registeredCustomer();
    const first = await login(values.email ?? '', PASSWORD);
    const second = await login(` ${values.email?.toUpperCase()} `, `  ${PASSWORD} `);
    expect(second.response.status).toBe(200);
    expect(second.body.cookieObj.value).not.toBe(first.body.cookieObj.value);
  });

  it('answers a wrong password and an unknown address the same way: 401 and cookieObj.error', async () => {
    const values = await registeredCustomer();
    const wrong = await login(values.email ?? '', 'Mauvais-Mot-2024!');
    const unknown = await login('personne@inconnu.fr', PASSWORD);
    for (const attempt of [wrong, unknown]) {
      expect(attempt.response.status).toBe(401);
      expect(attempt.body).toEqual({ cookieObj: { error: INVALID_CREDENTIALS_MESSAGE }, user: null });
      expect(attempt.response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('answers bad input with cookieObj.error and a 4xx, never a 500', async () => {
    const missing = await login('', '');
    expect(missing.response.status).toBe(400);
    expect(missing.body.cookieObj.error).toBe(REQUIRED_MESSAGE);
    const malformed = await login('pas-une-adresse', PASSWORD);
    expect(malformed.body.cookieObj.error).toBe(EMAIL_MESSAGE);
    const wrongType = await loginPost(post('/eshop/login', { email: 42, password: ['x'] }), undefined);
    expect(wrongType.status).toBe(400);
    expect(((await wrongType.json()) as { cookieObj: { error: string } }).cookieObj.error).toBeTruthy();
    const tooLong = await login('a@b.fr', 'A1!a'.repeat(200));
    expect(tooLong.response.status).toBe(401);
    for (const injection of INJECTIONS) {
      const attempt = await login(`${injection}@cabinet.fr`, injection);
      expect(attempt.response.status).toBeLessThan(500);
      expect(attempt.body.cookieObj.error).toBeTruthy();
      const sneaky = await login('claire@cabinet.fr', injection);
      expect(sneaky.response.status).toBe(401);
    }
    const form = await loginPost(post('/eshop/login', 'email=a%40b.fr'), undefined);
    expect(form.status).toBe(400);
    expect(((await form.json()) as { cookieObj: { error: string } }).cookieObj.error).toBe(REQUIRED_MESSAGE);
  });

  it('refuses a POST from a foreign origin with 403', async () => {
    const values = await registeredCustomer();
    const { response } = await login(values.email ?? '', PASSWORD, { origin: 'https://evil.test' });
    expect(response.status).toBe(403);
  });
});

describe('login rate limits and lockout', () => {
  it('after 5 failures from one address, that address waits; the owner elsewhere still logs in', async () => {
    const values = await registeredCustomer();
    const attacker = newAddress();
    for (let i = 0; i < LIMITS.loginFailuresFromAddress.limit; i += 1) {
      expect((await login(values.email ?? '', `Faux-${i}-Mot!`, { address: attacker })).response.status).toBe(
        401,
      );
    }
    const blocked = await login(values.email ?? '', PASSWORD, { address: attacker });
    expect(blocked.response.status).toBe(429);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(blocked.response.headers.get('retry-after'))).toBeLessThanOrEqual(
      LIMITS.loginFailuresFromAddress.windowSeconds,
    );
    expect(blocked.body.cookieObj.error).toMatch(/Trop de tentatives/);
    expect((await login(values.email ?? '', PASSWORD, { address: newAddress() })).response.status).toBe(200);
  });

  it('many failures from many addresses throttle the account, except from an address it used before', async () => {
    const values = await registeredCustomer();
    const home = newAddress();
    expect((await login(values.email ?? '', PASSWORD, { address: home })).response.status).toBe(200);
    for (let i = 0; i < LIMITS.loginFailures.limit; i += 1) {
      await login(values.email ?? '', `Faux-${i}-Mot!`, { address: newAddress() });
    }
    const stranger = await login(values.email ?? '', PASSWORD, { address: newAddress() });
    expect(stranger.response.status).toBe(429);
    expect((await login(values.email ?? '', PASSWORD, { address: home })).response.status).toBe(200);
  });

  it('limits all attempts per client address', async () => {
    const address = newAddress();
    let last = 0;
    for (let i = 0; i <= LIMITS.loginAddress.limit; i += 1) {
      last = (await login(`lecteur${i}@cabinet.fr`, 'x', { address })).response.status;
    }
    expect(last).toBe(429);
  });
});

describe('GET /api/eshop/me and POST /api/eshop/logout', () => {
  async function session() {
    const values = await registeredCustomer({ firstname: 'Paul', lastname: 'Bernard' });
    const { body } = await login(values.email ?? '', PASSWORD);
    return body.cookieObj.value ?? '';
  }

  it('answers the user for the session cookie, a Bearer header or the cookie parameter', async () => {
    const token = await session();
    const requests = [
      get('/eshop/me', { cookie: `autre=1; ${SESSION_COOKIE}=${token}` }),
      get('/eshop/me', { authorization: `Bearer ${token}` }),
      get(`/eshop/me?cookie=${encodeURIComponent(token)}`),
      get(`/eshop/me?cookie=${encodeURIComponent(`${SESSION_COOKIE}=${token}`)}`),
    ];
    for (const request of requests) {
      const response = await meGet(request, undefined);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ firstname: 'Paul', lastname: 'Bernard' });
    }
  });

  it('answers 401 without a live session, for garbage and injection strings too', async () => {
    const tokens = ['', 'inconnu', "' OR '1'='1", '<script>', 'é'.repeat(50), 'x'.repeat(5000)];
    expect((await meGet(get('/eshop/me'), undefined)).status).toBe(401);
    for (const token of tokens) {
      const response = await meGet(get(`/eshop/me?cookie=${encodeURIComponent(token)}`), undefined);
      expect([400, 401], token.slice(0, 20)).toContain(response.status);
    }
    const expired = await session();
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await meGet(get('/eshop/me', { authorization: `Bearer ${expired}` }), undefined)).status).toBe(
      401,
    );
  });

  it('logout ends the session on the server and removes the cookie', async () => {
    const token = await session();
    const response = await logoutPost(
      post('/eshop/logout', '', { headers: { cookie: `${SESSION_COOKIE}=${token}` } }),
      undefined,
    );
    expect(response.status).toBe(204);
    const [cookie, hint] = response.headers.getSetCookie();
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect(hint).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=;.*Max-Age=0`));
    expect((await meGet(get('/eshop/me', { authorization: `Bearer ${token}` }), undefined)).status).toBe(401);
    const again = await logoutPost(post('/eshop/logout', ''), undefined);
    expect(again.status).toBe(204);
  });

  it('refuses a logout from a foreign origin, leaving the session alive', async () => {
    const token = await session();
    const response = await logoutPost(
      post('/eshop/logout', '', {
        origin: 'https://evil.test',
        headers: { authorization: `Bearer ${token}` },
      }),
      undefined,
    );
    expect(response.status).toBe(403);
    expect((await meGet(get('/eshop/me', { authorization: `Bearer ${token}` }), undefined)).status).toBe(200);
  });

  it('GET /me writes nothing', async () => {
    const token = await session();
    const count = async () => {
      const [row] = await database.db
        .select({
          n: sql<number>`(select count(*) from sessions) + (select count(*) from rate_limits)`.mapWith(
            Number,
          ),
        })
        .from(sql`(select 1) as one`);
      return row?.n;
    };
    const before = await count();
    await meGet(get('/eshop/me', { authorization: `Bearer ${token}` }), undefined);
    await meGet(get('/eshop/me'), undefined);
    expect(await count()).toEqual(before);
  });
});
