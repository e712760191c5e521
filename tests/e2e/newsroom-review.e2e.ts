import { adminArticleSchema } from '@/lib/contracts/admin';
import { waitForEmail } from './support/emails';
import { expect, test, waitForHydration } from './support/fixtures';
import { demoStaffAccount, signInAsEditor } from './support/staff';

// Review that talks: a journalist submits, the editors are e-mailed and see « À relire (N) » in the header,
// an editor leaves a note in the editor's side panel, and the journalist sees it there, marked new.

const NEWSROOM_AXE = { enableRules: ['label-content-name-mismatch'] };

test('a journalist submits, an editor sees the count and leaves a note, the journalist reads it', async ({
  page,
  newPage,
  consoleGuard,
}) => {
  test.slow();
  await signInAsEditor(page, consoleGuard, 'redacteur');
  const title = `À relire ${Date.now()}`;
  const created = await page.request.post('/api/admin/articles', {
    data: {
      type: 'actualite',
      title,
      summary: 'Un article soumis à la relecture.',
      view: '<p>Le texte.</p>',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = adminArticleSchema.parse(await created.json());
  await page.goto(`/redaction/articles/${id}`);
  const submit = page.getByRole('button', { name: 'Soumettre à la relecture' });
  await waitForHydration(submit);
  await submit.click();
  await expect(page.getByText('Article soumis à la relecture.')).toBeVisible();

  const editorAccount = demoStaffAccount('editeur');
  const email = await waitForEmail(editorAccount.email, new RegExp(`^À relire : « ${title} »$`));
  expect(email.text).toContain(`a soumis « ${title} » à la relecture.`);

  const editor = await newPage();
  await signInAsEditor(editor, consoleGuard, 'editeur');
  const queue = editor
    .getByRole('navigation', { name: 'Rédaction' })
    .getByRole('link', { name: /^À relire \(\d+\)$/ });
  await expect(queue).toBeVisible();
  const count = Number(/\((\d+)\)/.exec((await queue.textContent()) ?? '')?.[1]);
  expect(count).toBeGreaterThanOrEqual(1);
  await queue.click();
  await expect(editor).toHaveURL(/\/redaction\?status=in_review$/);
  await editor.getByRole('link', { name: title, exact: true }).click();
  const notes = editor.getByRole('region', { name: /^Notes de relecture/ });
  await expect(notes.getByText('Aucune note pour l’instant.')).toBeVisible();
  // An empty note is refused in French, without a call.
  await notes.getByRole('button', { name: 'Ajouter la note' }).click();
  await expect(notes.getByText('La note est vide.')).toBeVisible();
  await notes.getByLabel('Nouvelle note').fill('Citer la source du barème, s’il vous plaît.');
  await notes.getByRole('button', { name: 'Ajouter la note' }).click();
  const thread = notes.getByRole('list', { name: '1 note' });
  await expect(thread.getByRole('listitem')).toContainText('Citer la source du barème, s’il vous plaît.');
  await expect(editor).toPassAxe(NEWSROOM_AXE);

  const journalistAccount = demoStaffAccount('redacteur');
  const noteEmail = await waitForEmail(
    journalistAccount.email,
    new RegExp(`^Note de relecture sur « ${title} »$`),
  );
  expect(noteEmail.text).toContain('Citer la source du barème');

  // The journalist's header says a note is waiting; it leads to their articles, then to the draft.
  await page.goto('/redaction');
  const unread = page
    .getByRole('navigation', { name: 'Rédaction' })
    .getByRole('link', { name: 'Notes non lues (1)' });
  await unread.click();
  await expect(page).toHaveURL(/\/redaction\?createdBy=\d+$/);
  await page.getByRole('link', { name: title, exact: true }).click();
  const authorNotes = page.getByRole('region', { name: /^Notes de relecture/ });
  await expect(authorNotes.getByText('1 nouvelle')).toBeVisible();
  const note = authorNotes.getByRole('list', { name: '1 note' }).getByRole('listitem');
  await expect(note).toContainText('Citer la source du barème, s’il vous plaît.');
  // « le 2 décembre 2026 à 10 h 05 »: Paris time.
  await expect(note.locator('time')).toHaveText(/^le \d{1,2}(er)? [a-zéû]+ \d{4} à \d{2} h \d{2}$/);
  await expect(page).toPassAxe(NEWSROOM_AXE);
});
