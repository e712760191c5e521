import 'server-only';
import { and, eq, gt, isNotNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PATHS } from '@/lib/constants';
import { formatLongDate, parisIsoDay } from '@/lib/dates';
import { DAILY_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import { articleLinkColumns } from '../content/article-summary';
import { parisMidnight } from '../content/paris-time';
import { textArray } from '../content/sql-arrays';
import type { Db } from '../db/client';
import { alertSubscriptions, articles, customers } from '../db/schema';
import { html } from '../email/html';
import { queueEmail } from '../email/outbox';
import { emailButton, emailParagraph, renderEmail } from '../email/render';
import { defineJob } from '../jobs/definitions';
import { enqueueJob } from '../jobs/queue';
import { citesTextFollowedBy } from '../legal-references/followed-texts';
import { logger } from '../log';
import { listToken, verifyListToken } from '../newsletter/unsubscribe-token';
import { ALERT_FREQUENCIES, type AlertFrequency } from './alerts';
import { siteLink } from './emails';

/** Most articles listed in one digest (the newest); the e-mail says how many more there were. */
const DIGEST_MAX_ARTICLES = 30;
/** Subscriptions read per batch: a digest run's memory stays bounded whatever the number of readers. */
const BATCH_SIZE = 200;
/** Digests leave at 7 a.m. in Paris; the weekly one on Mondays. */
const SEND_HOUR = 7;
const ALERTS_PURPOSE = 'alerts-unsubscribe:v1';

/** The signed one-click link that stops an account's alerts (the List-Unsubscribe of a digest). */
function alertsUnsubscribeToken(customerId: number): string {
  return listToken(ALERTS_PURPOSE, String(customerId));
}

export function verifyAlertsUnsubscribeToken(customerId: number, token: unknown): boolean {
  return verifyListToken(ALERTS_PURPOSE, String(customerId), token);
}

function unsubscribeLinks(customerId: number) {
  const query = { client: String(customerId), token: alertsUnsubscribeToken(customerId) };
  return {
    page: siteLink(`${PATHS.account}/alertes/arret`, query),
    oneClick: siteLink(`${PATHS.account}/alertes/arret/un-clic`, query),
  };
}

/** The next time a digest of this frequency leaves, after `after`: 7 a.m. in Paris, on a Monday for weekly. */
function nextDigestTime(frequency: AlertFrequency, after: Date): Date {
  const [year, month, day] = parisIsoDay(after).split('-').map(Number) as [number, number, number];
  for (let offset = 0; offset <= 8; offset += 1) {
    const start = parisMidnight(year, month, day + offset);
    const sendAt = new Date(start.getTime() + SEND_HOUR * 3_600_000);
    const monday = new Date(start.getTime() + 12 * 3_600_000).getUTCDay() === 1;
    if (sendAt > after && (frequency === 'daily' || monday)) return sendAt;
  }
  throw new Error('unreachable: a Monday comes within 8 days');
}

/** Queues the next run of a frequency's digest (once: its day is the dedupe key). */
export async function scheduleAlertDigest(db: Db, frequency: AlertFrequency, after: Date = new Date()) {
  const runAt = nextDigestTime(frequency, after);
  await enqueueJob(
    db,
    alertDigestJob,
    { frequency },
    { runAt, dedupeKey: `${frequency}:${parisIsoDay(runAt)}` },
  );
}

/** At start: each frequency has its next run queued (a no-op when it is already). */
export async function scheduleAlertDigests(db: Db): Promise<void> {
  for (const frequency of ALERT_FREQUENCIES) await scheduleAlertDigest(db, frequency);
}

type DigestArticle = {
  id: string;
  type: string;
  slug: string;
  enrichedNewsId: string | null;
  title: string;
  summary: string;
  publicationDate: Date;
};

/**
 * Sends the digests of one frequency: for each alert of a confirmed address, the articles of its topics, or citing a
 * text the reader follows ("Suivre ce texte"), published since the last digest, newest first (titles and summaries
 * only, never gated text). The e-mail is queued and the alert's `coveredUntil` moved in one transaction, so a
 * digest run twice (a crash) sends each article once.
 */
export async function sendAlertDigests(
  db: Db,
  frequency: AlertFrequency,
  now: Date = new Date(),
): Promise<number> {
  let sent = 0;
  let lastId = 0;
  for (;;) {
    const batch = await db
      .select({
        customerId: alertSubscriptions.customerId,
        topicIds: alertSubscriptions.topicIds,
        coveredUntil: alertSubscriptions.coveredUntil,
        email: customers.email,
        firstname: customers.firstname,
      })
      .from(alertSubscriptions)
      .innerJoin(customers, eq(customers.id, alertSubscriptions.customerId))
      .where(
        and(
          eq(alertSubscriptions.frequency, frequency),
          isNotNull(customers.emailConfirmedAt),
          gt(alertSubscriptions.customerId, lastId),
        ),
      )
      .orderBy(alertSubscriptions.customerId)
      .limit(BATCH_SIZE);
    for (const alert of batch) {
      const found: DigestArticle[] = await db
        .select({
          ...articleLinkColumns,
          title: articles.title,
          summary: articles.summary,
          publicationDate: articles.publicationDate,
        })
        .from(articles)
        .where(
          and(
            or(
              sql`${articles.topicIds} && ${textArray(alert.topicIds)}`,
              citesTextFollowedBy(alert.customerId),
            ),
            gt(articles.publicationDate, alert.coveredUntil),
            lte(articles.publicationDate, now),
          ),
        )
        .orderBy(sql`${articles.publicationDate} desc`)
        .limit(DIGEST_MAX_ARTICLES + 1);
      await db.transaction(async (tx) => {
        const txDb = tx as unknown as Db;
        if (found.length > 0) {
          await queueDigestEmail(txDb, alert, frequency, found);
          sent += 1;
        }
        await tx
          .update(alertSubscriptions)
          .set({ coveredUntil: now })
          .where(eq(alertSubscriptions.customerId, alert.customerId));
      });
    }
    if (batch.length < BATCH_SIZE) break;
    lastId = batch.at(-1)?.customerId ?? lastId;
  }
  logger.info({ event: 'alert_digests', frequency, sent }, 'Alertes envoyées');
  return sent;
}

async function queueDigestEmail(
  db: Db,
  alert: { customerId: number; email: string; firstname: string },
  frequency: AlertFrequency,
  found: DigestArticle[],
): Promise<void> {
  const shown = found.slice(0, DIGEST_MAX_ARTICLES);
  const links = unsubscribeLinks(alert.customerId);
  const period = frequency === 'daily' ? 'depuis hier' : 'cette semaine';
  const subject = `Vos alertes ${DAILY_NAME} : ${shown.length}${found.length > shown.length ? '+' : ''} nouvel${shown.length > 1 ? 'les' : 'le'} actualité${shown.length > 1 ? 's' : ''}`;
  const items = shown.map(
    (article) => html`<tr><td style="padding:0 0 18px">
<p style="margin:0 0 2px;font:12px/1.4 Arial,Helvetica,sans-serif;color:#4a5263">${formatLongDate(article.publicationDate)}</p>
<p style="margin:0 0 4px;font:700 17px/1.3 Georgia,'Times New Roman',serif"><a href="${siteLink(articlePath(article))}" style="color:#0b3c6f">${article.title}</a></p>
${article.summary ? html`<p style="margin:0;font:15px/1.5 Arial,Helvetica,sans-serif;color:#1a1f2b">${article.summary}</p>` : ''}
</td></tr>`,
  );
  const { html: htmlPart, text } = renderEmail({
    subject,
    preheader: shown[0]?.title ?? subject,
    body: html`${emailParagraph(`Bonjour ${alert.firstname},`)}
${emailParagraph(`Voici les nouvelles actualités des thèmes et des textes que vous suivez, publiées ${period} :`)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${items}</table>
${found.length > shown.length ? emailParagraph('D’autres actualités sont parues : retrouvez-les sur le site.') : ''}
${emailButton('Gérer mes alertes', `${siteLink(PATHS.account)}#alertes`)}`,
    footer: html`Vous recevez cet e-mail parce que vous avez choisi des alertes par thème sur ${DAILY_NAME}.
<a href="${links.page}">Ne plus recevoir ces alertes</a>.`,
  });
  await queueEmail(db, {
    to: alert.email,
    subject,
    html: htmlPart,
    text,
    category: `alert-digest-${frequency}`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  });
}

/** The digest of one frequency, then its next run queued (jobs of the one runner, decision 008). */
export const alertDigestJob = defineJob({
  kind: 'alerts.digest',
  payload: z.object({ frequency: z.enum(ALERT_FREQUENCIES) }),
  maxAttempts: 5,
  run: async ({ frequency }, { db }) => {
    await sendAlertDigests(db, frequency);
    await scheduleAlertDigest(db, frequency);
  },
});
