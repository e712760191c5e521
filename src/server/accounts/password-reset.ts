import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { forgotPasswordForm, MY_ACCOUNT_MESSAGES, newPasswordForm } from '@/lib/contracts/accounts';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { consumeRateLimits } from '../http/rate-limit';
import { defineJob } from '../jobs/definitions';
import { jobInsert } from '../jobs/queue';
import { nudgeJobRunner } from '../jobs/runner';
import { logger } from '../log';
import { queuePasswordResetEmail } from './emails';
import { AccountFormError, assertForm, assertNewPasswordForm } from './form-error';
import { hashPassword } from './passwords';
import { normalizeEmail, type RequestContext } from './request-context';
import { endSessions } from './sessions';
import { LIMITS, subjectOf, throwIfRefused } from './throttle';
import { consumeToken, issueToken, revokeTokens } from './tokens';

/** The answer to "Mot de passe oublié ?", the same whether or not the address has an account (ASVS 6.3.8). */
export const RESET_REQUESTED_MESSAGE =
  'Si un compte existe avec cette adresse, un e-mail vient de lui être envoyé avec un lien pour choisir un nouveau mot de passe. Ce lien est valable une heure.';
export const INVALID_RESET_LINK_MESSAGE = MY_ACCOUNT_MESSAGES.invalid_reset_link;
export const PASSWORD_RESET_DONE_MESSAGE =
  'Votre mot de passe est modifié. Tous vos appareils ont été déconnectés : connectez-vous avec le nouveau mot de passe.';

/**
 * "Mot de passe oublié ?": answers after the same work whether or not the address has an account (ASVS 6.3.8: its
 * answer and its time tell nothing). The request only counts its limits and queues a job for the address, in one
 * statement; the job looks the account up and, if there is one, e-mails it a reset link. Rate-limited per client
 * address and per address asked for (no mail bombing).
 */
export async function requestPasswordReset(db: Db, email: string, context: RequestContext): Promise<void> {
  assertForm(forgotPasswordForm, { email });
  const normalized = normalizeEmail(email);
  const { states, rows } = await consumeRateLimits(
    db,
    [
      { rule: LIMITS.resetAddress, subject: context.address },
      { rule: LIMITS.resetEmail, subject: subjectOf(normalized) },
    ],
    (allowed) =>
      jobInsert(passwordResetJob, { email: normalized }, sql`(select where ${allowed}) as permitted`),
  );
  throwIfRefused(states);
  if (rows.length > 0) nudgeJobRunner();
}

/**
 * Sends a reset link to an address that has an account, nothing to one that has none. A new link replaces the
 * previous ones; the token and its e-mail are committed together.
 */
async function sendPasswordResetLink(db: Db, email: string): Promise<void> {
  const customerId = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // The account's row locked: two requests' jobs running at once issue one link after the other, the later
    // replacing the earlier.
    const [customer] = await tx
      .select({ id: customers.id, firstname: customers.firstname })
      .from(customers)
      .where(eq(customers.email, email))
      .for('update');
    if (!customer) return null;
    await revokeTokens(txDb, 'password_reset', customer.id);
    const { token } = await issueToken(txDb, 'password_reset', email, customer.id);
    await queuePasswordResetEmail(txDb, email, customer.firstname, token);
    return customer.id;
  });
  if (customerId !== null) {
    logger.info({ event: 'password_reset_requested', customerId }, 'Réinitialisation demandée');
  }
}

/** The work of a reset request, done by the job runner so that the request's time tells nothing. */
export const passwordResetJob = defineJob({
  kind: 'accounts.password-reset',
  payload: z.object({ email: z.string().min(3).max(254) }),
  maxAttempts: 10,
  run: async ({ email }, { db }) => sendPasswordResetLink(db, email),
});

/**
 * Sets a new password with a reset link: the token is used once, within its hour; every session of the account
 * ends (whoever knew the old password is logged out) and the address counts as confirmed (the link reached it).
 */
export async function resetPassword(
  db: Db,
  token: string,
  input: { password: string; confirmed: string },
  context: RequestContext,
): Promise<void> {
  const { states } = await consumeRateLimits(db, [
    { rule: LIMITS.resetUseAddress, subject: context.address },
  ]);
  throwIfRefused(states);
  assertNewPasswordForm(newPasswordForm, input);
  const passwordHash = await hashPassword(input.password);
  const customerId = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const used = await consumeToken(txDb, 'password_reset', token);
    if (!used?.customerId) return null;
    await tx
      .update(customers)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${customers.emailConfirmedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, used.customerId));
    await endSessions(txDb, used.customerId);
    return used.customerId;
  });
  if (customerId === null) throw new AccountFormError('invalid_reset_link');
  logger.info({ event: 'password_reset', customerId }, 'Mot de passe réinitialisé');
}
