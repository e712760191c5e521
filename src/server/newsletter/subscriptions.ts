import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import type { SubscriptionAnswer } from '@/lib/contracts/newsletter';
import { EMAIL_MESSAGE, isValidEmail } from '@/lib/validation';
import { newsletterConfirmationEmail, queueUnsubscribeConfirmationEmail } from '../accounts/emails';
import { normalizeEmail, type RequestContext } from '../accounts/request-context';
import { LIMITS, subjectOf, throwIfRefused } from '../accounts/throttle';
import { consumeToken, INVALID_CONFIRMATION_LINK_MESSAGE, tokenInsert } from '../accounts/tokens';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { emailInsert } from '../email/outbox';
import { AppError } from '../http/errors';
import { consumeRateLimits } from '../http/rate-limit';
import { nudgeJobRunner } from '../jobs/runner';
import { unsubscribePageUrl, verifyUnsubscribeToken } from './unsubscribe-token';

/** The subscription call's outcome, as its answer names it (src/lib/contracts/newsletter.ts). */
export type SubscriptionStatus = SubscriptionAnswer['status'];
/** Where a subscription came from: the newsletter block, or the opt-in box of registration. */
export type SubscriptionSource = 'site' | 'registration';

function checkedEmail(email: string): string {
  if (!isValidEmail(email)) {
    throw new AppError('bad_request', EMAIL_MESSAGE, [{ field: 'email', message: EMAIL_MESSAGE }]);
  }
  return normalizeEmail(email);
}

/**
 * Asks to subscribe an address (double opt-in): an active address answers 'already'; any other gets an e-mail
 * whose link starts the subscription (confirmNewsletterSubscription), queued with its token in one transaction,
 * and answers 'subscribed' (the spec's 200 and its thanks). Nothing is subscribed until that link is followed, so
 * nobody can subscribe someone else. Rate-limited per client address and per e-mail (which also bounds the
 * e-mails one address can receive); a 400 for an invalid address.
 */
export async function subscribe(db: Db, email: string, context: RequestContext): Promise<SubscriptionStatus> {
  const normalized = checkedEmail(email);
  const issued = tokenInsert('newsletter_confirmation', normalized, null);
  // The counters, the token and its e-mail in one statement, committed together or not at all (docs/SCALING.md,
  // "2026-11-27: the shared reads at the edge"): a token and a job for an address not yet active, when allowed.
  const { states, rows } = await consumeRateLimits<{ id: number }>(
    db,
    [
      { rule: LIMITS.subscribeAddress, subject: context.address },
      { rule: LIMITS.subscribeEmail, subject: subjectOf(normalized) },
    ],
    () => emailInsert(newsletterConfirmationEmail(normalized, issued.token), sql`issued`),
    {
      before: (allowed) =>
        sql`issued as (${issued.insert(
          sql`${allowed} and not exists (select 1 from newsletter_subscribers where email = ${normalized} and active)`,
        )})`,
    },
  );
  throwIfRefused(states);
  if (rows.length === 0) return 'already';
  nudgeJobRunner();
  return 'subscribed';
}

/** Follows the link of a subscription e-mail: the address is subscribed (or stays so). */
export async function confirmNewsletterSubscription(db: Db, token: string): Promise<{ email: string }> {
  const email = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const used = await consumeToken(txDb, 'newsletter_confirmation', token);
    if (!used) return null;
    await activateSubscription(txDb, used.email, 'site');
    return used.email;
  });
  if (!email) throw new AppError('bad_request', INVALID_CONFIRMATION_LINK_MESSAGE);
  return { email };
}

/** Activates a normalised, valid address without rate limits (registration's opt-in, already limited). */
export async function activateSubscription(
  db: Db,
  email: string,
  source: SubscriptionSource,
): Promise<SubscriptionStatus> {
  const rows = await queryRows(db, activation(email, source, sql`true`));
  return rows.length > 0 ? 'subscribed' : 'already';
}

/**
 * The statement that subscribes an address when `condition` holds: a new row, or a former subscriber made active
 * again; an active one is left alone. It returns a row only when it subscribed.
 */
function activation(email: string, source: SubscriptionSource, condition: SQL): SQL {
  return sql`insert into newsletter_subscribers (email, source) select ${email}, ${source} where ${condition}
    on conflict (email) do update
      set active = true, subscribed_at = now(), unsubscribed_at = null, source = excluded.source
      where newsletter_subscribers.active = false
    returning email`;
}

export type UnsubscribeOutcome = 'unsubscribed' | 'confirmation_sent';

/**
 * Unsubscribes an address with the signed token of our e-mails' links (the proof it came from the mailbox).
 * Without a valid token nobody is unsubscribed: an active address is e-mailed that signed link instead. Either way
 * the answer is the same for a subscribed, a former and an unknown address (same limits, same outcome), so the call
 * cannot tell who subscribed. Rate-limited per client address and per e-mail. `campaignId`: the campaign whose
 * link was followed, credited with the unsubscription.
 */
export async function unsubscribe(
  db: Db,
  email: string,
  context: RequestContext,
  token?: string | null,
  campaignId?: number,
): Promise<UnsubscribeOutcome> {
  const normalized = checkedEmail(email);
  const proven = verifyUnsubscribeToken(normalized, token);
  const { states, rows } = await consumeRateLimits(
    db,
    [
      { rule: LIMITS.unsubscribeAddress, subject: context.address },
      { rule: LIMITS.unsubscribeEmail, subject: subjectOf(normalized) },
    ],
    (allowed) =>
      proven
        ? sql`update newsletter_subscribers set active = false, unsubscribed_at = now()
            where email = ${normalized} and active and ${allowed}
            returning email`
        : sql`select email from newsletter_subscribers where email = ${normalized} and active and ${allowed}`,
    // An unsubscription is a write readers are told was done: its statement stays durable.
    { guardedReadsOnly: !proven },
  );
  throwIfRefused(states);
  if (proven && rows.length > 0 && campaignId !== undefined) {
    // The campaign's results count who left through its link: only an address it was delivered to.
    await db.execute(sql`update newsletter_deliveries set unsubscribed_at = now()
      where campaign_id = ${campaignId} and email = ${normalized} and status = 'sent' and unsubscribed_at is null`);
  }
  if (proven) return 'unsubscribed';
  if (rows.length > 0) {
    await queueUnsubscribeConfirmationEmail(db, normalized, unsubscribePageUrl(normalized));
  }
  return 'confirmation_sent';
}

/** Ends a subscription without limits or proof: the reader is logged in (Mon compte) or the link was verified. */
export async function deactivateSubscription(db: Db, email: string): Promise<void> {
  await db.execute(sql`update newsletter_subscribers set active = false, unsubscribed_at = now()
    where email = ${normalizeEmail(email)} and active`);
}
