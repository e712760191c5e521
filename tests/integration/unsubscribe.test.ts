import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/(site)/unsubscribe/[email]/one-click/route';
import type { Database } from '@/server/db/client';
import { newsletterSubscribers } from '@/server/db/schema';
import { oneClickUnsubscribeUrl } from '@/server/newsletter/unsubscribe-token';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';

let database: Database;

async function isActive(email: string): Promise<boolean | undefined> {
  const [row] = await database.db
    .select({ active: newsletterSubscribers.active })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row?.active;
}

function oneClick(url: string, body = 'List-Unsubscribe=One-Click'): Promise<Response> {
  const email = new URL(url).pathname.split('/')[2] ?? '';
  return POST(
    new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
    { params: Promise.resolve({ email }) },
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  useDatabaseForRoutes(database);
  await database.db
    .insert(newsletterSubscribers)
    .values([{ email: 'lecteur@example.fr' }, { email: 'autre@example.fr' }]);
});

afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
});

describe('one-click unsubscription (RFC 8058)', () => {
  it('refuses a missing or foreign token and a body other than List-Unsubscribe=One-Click', async () => {
    const url = oneClickUnsubscribeUrl('lecteur@example.fr', 'http://localhost:3000');
    const withoutToken = url.replace(/\?.*$/, '');
    expect((await oneClick(withoutToken)).status).toBe(403);
    const foreign = url.replace(
      /token=[^&]+/,
      `token=${new URL(oneClickUnsubscribeUrl('autre@example.fr')).searchParams.get('token')}`,
    );
    expect((await oneClick(foreign)).status).toBe(403);
    expect((await oneClick(url, 'autre=chose')).status).toBe(400);
    expect(await isActive('lecteur@example.fr')).toBe(true);
  });

  it('unsubscribes the address of a valid link, and only it', async () => {
    const response = await oneClick(oneClickUnsubscribeUrl('lecteur@example.fr', 'http://localhost:3000'));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('Votre désinscription a bien été prise en compte.');
    expect(await isActive('lecteur@example.fr')).toBe(false);
    expect(await isActive('autre@example.fr')).toBe(true);
  });

  it('sends a GET (a link scanner) to the page, which unsubscribes nobody by itself', async () => {
    const url = oneClickUnsubscribeUrl('autre@example.fr', 'http://localhost:3000');
    const response = await GET(new Request(url), {
      params: Promise.resolve({ email: 'autre%40example.fr' }),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/unsubscribe\/autre%40example\.fr\?token=/,
    );
    expect(await isActive('autre@example.fr')).toBe(true);
  });
});
