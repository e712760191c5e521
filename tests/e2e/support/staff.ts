import type { Cookie, Page } from '@playwright/test';
import type { StaffRole } from '@/lib/contracts/admin';
import { baseUrl, type ConsoleGuard, expect, waitForHydration } from './fixtures';

/**
 * A demo account of the e2e server: the start prints a new random password for each (`ensureDemoStaff`), which
 * the global setup reads from the server's log and hands over in E2E_DEMO_STAFF (`{role: {email, password}}`).
 */
export function demoStaffAccount(role: StaffRole): { email: string; password: string } {
  const accounts = JSON.parse(process.env.E2E_DEMO_STAFF ?? '{}') as Record<
    string,
    { email: string; password: string }
  >;
  const account = accounts[role];
  if (!account) throw new Error(`no demo ${role} in E2E_DEMO_STAFF (the server's start log printed none)`);
  return account;
}

/** The staff shell asks GET /api/admin/session on every page: a 401 before sign-in is how it learns it. */
const NO_STAFF_SESSION = /\/api\/admin\/session/;
/** Visitors without a reader session get a 401 from GET /api/eshop/me on the site's pages: expected. */
export const ANONYMOUS_ME = /\/api\/eshop\/me/;

/** The staff session cookie (src/server/staff/auth.ts `STAFF_COOKIE`). */
const STAFF_COOKIE = 'quotidienne_redaction';
/**
 * Each role's session, kept for the specs that follow: the server allows 30 sign-ins an address in 10 minutes
 * (src/server/staff/sign-in.ts), and the whole suite signs in from one address far more often than that.
 */
const staffSessions = new Map<string, Cookie[]>();

/**
 * Signs the demo editor (or another role) of a development server in, and waits for the articles list. A session
 * this worker already opened for the role is used again while the server still accepts it; otherwise (ended by a
 * test, expired) the sign-in form is filled.
 */
export async function signInAsEditor(
  page: Page,
  guard: ConsoleGuard,
  role: 'redacteur' | 'editeur' | 'administrateur' = 'editeur',
): Promise<void> {
  const editor = demoStaffAccount(role);
  guard.allow(NO_STAFF_SESSION);
  const articles = page.getByRole('heading', { level: 1, name: 'Articles' });
  const submit = page.getByRole('button', { name: 'Se connecter' });
  const kept = staffSessions.get(role);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto('/redaction');
    await articles.or(submit).first().waitFor();
    if (await articles.isVisible()) return;
    staffSessions.delete(role);
    await page.context().clearCookies({ name: STAFF_COOKIE });
  }
  await page.goto('/redaction/connexion');
  await waitForHydration(submit);
  await page.getByLabel('Adresse e-mail').fill(editor.email);
  await page.getByLabel('Mot de passe').fill(editor.password);
  await submit.click();
  await articles.waitFor();
  const session = (await page.context().cookies()).filter((cookie) => cookie.name === STAFF_COOKIE);
  if (session.length > 0) staffSessions.set(role, session);
}

/** A first-level topic of the demo taxonomy, as the newsroom's article API takes it. */
async function rootTopic(page: Page, slug: string) {
  const taxonomy = (await (await page.request.get('/api/admin/taxonomy')).json()) as {
    topics: { id: string; shortId: string; label: string; slug: string; parentId: string | null }[];
  };
  const topic = taxonomy.topics.find((candidate) => candidate.slug === slug && candidate.parentId === null);
  if (!topic) throw new Error(`no ${slug} topic in the demo content`);
  return { id: topic.id, shortId: topic.shortId, label: topic.label, slug: topic.slug };
}

/**
 * Creates and publishes an article in one first-level topic through the Admin API of a signed-in editor's page;
 * answers its withdrawal, which a spec calls in a `finally` so that the specs after it read the seeded site.
 */
export async function publishArticleInTopic(
  page: Page,
  topicSlug: string,
  article: { type: string; title: string; summary: string; view: string; simulator_url?: string },
): Promise<{ unpublish: () => Promise<void> }> {
  const headers = { origin: baseUrl() };
  const created = await page.request.post('/api/admin/articles', {
    headers,
    data: { ...article, topics: [await rootTopic(page, topicSlug)] },
  });
  expect(created.status()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const published = await page.request.post(`/api/admin/articles/${id}/publish`, {
    headers,
    data: { version },
  });
  expect(published.status()).toBe(200);
  const { version: publishedVersion } = (await published.json()) as { version: number };
  return {
    unpublish: async () => {
      const unpublished = await page.request.post(`/api/admin/articles/${id}/unpublish`, {
        headers,
        data: { version: publishedVersion },
      });
      expect(unpublished.status()).toBe(200);
    },
  };
}
