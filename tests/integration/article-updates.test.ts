import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as publishPost } from '@/app/api/admin/articles/[id]/publish/route';
import { PATCH as articlePatch } from '@/app/api/admin/articles/[id]/route';
import { POST as createPost } from '@/app/api/admin/articles/route';
import { type AdminArticle, adminArticleSchema } from '@/lib/contracts/admin';
import { hashPassword } from '@/server/accounts/passwords';
import { compareArticleUpdate } from '@/server/article-updates/compare';
import { listArticleUpdates, setSavedUpdateEmails } from '@/server/article-updates/notes';
import type { Database } from '@/server/db/client';
import { customers, savedArticles } from '@/server/db/schema';
import { loadArticlePage } from '@/server/pages/article-page';
import { newsFeedXml } from '@/server/pages/feeds';
import { newsEntriesOfYear } from '@/server/pages/sitemaps';
import { forgetDatabaseForRoutes, useDatabaseForRoutes } from '../support/api';
import { createTestDatabase } from '../support/database';
import { MAIL_SITE_URL, Mailbox } from '../support/mailbox';
import { articleBody, callAdmin, createTestStaff, type TestStaff } from '../support/newsroom';

let database: Database;
let mailbox: Mailbox;
let editor: TestStaff;

/** A paywalled body: readers without access get its first fifth; the last paragraph is gated. */
const body = (opening: string, closing: string) =>
  [
    `<p>${opening} : le taux de la taxe change au premier janvier pour les entreprises concernées.</p>`,
    ...Array.from(
      { length: 8 },
      (_, index) =>
        `<p>Paragraphe ${index + 1} réservé aux abonnés, avec le détail des conditions, des seuils et des exemples chiffrés de la réforme.</p>`,
    ),
    `<p>${closing}</p>`,
  ].join('');

async function reader(email: string): Promise<number> {
  const [row] = await database.db
    .insert(customers)
    .values({
      email,
      passwordHash: await hashPassword('Cl@ire-Compta-2024'),
      civility: 13,
      firstname: 'Claire',
      lastname: 'Martin',
      function: 'expertComptable',
      emailConfirmedAt: new Date(),
    })
    .returning({ id: customers.id });
  return row?.id ?? 0;
}

const publish = (id: string, payload: Record<string, unknown>) =>
  callAdmin<AdminArticle>(publishPost, {
    path: `/api/admin/articles/${id}/publish`,
    method: 'POST',
    caller: editor,
    body: payload,
    params: { id },
  });

beforeAll(async () => {
  mailbox = await Mailbox.open();
  database = await createTestDatabase();
  editor = await createTestStaff(database.db, 'editeur');
  useDatabaseForRoutes(database);
});
afterAll(async () => {
  forgetDatabaseForRoutes();
  await database?.close();
  await mailbox?.close();
});

describe('an update published with a note', () => {
  it('shows under "Ce qui a changé", compares only what the reader may read, and tells who saved it', async () => {
    const created = await callAdmin<AdminArticle>(createPost, {
      path: '/api/admin/articles',
      method: 'POST',
      caller: editor,
      body: articleBody({
        title: 'Taxe sur les acomptes : le nouveau régime',
        view: body('Première version', 'Conclusion réservée : ancienneclause confidentielle.'),
        paywalled: true,
      }),
    });
    expect(created.status).toBe(201);
    const article = adminArticleSchema.parse(created.body);
    expect((await publish(article.id, { version: 1 })).status).toBe(200);

    const saver = `enregistre.${Date.now()}@cabinet.fr`;
    const quiet = `silencieux.${Date.now()}@cabinet.fr`;
    const [saverId, quietId] = [await reader(saver), await reader(quiet)];
    await database.db.insert(savedArticles).values([
      { customerId: saverId, articleId: article.id },
      { customerId: quietId, articleId: article.id },
    ]);
    await setSavedUpdateEmails(database.db, quietId, false);

    const edited = await callAdmin<AdminArticle>(articlePatch, {
      path: `/api/admin/articles/${article.id}`,
      method: 'PATCH',
      caller: editor,
      body: {
        version: 2,
        view: body('Version corrigée', 'Conclusion réservée : nouvelleclause confidentielle.'),
      },
      params: { id: article.id },
    });
    expect(edited.status).toBe(200);

    // The note is 1 to 500 characters and goes with "mis à jour".
    expect(
      (await publish(article.id, { version: 3, markUpdated: true, updateNote: 'x'.repeat(501) })).status,
    ).toBe(400);
    expect((await publish(article.id, { version: 3, updateNote: 'Taux corrigé.' })).status).toBe(400);
    expect((await publish(article.id, { version: 3, markUpdated: true, updateNote: '   ' })).status).toBe(
      400,
    );
    const note = 'Le taux applicable au premier janvier est corrigé ; la conclusion précise la clause.';
    const updated = await publish(article.id, { version: 3, markUpdated: true, updateNote: note });
    expect(updated.status).toBe(200);

    const notes = await listArticleUpdates(database.db, article.id);
    expect(notes.map((entry) => entry.note)).toEqual([note]);
    const page = await loadArticlePage(database.db, article.id);
    expect(page?.updates.map((entry) => entry.note)).toEqual([note]);
    const updateDate = page?.article.update_date;
    expect(updateDate).toBeTruthy();

    // A visitor without access compares the public head only: never the gated text, old or new.
    const anonymous = await compareArticleUpdate(database.db, article.id, undefined, false);
    const anonymousText = JSON.stringify(anonymous);
    expect(
      anonymous?.text.filter((part) => part.kind === 'removed').map((part) => part.text.trim()),
    ).toContain('Première');
    expect(anonymous?.text.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toContain(
      'corrigée',
    );
    expect(anonymousText).not.toContain('ancienneclause');
    expect(anonymousText).not.toContain('nouvelleclause');
    expect(anonymousText).not.toContain('Paragraphe 8');
    expect(anonymous?.whole).toBe(false);
    // A reader with access compares the whole text.
    const subscriber = JSON.stringify(await compareArticleUpdate(database.db, article.id, undefined, true));
    expect(subscriber).toContain('ancienneclause');
    expect(subscriber).toContain('nouvelleclause');

    // The feed's item keeps its guid and takes the update's date; the sitemap's lastmod follows.
    const rss = (await newsFeedXml(database.db)) ?? '';
    const link = `${MAIL_SITE_URL}/actualite/taxe-acomptes-nouveau-regime_${article.id}`;
    expect(rss.match(new RegExp(`<guid[^>]*>${link}</guid>`, 'g'))).toHaveLength(1);
    expect(rss).toContain(`<pubDate>${new Date(updateDate ?? '').toUTCString()}</pubDate>`);
    const entries = await newsEntriesOfYear(database.db, new Date().getUTCFullYear());
    const entry = entries.find((item) => item.path.endsWith(`_${article.id}`));
    expect(entry?.lastModified?.toISOString()).toBe(new Date(updateDate ?? '').toISOString());

    // One e-mail to the reader who saved it, none to the one who turned it off.
    await mailbox.deliver(database.db);
    const message = await mailbox.lastTo(saver);
    expect(message.subject).toBe('Article mis à jour : Taxe sur les acomptes : le nouveau régime');
    for (const part of [message.html ?? '', (message.text ?? '').replace(/\s+/g, ' ')]) {
      expect(part).toContain(note);
      expect(part).toContain(`${MAIL_SITE_URL}/modifications/${article.id}?maj=${notes[0]?.id}`);
      expect(part).not.toContain('nouvelleclause');
    }
    expect(await mailbox.messagesTo(quiet)).toHaveLength(0);
  });
});
