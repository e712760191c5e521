import 'server-only';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { MY_ACCOUNT_MESSAGES, passwordChangeForm } from '@/lib/contracts/accounts';
import type { Db } from '../db/client';
import {
  accountTokens,
  backgroundJobs,
  customers,
  newsletterSubscribers,
  rateTableFollows,
} from '../db/schema';
import { sendEmailJob } from '../email/outbox';
import { AppError } from '../http/errors';
import { logger } from '../log';
import { getAgendaProfile } from '../personal-agenda/profile';
import { getAlertPreferences } from './alerts';
import { AccountFormError, assertNewPasswordForm } from './form-error';
import { hashPassword, verifyPassword } from './passwords';
import { type ProfileInput, type RegistrationError, validateProfile } from './profile-rules';
import { CIVILITIES } from './registration-form';
import { listSavedArticles } from './saved-articles';
import { endSessions, listSessions } from './sessions';
import { hit, LIMITS } from './throttle';
import { revokeTokens } from './tokens';

/** Mon compte's refusal of a wrong current password (the password change, the deletion, the change of address). */
export const WRONG_PASSWORD_MESSAGE = MY_ACCOUNT_MESSAGES.wrong_password;

export type AccountProfile = {
  id: number;
  email: string;
  emailConfirmed: boolean;
  civility: number;
  firstname: string;
  lastname: string;
  function: string;
  createdAt: Date;
  /**
   * Whether the account's address gets the newsletter; null until the address is confirmed: whoever registers
   * with someone else's address must not learn, nor change, that person's subscription.
   */
  newsletter: boolean | null;
};

/** The profile shown under Mon compte, with the newsletter state of the account's address once it is confirmed. */
export async function getAccountProfile(db: Db, customerId: number): Promise<AccountProfile | null> {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      emailConfirmedAt: customers.emailConfirmedAt,
      civility: customers.civility,
      firstname: customers.firstname,
      lastname: customers.lastname,
      function: customers.function,
      createdAt: customers.createdAt,
      newsletter: newsletterSubscribers.active,
    })
    .from(customers)
    .leftJoin(newsletterSubscribers, eq(newsletterSubscribers.email, customers.email))
    .where(eq(customers.id, customerId));
  if (!row) return null;
  const { emailConfirmedAt, newsletter, ...profile } = row;
  const emailConfirmed = emailConfirmedAt !== null;
  return { ...profile, emailConfirmed, newsletter: emailConfirmed ? newsletter === true : null };
}

/** Updates civility, names and function with the rules of registration; answers the errors, empty when saved. */
export async function updateProfile(
  db: Db,
  customerId: number,
  input: ProfileInput,
): Promise<RegistrationError[]> {
  const errors = await validateProfile(db, input);
  if (errors.length > 0) return errors;
  await db
    .update(customers)
    .set({
      civility: Number(input.civility),
      firstname: (input.firstname ?? '').trim(),
      lastname: (input.lastname ?? '').trim(),
      function: input.function ?? '',
      updatedAt: new Date(),
    })
    .where(eq(customers.id, customerId));
  return [];
}

/** Throws a 401 with WRONG_PASSWORD_MESSAGE (code wrong_password) unless `password` is the account's. */
export async function assertPassword(db: Db, customerId: number, password: string): Promise<void> {
  if (!password.trim()) throw new AccountFormError('required');
  await hit(db, LIMITS.accountPassword, String(customerId));
  const [row] = await db
    .select({ passwordHash: customers.passwordHash })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!(await verifyPassword(row?.passwordHash ?? null, password))) {
    throw new AccountFormError('wrong_password', 'unauthorized');
  }
}

/**
 * Changes the password once the current one is given again, and ends every other session of the account (the
 * one making the change stays open): someone who knew the old password is logged out everywhere.
 */
export async function changePassword(
  db: Db,
  customerId: number,
  currentSessionHash: string,
  input: { current: string; password: string; confirmed: string },
): Promise<void> {
  assertNewPasswordForm(passwordChangeForm, input);
  await assertPassword(db, customerId, input.current);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(customers.id, customerId));
    await endSessions(tx as unknown as Db, customerId, currentSessionHash);
    await revokeTokens(tx as unknown as Db, 'password_reset', customerId);
  });
  logger.info({ event: 'password_changed', customerId }, 'Mot de passe modifié');
}

/**
 * Everything held about a reader, as the JSON file of "Télécharger mes données" (RGPD articles 15 and 20):
 * the account (without the password's hash), the newsletter subscription, alerts, the agenda profile (without its
 * feed token's hash), followed rate tables, saved articles, sessions and
 * the links e-mailed that are still pending. Rate-limit counters hold only hashes and cannot be tied to a reader.
 */
export async function exportAccountData(db: Db, customerId: number, currentSessionHash: string) {
  const profile = await getAccountProfile(db, customerId);
  if (!profile) throw new AppError('not_found', 'Compte introuvable.');
  // What is held about the address itself (its subscription, links sent to it) is the account's once it is proven.
  const [newsletter] = !profile.emailConfirmed
    ? []
    : await db
        .select({
          email: newsletterSubscribers.email,
          active: newsletterSubscribers.active,
          subscribedAt: newsletterSubscribers.subscribedAt,
          unsubscribedAt: newsletterSubscribers.unsubscribedAt,
          source: newsletterSubscribers.source,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, profile.email));
  const pendingLinks = await db
    .select({
      purpose: accountTokens.purpose,
      email: accountTokens.email,
      createdAt: accountTokens.createdAt,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
    })
    .from(accountTokens)
    .where(
      profile.emailConfirmed
        ? or(eq(accountTokens.customerId, customerId), eq(accountTokens.email, profile.email))
        : eq(accountTokens.customerId, customerId),
    );
  const { id: _id, ...account } = profile;
  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...account,
      civilityLabel: CIVILITIES.find((option) => option.value === profile.civility)?.label ?? null,
    },
    newsletter: newsletter ?? null,
    alerts: await getAlertPreferences(db, customerId),
    agenda: await getAgendaProfile(db, customerId),
    rateTablesFollowed: await db
      .select({ tableId: rateTableFollows.tableId, since: rateTableFollows.createdAt })
      .from(rateTableFollows)
      .where(eq(rateTableFollows.customerId, customerId)),
    savedArticles: (await listSavedArticles(db, customerId)).map(({ id, title, path, savedAt }) => ({
      id,
      title,
      path,
      savedAt,
    })),
    sessions: (await listSessions(db, customerId, currentSessionHash)).map(
      ({ id: _sessionId, ...session }) => session,
    ),
    emailedLinks: pendingLinks,
  };
}

/**
 * Deletes an account once its password is given again (RGPD article 17): the account, its sessions, alerts,
 * saved articles and links go (foreign keys cascade), in one transaction. When its address was confirmed, the
 * newsletter subscription of the address is ended and erased and e-mails to it still in the outbox are dropped;
 * an account never confirmed leaves them alone (the address may be someone else's).
 */
export async function deleteAccount(db: Db, customerId: number, password: string): Promise<void> {
  await assertPassword(db, customerId, password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(customers)
      .where(eq(customers.id, customerId))
      .returning({ email: customers.email, emailConfirmedAt: customers.emailConfirmedAt });
    if (!row?.emailConfirmedAt) return;
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, row.email));
    // Links sent to the address without the account (a newsletter confirmation).
    await tx.delete(accountTokens).where(eq(accountTokens.email, row.email));
    // E-mails to the address still waiting in the outbox (a digest, a confirmation) are not sent any more.
    await tx
      .delete(backgroundJobs)
      .where(
        and(
          eq(backgroundJobs.kind, sendEmailJob.kind),
          inArray(backgroundJobs.status, ['pending', 'failed']),
          sql`${backgroundJobs.payload}->>'to' = ${row.email}`,
        ),
      );
  });
  logger.info({ event: 'account_deleted', customerId }, 'Compte supprimé');
}
