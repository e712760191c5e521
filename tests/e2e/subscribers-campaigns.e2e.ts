import { linkPath, waitForEmail } from './support/emails';
import { baseUrl, expect, screenshot, test, waitForHydration } from './support/fixtures';
import { signInAsEditor } from './support/staff';

// The newsroom's subscribers and a campaign's results in Chromium: an administrator adds one address (double
// opt-in e-mail) and imports a CSV (checked, then imported: the address with its proof of consent subscribed at
// once), sends a campaign, follows a link of the e-mail received through the site's redirect, and sees the click
// counted on the campaign's results; a forged redirect token is the site's 404 page.

const stamp = Date.now();
const ADDED = `ajout-${stamp}@example.fr`;
const CONSENTED = `salon-${stamp}@example.fr`;
const TO_CONFIRM = `a-confirmer-${stamp}@example.fr`;

test('add a subscriber, import a CSV, send a campaign, follow its link and see the click counted', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(240_000);
  await signInAsEditor(page, consoleGuard, 'administrateur');
  await page.goto('/redaction/abonnes');
  await page.getByRole('heading', { level: 1, name: 'Abonnés à la newsletter' }).waitFor();
  const addForm = page.getByRole('form', { name: 'Ajouter un abonné' });
  const emailField = addForm.getByLabel('Adresse e-mail');
  await waitForHydration(emailField);
  await expect(page).toPassAxe();

  // One address without a proof of consent: it gets the confirmation e-mail, nothing more.
  await emailField.fill(ADDED);
  await addForm.getByRole('button', { name: 'Ajouter' }).click();
  await page.getByText(`E-mail de confirmation envoyé à ${ADDED}`).waitFor();
  await waitForEmail(ADDED, /^Confirmez votre inscription à la newsletter/);

  // A CSV: checked first (nothing written), then imported as a whole.
  const csv = [
    'email;source_consentement;date_consentement;nom;metier',
    `${CONSENTED};Salon de l’expertise comptable;14/11/2026;Jeanne Salon;comptable`,
    `${TO_CONFIRM};;;;`,
    `${CONSENTED};;;;`,
  ].join('\n');
  await page.getByLabel('Fichier CSV d’abonnés').setInputFiles({
    name: 'abonnes.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await page.getByRole('button', { name: 'Vérifier le fichier' }).click();
  const report = page.getByRole('region', { name: 'Vérification du fichier' });
  await report
    .getByText('1 nouvelle(s) adresse(s) avec preuve de consentement : abonnées directement')
    .waitFor();
  await expect(report.getByText(`ligne 4 : ${CONSENTED}`)).toBeVisible();
  await expect(page).toPassAxe();
  await screenshot(page, 'site-newsroom-subscribers-import-preview');
  await report.getByRole('button', { name: 'Importer 2 adresse(s)' }).click();
  await page.getByRole('region', { name: 'Import terminé' }).waitFor();
  await page
    .getByText('Import terminé : 1 abonnée(s), 1 e-mail(s) de confirmation en file d’envoi.')
    .waitFor();
  await waitForEmail(TO_CONFIRM, /^Confirmez votre inscription à la newsletter/);

  await page.getByLabel('Adresse contenant').fill(CONSENTED);
  await page.getByRole('button', { name: 'Chercher', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Abonnés, par adresse' })
    .getByRole('row', { name: new RegExp(CONSENTED) });
  await expect(row).toContainText('Ajout par la rédaction');
  await expect(row).toContainText('Salon de l’expertise comptable, 14/11/2026');

  // A campaign of the current issue, sent to the confirmed subscribers (the imported address among them).
  const issue = (await (await fetch(`${baseUrl()}/api/issue`)).json()) as { publicationDate: string };
  const issueDay = issue.publicationDate.slice(0, 10);
  await page.goto('/redaction/newsletters');
  const prepare = page.getByRole('button', { name: 'Préparer la campagne' });
  await waitForHydration(prepare);
  await page.getByLabel('Numéro du').fill(issueDay);
  await prepare.click();
  await page.waitForURL(/\/redaction\/newsletters\/\d+$/);
  const campaignPath = new URL(page.url()).pathname;
  consoleGuard.allow(/Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/);
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Envoyer aux abonnés' }).click();
  await page.getByText('Progression : 100 %').waitFor({ timeout: 120_000 });
  const results = page.getByRole('region', { name: 'Résultats' });
  await results.getByText('Délivrés', { exact: true }).waitFor();

  // The e-mail's news links go through the site's redirect, with an opaque token only.
  const message = await waitForEmail(CONSENTED, /^La Quotidienne du/, 60_000);
  const redirectPath = linkPath(message, '/r/');
  expect(redirectPath).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
  // The site's public address (SITE_URL) in the e-mail's links.
  const siteOrigin = /href="(https?:\/\/[^/"]+)\/r\//.exec(message.html ?? '')?.[1] ?? '';
  // The browser follows the link: the redirect (302) leads to the article at the site's public address
  // (SITE_URL), which this closed machine cannot reach: the request made is what the test checks.
  const escapedOrigin = siteOrigin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  consoleGuard.allow(new RegExp(`request failed: GET ${escapedOrigin}/actualite/`));
  const articleRequest = page.waitForRequest((request) =>
    request.url().startsWith(`${siteOrigin}/actualite/`),
  );
  await page.goto(redirectPath).catch(() => null);
  const article = await articleRequest;
  expect(article.url()).toMatch(/utm_source=newsletter/);
  expect(article.redirectedFrom()?.url()).toBe(`${baseUrl()}${redirectPath}`);

  // The click is counted on the campaign's results; a forged token leads nowhere (the site's 404 page).
  await page.goto(campaignPath);
  const counted = page.getByRole('region', { name: 'Résultats' });
  await expect(counted.getByText(/^1 clic\(s\), 1 lecteur\(s\)/)).toBeVisible();
  await expect(
    counted.getByRole('table', { name: 'Liens les plus cliqués' }).getByRole('row'),
  ).not.toHaveCount(1);
  await page.getByRole('button', { name: 'Texte' }).click();
  await expect(page).toPassAxe();
  await screenshot(page, 'site-newsroom-campaign-results');

  // One character changed inside the token: its last one may hold only padding bits of the base64url encoding,
  // whose change decodes to the same bytes (a valid token, redirected).
  const at = redirectPath.length - 5;
  const forged = `${redirectPath.slice(0, at)}${redirectPath[at] === 'A' ? 'B' : 'A'}${redirectPath.slice(at + 1)}`;
  // The document itself answers 404: Chromium logs it as a failed resource.
  consoleGuard.allow(/status of 404/);
  const refused = await page.goto(forged);
  expect(refused?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Page non trouvée' }).waitFor();
});
