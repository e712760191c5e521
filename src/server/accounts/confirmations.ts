import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { emailChangeForm } from '@/lib/contracts/accounts';
import type { Db } from '../db/client';
import { customers, newsletterSubscribers } from '../db/schema';
import { AppError } from '../http/errors';
import { logger } from '../log';
import { activateSubscription, deactivateSubscription } from '../newsletter/subscriptions';
import { unsubscribePageUrl } from '../newsletter/unsubscribe-token';
import { assertPassword, getAccountProfile } from './account';
import {
  queueAccountConfirmationEmail,
  queueEmailChangeEmail,
  queueNewsletterConfirmationEmail,
  queueUnsubscribeConfirmationEmail,
} from './emails';
import { AccountFormError, assertForm } from './form-error';
import { normalizeEmail } from './request-context';
import { hit, LIMITS } from './throttle';
import { consumeToken, INVALID_CONFIRMATION_LINK_MESSAGE, issueToken } from './tokens';

export const EMAIL_TAKEN_MESSAGE =
  'Cette adresse est devenue celle d’un autre compte entre-temps : votre adresse n’a pas changé.';

type TokenCustomer = { id: number; email: string; firstname: string };

/** Registration: e-mails the link that confirms the account's address, in the registration's transaction. */
export async function sendAccountConfirmation(
  db: Db,
  customer: TokenCustomer,
  withNewsletter: boolean,
): Promise<void> {
  const { token } = await issueToken(db, 'email_confirmation', customer.email, customer.id);
  await queueAccountConfirmationEmail(db, customer.email, customer.firstname, token, withNewsletter);
}

/** Mon compte's "Renvoyer le lien de confirmation" (a few times an hour at most). */
export async function resendAccountConfirmation(db: Db, customerId: number): Promise<void> {
  await hit(db, LIMITS.resendConfirmation, String(customerId));
  const [customer] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstname: customers.firstname,
      optin: customers.optin,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  await db.transaction(async (tx) => sendAccountConfirmation(tx as unknown as Db, customer, customer.optin));
}

export type ConfirmationOutcome = { email: string; newsletter: boolean };

/**
 * Follows an account confirmation link: the address is confirmed (if it is still the account's) and, when the
 * reader ticked the newsletter at registration, the subscription starts now (double opt-in).
 */
export async function confirmAccountEmail(db: Db, token: string): Promise<ConfirmationOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const used = await consumeToken(txDb, 'email_confirmation', token);
    if (!used?.customerId) return null;
    const [customer] = await tx
      .update(customers)
      .set({ emailConfirmedAt: sql`coalesce(${customers.emailConfirmedAt}, now())` })
      .where(and(eq(customers.id, used.customerId), eq(customers.email, used.email)))
      .returning({ optin: customers.optin });
    if (!customer) return null;
    if (customer.optin) await activateSubscription(txDb, used.email, 'registration');
    return { email: used.email, newsletter: customer.optin };
  });
  if (!outcome) throw new AppError('bad_request', INVALID_CONFIRMATION_LINK_MESSAGE);
  return outcome;
}

/**
 * Mon compte's change of address: the current password again, then a link to the new address; the account keeps
 * its address until that link is followed. An address that already has an account gets nothing and the answer is
 * the same (no enumeration).
 */
export async function requestEmailChange(
  db: Db,
  customerId: number,
  email: string,
  password: string,
): Promise<void> {
  assertForm(emailChangeForm, { email, password });
  await assertPassword(db, customerId, password);
  const target = normalizeEmail(email);
  const [customer] = await db
    .select({ email: customers.email, firstname: customers.firstname })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) return;
  if (customer.email === target) throw new AccountFormError('same_email');
  const taken = await db.$count(customers, eq(customers.email, target));
  if (taken > 0) {
    logger.info({ event: 'email_change_taken', customerId }, 'Changement d’adresse vers une adresse prise');
    return;
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const { token } = await issueToken(txDb, 'email_change', target, customerId);
    await queueEmailChangeEmail(txDb, target, customer.firstname, token);
  });
}

/**
 * Follows a change-of-address link: the new address becomes the account's, confirmed. A newsletter subscription
 * moves with it (the reader proved the new address), the old address is erased from the subscribers.
 */
export async function confirmEmailChange(db: Db, token: string): Promise<ConfirmationOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const used = await consumeToken(txDb, 'email_change', token);
    if (!used?.customerId) return null;
    const [before] = await tx
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, used.customerId));
    if (!before) return null;
    if ((await tx.$count(customers, eq(customers.email, used.email))) > 0) {
      throw new AppError('bad_request', EMAIL_TAKEN_MESSAGE);
    }
    await tx
      .update(customers)
      .set({ email: used.email, emailConfirmedAt: sql`now()`, updatedAt: new Date() })
      .where(eq(customers.id, used.customerId));
    const [old] = await tx
      .delete(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, before.email))
      .returning({ active: newsletterSubscribers.active });
    if (old?.active) await activateSubscription(txDb, used.email, 'site');
    return { email: used.email, newsletter: old?.active === true };
  });
  if (!outcome) throw new AppError('bad_request', INVALID_CONFIRMATION_LINK_MESSAGE);
  logger.info({ event: 'email_changed' }, 'Adresse de compte changée');
  return outcome;
}

/**
 * Mon compte's newsletter choice for the account's address. Once the address is confirmed, subscribing and stopping
 * are immediate (the reader is logged in and proved the mailbox). Until then the account is treated as an anonymous
 * visitor: subscribing waits for the newsletter confirmation link, and stopping e-mails the address the signed stop
 * link (only if it is subscribed; the answer is the same either way), a few times an hour at most.
 */
export async function setAccountNewsletter(
  db: Db,
  customerId: number,
  subscribe: boolean,
): Promise<'subscribed' | 'confirmation_sent' | 'unsubscribed' | 'unsubscribe_confirmation_sent'> {
  const customer = await getAccountProfile(db, customerId);
  if (!customer) throw new AppError('not_found', 'Compte introuvable.');
  if (customer.emailConfirmed) {
    if (!subscribe) {
      await deactivateSubscription(db, customer.email);
      return 'unsubscribed';
    }
    await activateSubscription(db, customer.email, 'site');
    return 'subscribed';
  }
  await hit(db, LIMITS.resendConfirmation, String(customerId));
  if (!subscribe) {
    if (await isActiveSubscriber(db, customer.email)) {
      await queueUnsubscribeConfirmationEmail(db, customer.email, unsubscribePageUrl(customer.email));
    }
    return 'unsubscribe_confirmation_sent';
  }
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const { token } = await issueToken(txDb, 'newsletter_confirmation', customer.email, null);
    await queueNewsletterConfirmationEmail(txDb, customer.email, token);
  });
  return 'confirmation_sent';
}

async function isActiveSubscriber(db: Db, email: string): Promise<boolean> {
  return (
    (await db.$count(
      newsletterSubscribers,
      and(eq(newsletterSubscribers.email, email), eq(newsletterSubscribers.active, true)),
    )) > 0
  );
}
