import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { adminArticleSchema, articleListAnswer } from '@/lib/contracts/admin';
import { currentTotpCode } from '@/server/staff/totp';
import {
  baseUrl,
  type ConsoleGuard,
  DESKTOP,
  expect,
  MOBILE,
  screenshot,
  test,
  waitForHydration,
} from './support/fixtures';
import { demoStaffAccount } from './support/staff';

// The newsroom (/redaction, issue 14) driven in Chromium with the demo accounts of a development server.

/** Visitors without a reader session get a 401 from GET /api/eshop/me on the preview's site frame: expected. */
const ANONYMOUS_ME = /\/api\/eshop\/me/;
/** The newsroom is checked with axe's experimental label-in-name rule too (WCAG 2.5.3): shown words are named. */
const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };
/** The staff shell asks GET /api/admin/session on every page: a 401 before sign-in is how it learns it. */
const NO_STAFF_SESSION = /\/api\/admin\/session/;

const account = (role: 'redacteur' | 'editeur' | 'administrateur') => demoStaffAccount(role);

async function signIn(
  page: Page,
  guard: ConsoleGuard,
  role: 'redacteur' | 'editeur' | 'administrateur',
): Promise<void> {
  const { email, password } = account(role);
  guard.allow(NO_STAFF_SESSION);
  await page.goto('/redaction/connexion');
  const form = page.getByRole('button', { name: 'Se connecter' });
  await waitForHydration(form);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await form.click();
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
}

/** A small real PNG (an image sharp can read), as the upload field receives it. */
async function pngFile(name: string) {
  const buffer = await sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 11, g: 60, b: 111 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The staff session cookie of a page, for direct Admin API calls. */
async function adminFetch(page: Page, path: string): Promise<Response> {
  const cookies = await page.context().cookies();
  const cookie = cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  return fetch(`${baseUrl()}/api/admin${path}`, { headers: { Cookie: cookie } });
}

async function typeInBody(page: Page, label: string, text: string): Promise<void> {
  const body = page.getByRole('textbox', { name: label });
  await body.click();
  await page.keyboard.type(text);
}

/** The next whole minute in Paris at least `ahead` seconds away, as a datetime-local value and as an instant. */
function nextMinute(aheadSeconds: number): { input: string; at: number } {
  const at = Math.ceil((Date.now() + aheadSeconds * 1000) / 60_000) * 60_000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return { input: `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`, at };
}

test('the newsroom is private: no-store, noindex, and its pages need a staff session', async ({
  page,
  consoleGuard,
}) => {
  const response = await fetch(`${baseUrl()}/redaction/connexion`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toMatch(/private/);
  expect(response.headers.get('cache-control')).toMatch(/no-store/);
  expect(response.headers.get('x-robots-tag')).toMatch(/noindex/);
  expect(await response.text()).toMatch(/<meta name="robots" content="noindex, nofollow/);

  consoleGuard.allow(NO_STAFF_SESSION);
  await page.goto('/redaction/equipe');
  await page.waitForURL(/\/redaction\/connexion\?retour=%2Fredaction%2Fequipe/);
  await page.getByRole('heading', { level: 1, name: 'Connexion à la rédaction' }).waitFor();
  await expect(page).toPassAxe();
  await screenshot(page, 'newsroom-sign-in');

  const wrong = page.getByRole('button', { name: 'Se connecter' });
  await waitForHydration(wrong);
  await page.getByLabel('Adresse e-mail').fill(account('editeur').email);
  await page.getByLabel('Mot de passe').fill('pas-le-bon-mot-de-passe');
  consoleGuard.allow(/401/);
  await wrong.click();
  await page.getByRole('alert').filter({ hasText: 'Adresse e-mail ou mot de passe incorrect.' }).waitFor();
  await expect(page).toPassAxe();

  // The pages before any session: first administrator (one-time token) and invitation.
  consoleGuard.allow(/\/api\/admin\/setup/);
  for (const [path, heading] of [
    ['/redaction/installation', 'Premier compte administrateur'],
    ['/redaction/invitation#jeton-de-test', 'Choisir votre mot de passe'],
  ] as const) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await expect(page).toPassAxe();
    await screenshot(page, `newsroom-${path.split(/[/#]/)[2]}`);
  }
});

test('a journalist writes an enriched article, the editor schedules it, it goes live, then unpublishes it', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(300_000);
  // The journalist: a new enriched article with two sections and a cover image, submitted for review.
  const journalist = await newPage(DESKTOP);
  await signIn(journalist, consoleGuard, 'redacteur');
  await expect(journalist).toPassAxe();
  await screenshot(journalist, 'newsroom-list');
  await journalist.getByRole('link', { name: 'Nouvel article', exact: true }).first().click();
  await journalist.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  const title = `Réforme de la TVA ${Date.now()}`;
  await journalist.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await journalist.getByLabel('Chapô').fill('Ce qui change pour les entreprises au 1er janvier.');
  const topicPicker = journalist.getByRole('combobox', { name: 'Ajouter : thèmes' });
  await topicPicker.fill('fisc');
  await journalist.getByRole('option', { name: /^Fiscal/ }).click();
  await expect
    .poll(() => journalist.getByRole('list', { name: 'Thèmes choisis' }).textContent())
    .toMatch(/Fiscal/i);
  await typeInBody(journalist, 'Corps de l’article', 'Introduction de l’article.');
  await journalist.getByLabel('Auteur', { exact: true }).fill('Camille Rédactrice');

  await journalist
    .getByLabel('Ajouter une image (JPEG, PNG, WebP ou AVIF, 20 Mo au plus)')
    .setInputFiles(await pngFile('couverture.png'));
  const alt = journalist.getByLabel('Texte alternatif de l’image 1');
  await alt.waitFor();
  await alt.fill('Un graphique de l’évolution des taux de TVA');

  for (const [index, sectionTitle] of ['L’essentiel', 'Exemple chiffré'].entries()) {
    await journalist.getByRole('button', { name: 'Ajouter une section' }).click();
    await journalist.getByRole('textbox', { name: `Titre de la section ${index + 1}` }).fill(sectionTitle);
    await typeInBody(journalist, `Corps de la section ${index + 1}`, `Texte de la section ${index + 1}.`);
  }
  await journalist.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect.poll(() => journalist.getByText(/Enregistré à/).count(), { timeout: 15_000 }).toBe(1);
  await expect(journalist).toPassAxe();
  await screenshot(journalist, 'newsroom-editor');
  await journalist.getByRole('button', { name: 'Soumettre à la relecture' }).click();
  await journalist.getByText('Article soumis à la relecture.').waitFor();
  const id = /\/redaction\/articles\/([A-Za-z0-9-]+)$/.exec(journalist.url())?.[1];
  expect(id).toBeTruthy();

  // The editor finds it among the articles in review and schedules it for the next minute.
  const editor = await newPage(DESKTOP);
  await signIn(editor, consoleGuard, 'editeur');
  await editor.goto('/redaction?status=in_review');
  await editor.getByRole('link', { name: title, exact: true }).click();
  await editor.getByRole('heading', { level: 1, name: `Modifier : ${title}` }).waitFor();
  const when = nextMinute(20);
  await editor.getByLabel('Programmer pour le (heure de Paris)').fill(when.input);
  await editor.getByRole('button', { name: 'Programmer' }).click();
  await editor.getByText(/Publication programmée le/).waitFor();
  const scheduled = adminArticleSchema.parse(await (await adminFetch(editor, `/articles/${id}`)).json());
  expect(scheduled.status).toBe('scheduled');
  expect(Date.parse(scheduled.scheduledAt ?? '')).toBe(when.at);

  // The job runner publishes it within 60 s of its time.
  let published = scheduled;
  await expect
    .poll(
      async () => {
        published = adminArticleSchema.parse(await (await adminFetch(editor, `/articles/${id}`)).json());
        return published.status;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe('published');

  // An anonymous reader sees the first section only.
  const reader = await newPage(DESKTOP);
  consoleGuard.allow(ANONYMOUS_ME);
  const answer = await reader.goto(published.path);
  expect(answer?.status()).toBe(200);
  await reader.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await reader.getByText('Texte de la section 1.').count()).toBe(1);
  expect(await reader.getByText('Texte de la section 2.').count()).toBe(0);
  // The body comes first, then the sections; the cover is described by the alt text written in the newsroom.
  const readerText = (await reader.locator('article[lang="fr"]').textContent()) ?? '';
  expect(readerText.indexOf('Introduction de l’article.')).toBeGreaterThan(-1);
  expect(readerText.indexOf('Introduction de l’article.')).toBeLessThan(
    readerText.indexOf('Texte de la section 1.'),
  );
  await expect(
    reader.getByRole('img', { name: 'Un graphique de l’évolution des taux de TVA' }),
  ).toBeVisible();

  // The editor unpublishes it: the public address answers 410.
  editor.once('dialog', (dialog) => void dialog.accept());
  await editor.reload();
  await editor.getByRole('button', { name: 'Dépublier' }).click();
  await editor.getByText('Article dépublié.').waitFor();
  await expect
    .poll(async () => (await fetch(`${baseUrl()}${published.path}`)).status, { timeout: 10_000 })
    .toBe(410);
  // In the site's frame, with a French message and links onward, like the 404 page.
  consoleGuard.allow(/410/);
  const gone = await reader.goto(published.path);
  expect(gone?.status()).toBe(410);
  expect(gone?.headers()['cache-control']).toBe('no-store');
  await reader.getByRole('heading', { level: 1, name: 'Ce contenu n’est plus disponible' }).waitFor();
  await expect(reader.getByRole('banner')).toBeVisible();
  await expect(reader.getByRole('contentinfo')).toBeVisible();
  await expect(reader.getByRole('link', { name: 'Toutes les actualités' }).first()).toBeVisible();
  await expect(reader).toPassAxe();
});

test('a new article saved by the autosave reloads on Back, and edits typed just before leaving are sent', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  const journalist = await newPage(DESKTOP);
  await signIn(journalist, consoleGuard, 'redacteur');
  await journalist.getByRole('link', { name: 'Nouvel article', exact: true }).first().click();
  await journalist.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  const title = `Sauvegarde automatique ${Date.now()}`;
  const titleField = journalist.getByRole('textbox', { name: 'Titre', exact: true });
  await titleField.fill(title);
  // The autosave gives the article its address.
  await journalist.waitForURL(/\/redaction\/articles\/R[A-Z0-9]+$/, { timeout: 20_000 });
  const id = /\/redaction\/articles\/([A-Z0-9]+)$/.exec(journalist.url())?.[1] ?? '';
  await journalist.getByRole('link', { name: 'Articles', exact: true }).first().click();
  await journalist.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
  await journalist.goBack();
  await expect(journalist).toHaveURL(new RegExp(`/redaction/articles/${id}$`));
  await journalist.getByRole('heading', { level: 1, name: `Modifier : ${title}` }).waitFor();
  await expect(titleField).toHaveValue(title);

  // Typed, then a link of the newsroom at once (well within the 3 s of the autosave): the edit is sent.
  await titleField.fill(`${title} complété`);
  await journalist.getByRole('link', { name: 'Articles', exact: true }).first().click();
  await journalist.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
  await expect
    .poll(
      async () =>
        adminArticleSchema.parse(await (await adminFetch(journalist, `/articles/${id}`)).json()).article
          .title,
      { timeout: 10_000 },
    )
    .toBe(`${title} complété`);
  const list = articleListAnswer.parse(
    await (await adminFetch(journalist, `/articles?q=${encodeURIComponent(title)}`)).json(),
  );
  // One article, not a duplicate made by the page restored on Back.
  expect(list.items.map((item) => item.id)).toEqual([id]);
});

test('every newsroom page of an administrator passes axe, at desktop and phone widths', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(300_000);
  const admin = await newPage(DESKTOP);
  await signIn(admin, consoleGuard, 'administrateur');
  const list = articleListAnswer.parse(await (await adminFetch(admin, '/articles?perPage=1')).json());
  const id = list.items[0]?.id;
  expect(id).toBeTruthy();
  consoleGuard.allow(ANONYMOUS_ME);
  const pages: [string, string][] = [
    ['/redaction', 'Articles'],
    ['/redaction/articles/nouveau', 'Nouvel article'],
    [`/redaction/articles/${id}`, 'Modifier'],
    [`/redaction/articles/${id}/revisions`, 'Révisions'],
    ['/redaction/compte', 'Mon compte'],
    ['/redaction/equipe', 'Équipe'],
    ['/redaction/cles-api', 'Clés d’API'],
    ['/redaction/journal', 'Journal des actions'],
    ['/redaction/medias', 'Médiathèque'],
    ['/redaction/corbeille', 'Corbeille'],
  ];
  for (const [path, heading] of pages) {
    await admin.goto(path);
    await admin.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) }).waitFor();
    await admin
      .getByText('Chargement...')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expect(admin).toPassAxe(NEWSROOM_AXE);
    await screenshot(admin, `newsroom-${path.replaceAll('/', '-')}`);
  }
  await admin.goto(`/redaction/apercu/${id}`);
  await admin.getByRole('note', { name: 'Aperçu' }).waitFor();
  await expect(admin).toPassAxe(NEWSROOM_AXE);
  await screenshot(admin, 'newsroom-preview');

  const phone = await newPage(MOBILE);
  await signIn(phone, consoleGuard, 'administrateur');
  await expect(phone).toPassAxe(NEWSROOM_AXE);
  await phone.goto(`/redaction/articles/${id}`);
  await phone.getByRole('heading', { level: 1, name: /^Modifier/ }).waitFor();
  await expect(phone).toPassAxe(NEWSROOM_AXE);
  await screenshot(phone, 'newsroom-editor-phone');
  // The journal's table is wider than a phone: its frame scrolls, and is reachable by keyboard.
  await phone.goto('/redaction/journal');
  await phone.getByRole('heading', { level: 1, name: 'Journal des actions' }).waitFor();
  await phone.getByRole('table').waitFor();
  await expect(phone).toPassAxe(NEWSROOM_AXE);
});

test('keyboard only: sign in, write a new article with a topic, bold text and a list, save it', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(NO_STAFF_SESSION);
  const { email, password } = account('redacteur');
  await page.goto('/redaction/connexion');
  await waitForHydration(page.getByRole('button', { name: 'Se connecter' }));
  // Tab from the top of the page to the e-mail field, then through the form.
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();

  // The menu's "Nouvel article" link, reached with Tab.
  const link = page
    .getByRole('navigation', { name: 'Rédaction' })
    .getByRole('link', { name: 'Nouvel article' });
  for (let presses = 0; presses < 20; presses += 1) {
    if (await link.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();

  const focusOn = async (locator: ReturnType<Page['getByLabel']>) => {
    for (let presses = 0; presses < 60; presses += 1) {
      if (await locator.evaluate((element) => element === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    throw new Error('not reachable with Tab');
  };
  await focusOn(page.getByRole('textbox', { name: 'Titre', exact: true }));
  const title = `Au clavier ${Date.now()}`;
  await page.keyboard.type(title);
  // The topic combobox: type, arrow down, Enter.
  await focusOn(page.getByRole('combobox', { name: 'Ajouter : thèmes' }));
  await page.keyboard.type('soci');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => page.getByRole('list', { name: 'Thèmes choisis' }).textContent())
    .toMatch(/Social/i);
  // The body: text made bold with its shortcut, then a bulleted list from the toolbar, reached with Shift+Tab.
  const body = page.getByRole('textbox', { name: 'Corps de l’article' });
  await focusOn(body);
  // Bold on, the text, bold off: keys the editor handles in order. (A selection made with Shift+Home reaches the
  // editor after the key's event: on a busy machine Ctrl+B came first and bolded nothing, even once the page's
  // selection showed the text.)
  await page.keyboard.press('Control+b');
  await page.keyboard.type('Texte en gras');
  await page.keyboard.press('Control+b');
  await expect(body.locator('strong')).toHaveText('Texte en gras');
  const bullets = page.getByRole('button', { name: 'Liste à puces' }).first();
  for (let presses = 0; presses < 15; presses += 1) {
    if (await bullets.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => bullets.getAttribute('aria-pressed')).toBe('true');
  await focusOn(page.getByRole('button', { name: 'Enregistrer', exact: true }));
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByText(/Enregistré à/).count(), { timeout: 15_000 }).toBe(1);
  const id = /\/redaction\/articles\/([A-Za-z0-9-]+)$/.exec(page.url())?.[1];
  const saved = adminArticleSchema.parse(await (await adminFetch(page, `/articles/${id}`)).json());
  expect(saved.article.title).toBe(title);
  expect(saved.article.topics.map((topic) => topic.slug)).toContain('social');
  expect(saved.article.view).toContain('<ul><li><p><strong>Texte en gras</strong></p></li></ul>');
});

test('two people save the same article: the second is refused, shown what changed, and chooses', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const first = await newPage(DESKTOP);
  await signIn(first, consoleGuard, 'editeur');
  const second = await newPage(DESKTOP);
  await signIn(second, consoleGuard, 'administrateur');
  const list = articleListAnswer.parse(
    await (await adminFetch(first, '/articles?status=draft&perPage=1')).json(),
  );
  const draft =
    list.items[0] ??
    articleListAnswer.parse(await (await adminFetch(first, '/articles?perPage=1')).json()).items[0];
  expect(draft).toBeTruthy();
  const path = `/redaction/articles/${draft?.id}`;
  for (const page of [first, second]) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: /^Modifier/ }).waitFor();
  }
  const theirTitle = `Titre de l’éditeur ${Date.now()}`;
  await first.getByRole('textbox', { name: 'Titre', exact: true }).fill(theirTitle);
  await first.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect.poll(() => first.getByText(/Enregistré à/).count(), { timeout: 15_000 }).toBe(1);

  consoleGuard.allow(/409/);
  await second.getByLabel('Chapô').fill('Mon chapô, écrit sans voir le nouveau titre.');
  await second.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const conflict = second.getByRole('alert').filter({ hasText: 'Enregistrement refusé' });
  await conflict.waitFor({ timeout: 15_000 });
  expect(await conflict.textContent()).toContain('Dominique Éditeur');
  expect(await conflict.textContent()).toContain('Titre');
  expect(await conflict.textContent()).toContain(theirTitle);
  await expect(second).toPassAxe();
  await screenshot(second, 'newsroom-conflict');
  // Nothing was overwritten: the server still has the first person's title and no chapô from the second.
  const current = adminArticleSchema.parse(await (await adminFetch(second, `/articles/${draft?.id}`)).json());
  expect(current.article.title).toBe(theirTitle);
  expect(current.article.summary).not.toContain('Mon chapô');
  // The second person takes the other version: the form shows it.
  await second.getByRole('button', { name: /Reprendre leur version/ }).click();
  await expect
    .poll(() => second.getByRole('textbox', { name: 'Titre', exact: true }).inputValue())
    .toBe(theirTitle);
});

/** Opens a new article with this title and lets autosave create it (version 1); its id. */
async function startArticle(page: Page, title: string): Promise<string> {
  await page.goto('/redaction/articles/nouveau');
  await page.getByRole('heading', { level: 1, name: 'Nouvel article' }).waitFor();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  // Autosave creates the article a few seconds after the last keystroke.
  await expect.poll(() => page.getByText(/Enregistré à/).count(), { timeout: 20_000 }).toBe(1);
  const id = /\/redaction\/articles\/([A-Za-z0-9-]+)$/.exec(page.url())?.[1];
  expect(id).toBeTruthy();
  return id ?? '';
}

/**
 * Ends an editor's tab so that it sends nothing more: its renderer crashes, as a tab that dies. Neither closing
 * the page nor navigating it away is that: offline mode does not hold for a page being left, which still runs a
 * moment, so an editor with unsent edits sends them as it goes (the server received that PATCH after
 * page.close() in CI, and during page.goto('about:blank') here, from no open page).
 */
async function crashTab(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  // A crashed page never answers the command.
  cdp.send('Page.crash').catch(() => {});
  await crashed;
  await page.close();
}

const keptCopy = (page: Page, id: string) =>
  page.evaluate((key) => localStorage.getItem(key), `redaction:modifications:${id}`);

test('edits made offline are kept in the browser and sent once the network is back', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(DESKTOP);
  await signIn(page, consoleGuard, 'redacteur');
  const id = await startArticle(page, `Hors ligne ${Date.now()}`);

  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await page.context().setOffline(true);
  await page.getByLabel('Chapô').fill('Écrit dans le train, sans réseau.');
  await page.getByText(/Serveur injoignable/).waitFor({ timeout: 20_000 });
  expect(await keptCopy(page, id)).toContain('Écrit dans le train, sans réseau.');
  await screenshot(page, 'newsroom-offline');

  // The tab dies while offline; reopened online, the editor resumes the edits and sends them itself.
  await crashTab(page);
  await page.context().setOffline(false);
  const again = await page.context().newPage();
  const resent = again.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().endsWith(`/api/admin/articles/${id}`),
  );
  await again.goto(`/redaction/articles/${id}`);
  expect((await resent).status()).toBe(200);
  await expect
    .poll(
      async () =>
        adminArticleSchema.parse(await (await adminFetch(again, `/articles/${id}`)).json()).article.summary,
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe('Écrit dans le train, sans réseau.');
  // Cleared once the editor has the server's answer, which may come a moment after the server saved.
  await expect.poll(() => keptCopy(again, id)).toBeNull();
});

/**
 * The article's first save from now on reaches the server, which keeps it, but its answer is lost on the way
 * back, as when the connection drops mid-request; with `later: 'lost'` no save after it gets through either.
 */
async function loseFirstAnswer(page: Page, id: string, later: 'sent' | 'lost'): Promise<void> {
  let saves = 0;
  await page.route(`**/api/admin/articles/${id}`, async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    saves += 1;
    if (saves === 1) await route.fetch();
    else if (later === 'sent') return route.fallback();
    await route.abort('internetdisconnected');
  });
}

/** A reporter's new article whose first save's answer will be lost (`loseFirstAnswer`). */
async function articleLosingFirstAnswer(
  page: Page,
  guard: ConsoleGuard,
  later: 'sent' | 'lost',
): Promise<string> {
  await signIn(page, guard, 'redacteur');
  const id = await startArticle(page, `Réponse perdue ${Date.now()}`);
  guard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/);
  await loseFirstAnswer(page, id, later);
  return id;
}

test('edits the server saved but whose answer was lost are not offered back when the article is reopened', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(DESKTOP);
  const id = await articleLosingFirstAnswer(page, consoleGuard, 'lost');
  const summary = 'Envoyé, mais la réponse s’est perdue en route.';
  await page.getByLabel('Chapô').fill(summary);
  await page.getByText(/Serveur injoignable/).waitFor({ timeout: 20_000 });
  // The server has the edits as version 2; the browser still keeps them, as edits of version 1.
  const saved = adminArticleSchema.parse(await (await adminFetch(page, `/articles/${id}`)).json());
  expect(saved.article.summary).toBe(summary);
  expect(saved.version).toBe(2);
  expect(JSON.parse((await keptCopy(page, id)) ?? 'null')).toMatchObject({
    baseVersion: 1,
    draft: { summary },
  });

  // Reopened, the editor finds them on the server: nothing is "unsaved", nothing stays kept.
  await crashTab(page);
  const again = await page.context().newPage();
  await again.goto(`/redaction/articles/${id}`);
  await expect(again.getByLabel('Chapô')).toHaveValue(summary);
  await expect(again.getByRole('status').filter({ hasText: 'n’ont pas été enregistrées' })).toHaveCount(0);
  await expect.poll(() => keptCopy(again, id)).toBeNull();
  const after = adminArticleSchema.parse(await (await adminFetch(again, `/articles/${id}`)).json());
  expect(after.version).toBe(2);
});

test('a save whose answer was lost is not taken for a conflict when the editor sends it again', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const page = await newPage(DESKTOP);
  const id = await articleLosingFirstAnswer(page, consoleGuard, 'sent');
  // Sent again from version 1, the edits meet version 2: the server answers 409 with the article as it is.
  consoleGuard.allow(/409/);
  const refused = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' &&
      response.url().endsWith(`/api/admin/articles/${id}`) &&
      response.status() === 409,
  );
  const summary = 'Envoyé deux fois, enregistré une.';
  await page.getByLabel('Chapô').fill(summary);
  await page.getByText(/Serveur injoignable/).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await refused;
  // That version is this editor's own save: no conflict to resolve, the edits count as saved.
  await expect(page.getByText(/Enregistré à/)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Enregistrement refusé' })).toHaveCount(0);
  await expect.poll(() => keptCopy(page, id)).toBeNull();
  await expect(page.getByText(/\bversion 2\b/)).toBeVisible();
  const after = adminArticleSchema.parse(await (await adminFetch(page, `/articles/${id}`)).json());
  expect(after.version).toBe(2);
  expect(after.article.summary).toBe(summary);
});

test('two-factor authentication: enrolment with a QR code drawn locally, then sign-in asks for the code', async ({
  newPage,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  // A staff member of its own, created by an administrator, so other tests' accounts keep signing in without TOTP.
  const admin = await newPage(DESKTOP);
  await signIn(admin, consoleGuard, 'administrateur');
  const email = `totp-${Date.now()}@demo.quotidienne.test`;
  const password = 'Double-Facteur-2026!';
  const cookies = (await admin.context().cookies()).map((item) => `${item.name}=${item.value}`).join('; ');
  const created = await fetch(`${baseUrl()}/api/admin/staff`, {
    method: 'POST',
    headers: { Cookie: cookies, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, name: 'Claude Deuxfacteurs', role: 'redacteur', password }),
  });
  expect(created.status).toBe(201);

  const page = await newPage(DESKTOP);
  consoleGuard.allow(NO_STAFF_SESSION);
  await page.goto('/redaction/connexion');
  await waitForHydration(page.getByRole('button', { name: 'Se connecter' }));
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
  await page.goto('/redaction/compte');
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  const qr = page.getByRole('img', { name: /Code QR/ });
  await qr.waitFor();
  // Drawn in the page as SVG: no image is fetched from anywhere.
  expect(await qr.locator('svg').count()).toBe(1);
  const secret = (await page.locator('code').first().textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page).toPassAxe();
  await screenshot(page, 'newsroom-totp-enrolment');
  await page.getByLabel('Code de vérification').fill(currentTotpCode(secret));
  await page.getByRole('button', { name: 'Confirmer' }).click();
  await page.getByText(/double authentification est activée/).waitFor();
  // The step the server accepted is at most this one.
  const enrolledStep = Math.floor(Date.now() / 30_000);

  // Signed out, the next sign-in asks for the code after the password.
  await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await page.waitForURL(/\/redaction\/connexion/);
  await waitForHydration(page.getByRole('button', { name: 'Se connecter' }));
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  consoleGuard.allow(/401/);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const code = page.getByLabel('Code de vérification');
  await code.waitFor();
  await expect(page).toPassAxe();
  // A code is accepted once: wait for the next time step rather than reuse the enrolment's.
  await expect
    .poll(() => Math.floor(Date.now() / 30_000) > enrolledStep, { timeout: 35_000, intervals: [1_000] })
    .toBe(true);
  await code.fill(currentTotpCode(secret));
  await page.getByRole('button', { name: 'Valider le code' }).click();
  await page.getByRole('heading', { level: 1, name: 'Articles' }).waitFor();
});
