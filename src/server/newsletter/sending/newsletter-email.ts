import 'server-only';
import { formatLongDate } from '@/lib/dates';
import { DAILY_NAME, PUBLISHER_NAME, SITE_TAGLINE } from '@/lib/site';
import { escapeHtml } from '@/lib/text';
import { articlePath } from '@/lib/urls';
import type { DailyIssue } from '../../daily-issue/daily-issue';
import { oneClickUnsubscribeUrl, unsubscribePageUrl } from '../unsubscribe-token';

/** One newsletter message, ready for the transport. */
export type NewsletterEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
};

/** What a campaign's editors change; by default the subject comes from the issue, no intro. */
export type NewsletterEdits = { subject?: string | undefined; intro?: string | undefined };

/**
 * A campaign's message: each link goes through the site's click redirect (`linkFor`), and the unsubscribe links
 * name the campaign, so its results count them.
 */
export type NewsletterTracking = { campaignId: number; linkFor: (url: string) => string };

/** The URL of an issue's news in the message (tagged for the site's statistics), before any click redirect. */
function newsUrl(article: DailyIssue['news'][number], siteUrl: string): string {
  const url = new URL(articlePath({ ...article, enrichedNewsId: article.enriched_news_id }), siteUrl);
  url.searchParams.set('utm_source', 'newsletter');
  url.searchParams.set('utm_medium', 'email');
  return url.toString();
}

/** Every link of an issue's message but the unsubscribe ones: what a campaign registers for its redirects. */
export function newsletterLinks(issue: DailyIssue, siteUrl: string): string[] {
  return issue.news.map((article) => newsUrl(article, siteUrl));
}

function issueDateLabel(issue: DailyIssue): string {
  return formatLongDate(new Date(`${issue.publicationDate}T12:00:00Z`));
}

/** The subject of an issue's message before anyone edits it: `La Quotidienne du {date} – {first title}`. */
export function defaultNewsletterSubject(issue: DailyIssue): string {
  return `${DAILY_NAME} du ${issueDateLabel(issue)} – ${issue.news[0]?.title ?? issue.issueName}`;
}

/**
 * The daily issue as an email: a responsive HTML part (one 600-pixel column of tables with inline styles, the
 * layout every mail client renders, narrowing on phones) and a plain text part. Only titles and summaries
 * travel, never gated text. List-Unsubscribe carries the signed one-click URL (RFC 2369 and RFC 8058).
 */
export function buildNewsletterEmail(
  issue: DailyIssue,
  recipient: string,
  siteUrl: string,
  edits: NewsletterEdits = {},
  tracking?: NewsletterTracking,
): NewsletterEmail {
  const date = issueDateLabel(issue);
  const unsubscribe = unsubscribePageUrl(recipient, siteUrl, tracking?.campaignId);
  const news = issue.news.map((article) => {
    const url = newsUrl(article, siteUrl);
    return {
      topic: article.topics[0]?.label ?? '',
      title: article.title,
      summary: article.summary,
      url: tracking ? tracking.linkFor(url) : url,
    };
  });
  const subject = edits.subject?.trim() || defaultNewsletterSubject(issue);
  // The editors' intro: plain text, one paragraph per line.
  const introLines = (edits.intro ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  // Issue names usually carry their date already ("La Quotidienne du vendredi 20 novembre 2026").
  const heading = issue.issueName.includes(date) ? issue.issueName : `${issue.issueName} – ${date}`;

  const items = news
    .map(
      (item) => `<tr><td style="padding:16px 24px;border-bottom:1px solid #d9dde5">
${item.topic ? `<p style="margin:0 0 4px;font:700 12px/1.4 Arial,Helvetica,sans-serif;letter-spacing:.05em;text-transform:uppercase;color:#b3262d">${escapeHtml(item.topic)}</p>` : ''}
<h2 style="margin:0 0 6px;font:700 19px/1.3 Georgia,'Times New Roman',serif;color:#1a1f2b"><a href="${escapeHtml(item.url)}" style="color:#0b3c6f;text-decoration:none">${escapeHtml(item.title)}</a></h2>
${item.summary ? `<p style="margin:0;font:15px/1.5 Arial,Helvetica,sans-serif;color:#4a5263">${escapeHtml(item.summary)}</p>` : ''}
</td></tr>`,
    )
    .join('\n');
  const credits = [
    issue.redacteurChef ? `Rédacteur en chef : ${issue.redacteurChef}` : '',
    issue.comiteRedaction ? `Comité de rédaction : ${issue.comiteRedaction}` : '',
  ].filter(Boolean);

  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title>
<style>@media (max-width:620px){.container{width:100% !important}.pad{padding-left:16px !important;padding-right:16px !important}}</style>
</head><body style="margin:0;padding:0;background:#f4f6f9">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(issue.issueName)} : ${escapeHtml(
    news
      .map((item) => item.title)
      .slice(0, 3)
      .join(' · '),
  )}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f9"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" class="container" width="600" cellpadding="0" cellspacing="0" style="width:600px;max-width:100%;background:#ffffff">
<tr><td class="pad" style="padding:20px 24px;background:#0b3c6f;color:#ffffff">
<p style="margin:0;font:700 12px/1.4 Arial,Helvetica,sans-serif;letter-spacing:.1em;text-transform:uppercase">${escapeHtml(PUBLISHER_NAME)}</p>
<h1 style="margin:4px 0 0;font:700 28px/1.2 Georgia,'Times New Roman',serif;color:#ffffff">${escapeHtml(DAILY_NAME)}</h1>
<p style="margin:6px 0 0;font:15px/1.4 Arial,Helvetica,sans-serif;color:#ffffff">${escapeHtml(heading)}</p>
</td></tr>
${introLines.length > 0 ? `<tr><td class="pad" style="padding:16px 24px 4px;font:16px/1.5 Arial,Helvetica,sans-serif;color:#1a1f2b">${introLines.map((line) => `<p style="margin:0 0 10px">${escapeHtml(line)}</p>`).join('')}</td></tr>` : ''}
${items}
<tr><td class="pad" style="padding:20px 24px;font:13px/1.5 Arial,Helvetica,sans-serif;color:#4a5263">
${credits.map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join('')}
<p style="margin:12px 0 0">${escapeHtml(SITE_TAGLINE)}. Vous recevez ce message car vous êtes inscrit à la newsletter ${escapeHtml(DAILY_NAME)}.
<a href="${escapeHtml(unsubscribe)}" style="color:#0b3c6f">Se désinscrire</a></p>
</td></tr></table></td></tr></table></body></html>`;

  const text = [
    heading,
    '',
    ...(introLines.length > 0 ? [...introLines, ''] : []),
    ...news.flatMap((item) => [
      `${item.topic ? `[${item.topic}] ` : ''}${item.title}`,
      ...(item.summary ? [item.summary] : []),
      item.url,
      '',
    ]),
    ...credits,
    '',
    `Vous recevez ce message car vous êtes inscrit à la newsletter ${DAILY_NAME}.`,
    `Se désinscrire : ${unsubscribe}`,
  ].join('\n');

  return {
    to: recipient,
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${oneClickUnsubscribeUrl(recipient, siteUrl, tracking?.campaignId)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // Bulk mail: auto-responders stay quiet.
      Precedence: 'bulk',
      'Auto-Submitted': 'auto-generated',
    },
  };
}
