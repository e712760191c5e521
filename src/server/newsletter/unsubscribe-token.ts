import 'server-only';
import { createHmac } from 'node:crypto';
import { PATHS } from '@/lib/constants';
import { normalizeEmail } from '../accounts/request-context';
import { env } from '../env';
import { isSameSecret } from '../lib/secrets';
import { logger } from '../log';

/**
 * Signed unsubscribe links: the token is an HMAC-SHA256 of the normalised address under a server secret, so a
 * link proves it came from one of our emails to that address. Without a valid token the unsubscribe page
 * asks for a click, and the one-click endpoint (RFC 8058) refuses.
 *
 * The secret is NEWSLETTER_UNSUBSCRIBE_SECRET (at least 32 characters, validated with the rest of the
 * configuration, which refuses to start in production or staging without it). Elsewhere a fixed development secret
 * stands in.
 */
const DEVELOPMENT_SECRET = 'developpement-uniquement-secret-de-desinscription-non-confidentiel';
const PURPOSE = 'newsletter-unsubscribe:v1';

let warned = false;

function secret(): string {
  const configured = env().NEWSLETTER_UNSUBSCRIBE_SECRET;
  if (configured) return configured;
  if (!warned) logger.warn('NEWSLETTER_UNSUBSCRIBE_SECRET absent : secret de développement utilisé');
  warned = true;
  return DEVELOPMENT_SECRET;
}

/** The token of an address (base64url, 43 characters). */
export function unsubscribeToken(email: string, key: string = secret()): string {
  return createHmac('sha256', key)
    .update(`${PURPOSE}\n${normalizeEmail(email)}`)
    .digest('base64url');
}

/** Whether a token was signed for this address, compared in constant time. */
export function verifyUnsubscribeToken(email: string, token: unknown, key: string = secret()): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  return isSameSecret(token, unsubscribeToken(email, key));
}

/** The query parameter naming the campaign an unsubscribe link came from (its results count it). */
export const UNSUBSCRIBE_CAMPAIGN_PARAM = 'campagne';

function withCampaign(url: URL, campaignId: number | undefined): string {
  if (campaignId !== undefined) url.searchParams.set(UNSUBSCRIBE_CAMPAIGN_PARAM, String(campaignId));
  return url.toString();
}

/** The unsubscribe page of an address with its token (and the campaign it came in): the link of our emails. */
export function unsubscribePageUrl(
  email: string,
  siteUrl: string = env().SITE_URL,
  campaignId?: number,
): string {
  const url = new URL(`${PATHS.unsubscribe}/${encodeURIComponent(normalizeEmail(email))}`, siteUrl);
  url.searchParams.set('token', unsubscribeToken(email));
  return withCampaign(url, campaignId);
}

/** A token for another list than the newsletter (the alerts of an account): the same secret, its own purpose. */
export function listToken(purpose: string, subject: string, key: string = secret()): string {
  return createHmac('sha256', key).update(`${purpose}\n${subject}`).digest('base64url');
}

/** Whether a token was signed for this purpose and subject, compared in constant time. */
export function verifyListToken(
  purpose: string,
  subject: string,
  token: unknown,
  key: string = secret(),
): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  return isSameSecret(token, listToken(purpose, subject, key));
}

/** The one-click endpoint of the List-Unsubscribe header (POST List-Unsubscribe=One-Click, RFC 8058). */
export function oneClickUnsubscribeUrl(
  email: string,
  siteUrl: string = env().SITE_URL,
  campaignId?: number,
): string {
  const url = new URL(`${PATHS.unsubscribe}/${encodeURIComponent(normalizeEmail(email))}/one-click`, siteUrl);
  url.searchParams.set('token', unsubscribeToken(email));
  return withCampaign(url, campaignId);
}

/** The campaign id of an unsubscribe link's parameter, when it is one. */
export function campaignOfLink(value: unknown): number | undefined {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}
