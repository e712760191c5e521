import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { EMAIL_MESSAGE, isValidEmail } from '@/lib/validation';
import { normalizeEmail, type RequestContext } from '../accounts/request-context';
import { LIMITS, subjectOf, throwIfRefused } from '../accounts/throttle';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { AppError } from '../http/errors';
import { consumeRateLimits } from '../http/rate-limit';

export type SubscriptionStatus = 'subscribed' | 'already';
/** Where a subscription came from: the newsletter block, or the opt-in box of registration. */
export type SubscriptionSource = 'site' | 'registration';

/** The same answer for every valid address, subscribed or not, so it reveals nothing (ASVS 6.3.8). */
export const UNSUBSCRIBE_MESSAGE =
  'Votre demande a bien été prise en compte : cette adresse ne recevra plus la newsletter.';

function checkedEmail(email: string): string {
  if (!isValidEmail(email)) {
    throw new AppError('bad_request', EMAIL_MESSAGE, [{ field: 'email', message: EMAIL_MESSAGE }]);
  }
  return normalizeEmail(email);
}

/**
 * Subscribes an address to the newsletter, rate-limited per client address and per e-mail. Answers 'already'
 * when the address is already active; a former subscriber is subscribed again. Throws a 400 for an invalid
 * address, a 429 over a limit. The row is committed before this returns.
 */
export async function subscribe(db: Db, email: string, context: RequestContext): Promise<SubscriptionStatus> {
  const normalized = checkedEmail(email);
  // The counters and the subscription in one statement: one round trip and one commit (docs/SCALING.md).
  const { states, rows } = await consumeRateLimits(
    db,
    [
      { rule: LIMITS.subscribeAddress, subject: context.address },
      { rule: LIMITS.subscribeEmail, subject: subjectOf(normalized) },
    ],
    (allowed) => activation(normalized, 'site', allowed),
  );
  throwIfRefused(states);
  return rows.length > 0 ? 'subscribed' : 'already';
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

/**
 * Unsubscribes an address. An unknown or already inactive address is treated exactly like an active one
 * (same work, same answer), so the call cannot tell who subscribed. Rate-limited like subscribe.
 */
export async function unsubscribe(db: Db, email: string, context: RequestContext): Promise<void> {
  const normalized = checkedEmail(email);
  const { states } = await consumeRateLimits(
    db,
    [
      { rule: LIMITS.unsubscribeAddress, subject: context.address },
      { rule: LIMITS.unsubscribeEmail, subject: subjectOf(normalized) },
    ],
    (allowed) => sql`update newsletter_subscribers set active = false, unsubscribed_at = now()
      where email = ${normalized} and active and ${allowed}
      returning email`,
  );
  throwIfRefused(states);
}
