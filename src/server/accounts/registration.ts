import 'server-only';
import {
  ACCOUNT_FORM_MESSAGES,
  type AccountFormCode,
  formErrors,
  type RegistrationResult,
  registrationForm,
} from '@/lib/contracts/accounts';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { logger } from '../log';
import { sendAccountConfirmation } from './confirmations';
import { hashPassword } from './passwords';
import { checkProfileRules, fieldErrors, newPasswordRuleCode, type RegistrationError } from './profile-rules';
import { assertKnownWebForm, REGISTRATION_FIELD_CODES } from './registration-form';
import { normalizeEmail, type RequestContext } from './request-context';
import { hit, LIMITS, registerAddressLimit, subjectOf } from './throttle';

/** Registration values as the web form sends them; `optin` is 'O' or 'N' (empty or absent means 'N'). */

export type RegistrationInput = {
  civility?: string;
  lastname?: string;
  firstname?: string;
  email?: string;
  password?: string;
  /** Checked when given (the browser form always sends it; the shop's call has no such field). */
  confirmed?: string;
  function?: string;
  optin?: string;
};

export type RegistrationOutcome =
  | { success: true; result: RegistrationResult; errors: [] }
  | { success: false; result: null; errors: RegistrationError[]; reason: 'invalid' | 'duplicate' };

/**
 * Creates a customer from the registration form, enforcing every rule of spec section 5 plus the civility
 * codes, the job list, lengths and the common-password list. The link confirming the address is e-mailed in the
 * same transaction; with optin 'O' the newsletter starts when that link is followed (double opt-in).
 * Rate-limited per client address and per e-mail (429). A registered
 * address gives success false; the password is hashed in every case so the answer time tells nothing more.
 */
export async function registerCustomer(
  db: Db,
  input: RegistrationInput,
  context: RequestContext,
  webFormId?: number,
): Promise<RegistrationOutcome> {
  if (webFormId !== undefined) assertKnownWebForm(webFormId);
  await hit(db, registerAddressLimit(), context.address);
  const errors = await validate(db, input);
  if (errors.length > 0) return { success: false, result: null, errors, reason: 'invalid' };

  const email = normalizeEmail(input.email ?? '');
  await hit(db, LIMITS.registerEmail, subjectOf(email));
  const optin = input.optin === 'O';
  const passwordHash = await hashPassword(input.password ?? '');
  const created = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(customers)
      .values({
        email,
        passwordHash,
        civility: Number(input.civility),
        firstname: (input.firstname ?? '').trim(),
        lastname: (input.lastname ?? '').trim(),
        function: input.function ?? '',
        optin,
      })
      .onConflictDoNothing({ target: customers.email })
      .returning({ id: customers.id, firstname: customers.firstname, lastname: customers.lastname });
    const row = rows[0];
    // The address is confirmed by a link e-mailed with the account; the newsletter starts with that click.
    if (row) await sendAccountConfirmation(tx as unknown as Db, { ...row, email }, optin);
    return row;
  });
  if (!created) {
    return {
      success: false,
      result: null,
      errors: [{ field: 'email', code: 'duplicate_email', message: ACCOUNT_FORM_MESSAGES.duplicate_email }],
      reason: 'duplicate',
    };
  }
  logger.info({ event: 'registration', customerId: created.id, optin }, 'Inscription');
  return {
    success: true,
    result: { email, firstname: created.firstname, lastname: created.lastname, optin },
    errors: [],
  };
}

async function validate(db: Db, input: RegistrationInput): Promise<RegistrationError[]> {
  const text = (value: string | undefined) => value ?? '';
  const password = text(input.password);
  const checks = formErrors(registrationForm, {
    civility: text(input.civility),
    lastname: text(input.lastname),
    firstname: text(input.firstname),
    email: text(input.email),
    password,
    // An absent confirmation (the shop's own call) is not compared; a sent one must match.
    confirmed: input.confirmed ?? password,
    function: text(input.function),
    optin: input.optin === 'O',
  });
  const errors: Partial<Record<string, AccountFormCode>> = Object.fromEntries(
    Object.entries(checks).flatMap(([field, error]) => (error ? [[field, error.code]] : [])),
  );
  if (input.confirmed === undefined) delete errors.confirmed;
  await checkProfileRules(db, input, errors);
  if (!errors.password) errors.password = newPasswordRuleCode(password) ?? undefined;
  if (input.optin !== undefined && !['O', 'N', ''].includes(input.optin)) errors.optin = 'invalid_optin';
  return fieldErrors(REGISTRATION_FIELD_CODES, errors);
}
