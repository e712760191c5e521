import type { Page } from '@playwright/test';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '@/server/staff/bootstrap';
import { type ConsoleGuard, waitForHydration } from './fixtures';

/** The staff shell asks GET /api/admin/session on every page: a 401 before sign-in is how it learns it. */
const NO_STAFF_SESSION = /\/api\/admin\/session/;
/** Visitors without a reader session get a 401 from GET /api/eshop/me on the site's pages: expected. */
export const ANONYMOUS_ME = /\/api\/eshop\/me/;

/** Signs the demo editor (or administrator) of a development server in, and waits for the articles list. */
export async function signInAsEditor(
  page: Page,
  guard: ConsoleGuard,
  role: 'editeur' | 'administrateur' = 'editeur',
): Promise<void> {
  const editor = DEMO_STAFF.find((member) => member.role === role);
  if (!editor) throw new Error(`no demo ${role}`);
  guard.allow(NO_STAFF_SESSION);
  await page.goto('/redaction/connexion');
  const submit = page.getByRole('button', { name: 'Se connecter' });
  await waitForHydration(submit);
  await page.getByLabel('Adresse e-mail').fill(editor.email);
  await page.getByLabel('Mot de passe').fill(DEMO_STAFF_PASSWORD);
  await submit.click();
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
}
