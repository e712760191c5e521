import { unsubscribePageUrl } from '@/server/newsletter/unsubscribe-token';
import { DESKTOP, expect, MOBILE, screenshot, test } from './support/fixtures';

/** What POST /api/contentAlert/unsubscribe answers with its 200 (the server's text, shown as is). */
const SERVER_TEXT = /Votre demande a bien été prise en compte/;

function address(label: string): string {
  return `e2e-${label}-${Date.now()}@example.fr`;
}

/** Its answer without the signed token: nobody is unsubscribed, the signed link is e-mailed to the address. */
const CONFIRMATION_SENT = /Pour confirmer la désinscription, cliquez sur le lien que nous venons d’envoyer/;

test('without a token the page asks for a click, then says a confirmation link was e-mailed', async ({
  page,
}) => {
  const email = address('clic');
  expect((await page.goto(`/unsubscribe/${encodeURIComponent(email)}`))?.status()).toBe(200);
  await expect(page.getByText(email)).toBeVisible();
  // Nothing happens until the reader confirms: a link scanner unsubscribes nobody.
  await expect(page.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Confirmer la désinscription' }).click();
  await expect(page.getByRole('status')).toHaveText(CONFIRMATION_SENT);
  await screenshot(page, 'unsubscribe-desktop');
});

test('a link without a valid address says so, and offers no button', async ({ page }) => {
  for (const path of ['/unsubscribe/%20', '/unsubscribe/pas-une-adresse']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      /ne contient pas d’adresse e-mail valide/,
    );
    await expect(page.getByRole('button', { name: 'Confirmer la désinscription' })).toHaveCount(0);
  }
});

test('the signed link of our emails unsubscribes at once', async ({ page }) => {
  const email = address('lien');
  const link = new URL(unsubscribePageUrl(email, 'http://localhost'));
  expect((await page.goto(`${link.pathname}${link.search}`))?.status()).toBe(200);
  await expect(page.getByRole('status')).toHaveText(SERVER_TEXT);
  await expect(page.getByRole('button').filter({ hasText: 'Confirmer' })).toHaveCount(0);
});

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('axe finds no violation on the unsubscribe page', async ({ page }) => {
      await page.goto(`/unsubscribe/${encodeURIComponent(address(name))}`);
      await expect(page.getByRole('button', { name: 'Confirmer la désinscription' })).toBeVisible();
      await expect(page).toPassAxe();
    });
  });
}
