import 'server-only';
import { and, desc, eq, isNotNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { comparisonPath } from '@/lib/article-updates';
import { PATHS } from '@/lib/constants';
import type { ArticleUpdateNote } from '@/lib/contracts/reader-pages';
import { formatLongDate } from '@/lib/dates';
import { DAILY_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import { siteLink } from '../accounts/emails';
import type { Db } from '../db/client';
import { articles, articleUpdates, customers, savedArticles, savedUpdateEmailOptOuts } from '../db/schema';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { defineJob } from '../jobs/definitions';
import { enqueueJob } from '../jobs/queue';

/** An article's notes, newest first. */
export async function listArticleUpdates(db: Db, articleId: string): Promise<ArticleUpdateNote[]> {
  return db
    .select({ id: articleUpdates.id, note: articleUpdates.note, updatedAt: articleUpdates.updatedAt })
    .from(articleUpdates)
    .where(eq(articleUpdates.articleId, articleId))
    .orderBy(desc(articleUpdates.updatedAt), desc(articleUpdates.id));
}

/**
 * In the publication's transaction: the note of an update published "mis à jour", between the revision readers
 * had and the one they now get, and the job that e-mails the readers who saved the article.
 */
export async function recordArticleUpdate(
  db: Db,
  update: { articleId: string; note: string; updatedAt: Date; fromRevision: number; toRevision: number },
): Promise<void> {
  const [row] = await db.insert(articleUpdates).values(update).returning({ id: articleUpdates.id });
  if (row) await enqueueJob(db, savedArticleUpdateJob, { updateId: row.id });
}

/**
 * One e-mail per reader who saved the article (confirmed address, not turned off in Mon compte) with the note
 * and the links to the article and to the comparison. Titles and notes only: never gated text.
 */
async function sendSavedArticleUpdate(db: Db, updateId: number): Promise<number> {
  const [update] = await db
    .select({
      note: articleUpdates.note,
      updatedAt: articleUpdates.updatedAt,
      id: articles.id,
      type: articles.type,
      slug: articles.slug,
      enrichedNewsId: articles.enrichedNewsId,
      title: articles.title,
    })
    .from(articleUpdates)
    .innerJoin(articles, eq(articles.id, articleUpdates.articleId))
    .where(eq(articleUpdates.id, updateId));
  if (!update) return 0;
  const readers = await db
    .select({ email: customers.email, firstname: customers.firstname })
    .from(savedArticles)
    .innerJoin(customers, eq(customers.id, savedArticles.customerId))
    .where(
      and(
        eq(savedArticles.articleId, update.id),
        isNotNull(customers.emailConfirmedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(savedUpdateEmailOptOuts)
            .where(eq(savedUpdateEmailOptOuts.customerId, savedArticles.customerId)),
        ),
      ),
    );
  const subject = `Article mis à jour : ${update.title}`;
  for (const reader of readers) {
    const { html: htmlPart, text } = renderEmail({
      subject,
      preheader: update.note,
      body: html`${emailParagraph(`Bonjour ${reader.firstname},`)}
${emailParagraph(`Un article que vous avez enregistré a été mis à jour le ${formatLongDate(update.updatedAt)} :`)}
${emailParagraph(html`<strong>${update.title}</strong>`)}
${emailParagraph(`Ce qui a changé : ${update.note}`)}
${emailButton('Lire l’article', siteLink(articlePath(update)))}
${emailParagraph(html`<a href="${siteLink(comparisonPath(update.id, updateId))}">Comparer avec la version précédente</a>`)}`,
      footer: html`Vous recevez cet e-mail parce que vous avez enregistré cet article sur ${DAILY_NAME}.
<a href="${siteLink(PATHS.account)}#alertes">Ne plus être prévenu des mises à jour</a>.`,
    });
    await queueEmail(db, {
      to: reader.email,
      subject,
      html: htmlPart,
      text,
      category: 'saved-article-update',
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
  }
  return readers.length;
}

const savedArticleUpdateJob = defineJob({
  kind: 'article-updates.saved',
  payload: z.object({ updateId: z.number().int().positive() }),
  maxAttempts: 5,
  run: async ({ updateId }, { db }) => {
    await sendSavedArticleUpdate(db, updateId);
  },
});

/** Mon compte: whether the reader is e-mailed about updates of the articles they saved. */
export async function setSavedUpdateEmails(db: Db, customerId: number, enabled: boolean): Promise<void> {
  if (enabled) {
    await db.delete(savedUpdateEmailOptOuts).where(eq(savedUpdateEmailOptOuts.customerId, customerId));
  } else {
    await db.insert(savedUpdateEmailOptOuts).values({ customerId }).onConflictDoNothing();
  }
}

export async function savedUpdateEmailsEnabled(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(savedUpdateEmailOptOuts)
    .where(eq(savedUpdateEmailOptOuts.customerId, customerId));
  return row === undefined;
}
