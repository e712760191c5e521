import { randomBytes } from 'node:crypto';
import type { StaffRole } from '@/lib/contracts/admin';
import type { Db } from '@/server/db/client';
import { apiKeys } from '@/server/db/schema';
import { API_KEY_PREFIX, createStaffSession, hashSecret, STAFF_COOKIE } from '@/server/staff/auth';
import { insertStaff } from '@/server/staff/staff';
import { TEST_ORIGIN } from './api';

/** A staff member of a test, with an open session. */
export type TestStaff = { id: number; email: string; password: string; role: StaffRole; cookie: string };

export const TEST_STAFF_PASSWORD = 'Une-Redaction-Solide-2026';

let counter = 0;

/** Creates a staff member with a password and opens a session for them. */
export async function createTestStaff(
  db: Db,
  role: StaffRole,
  name = `${role} ${++counter}`,
): Promise<TestStaff> {
  const email = `${role}-${randomBytes(4).toString('hex')}@redaction.test`;
  const { member } = await db.transaction((tx) =>
    insertStaff(tx, { email, name, role, password: TEST_STAFF_PASSWORD }),
  );
  const { token } = await createStaffSession(db, member.id, '192.0.2.1');
  return { id: member.id, email, password: TEST_STAFF_PASSWORD, role, cookie: `${STAFF_COOKIE}=${token}` };
}

/** An API key bound to a role (as an administrator would create it); answers its secret. */
export async function createTestApiKey(db: Db, role: StaffRole): Promise<string> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  await db
    .insert(apiKeys)
    .values({ name: `clé ${role}`, role, prefix: secret.slice(0, 10), secretHash: hashSecret(secret) });
  return secret;
}

export type Caller = { cookie?: string; authorization?: string; address?: string };

/** Any route handler: the test passes the dynamic segments it names. */
type Handler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;

/** Calls an admin route handler as `caller`, with a JSON body when given. */
export async function callAdmin<T = unknown>(
  handler: Handler,
  options: {
    path: string;
    method?: string;
    caller?: Caller;
    body?: unknown;
    params?: Record<string, string>;
    query?: Record<string, string | number>;
  },
): Promise<{ status: number; body: T; headers: Headers }> {
  const url = new URL(options.path, TEST_ORIGIN);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = {
    host: url.host,
    'x-forwarded-for': options.caller?.address ?? '192.0.2.10',
  };
  if (options.caller?.cookie) headers.cookie = options.caller.cookie;
  if (options.caller?.authorization) headers.authorization = options.caller.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await handler(new Request(url, { method: options.method ?? 'GET', headers, body }), {
    params: Promise.resolve(options.params ?? {}) as Promise<never>,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

/** A minimal valid article body in the import's shape. */
export function articleBody(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'actualite',
    title: 'Réforme de la TVA sur les acomptes',
    summary: 'Ce qui change au 1er janvier.',
    view: '<p>Le corps de l’article, avec un <a href="flash:id:A001">lien interne</a>.</p>',
    ...fields,
  };
}
