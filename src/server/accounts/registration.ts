import 'server-only';
import { z } from 'zod';
import type { RegistrationResult } from '@/client/accounts';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import {
  ACCOUNT_FORM_MESSAGES,
  type AccountFormCode,
  formErrors,
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
export type { ProfileInput, RegistrationError } from './profile-rules';

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

/** One value of the web form: scalars are taken as text (JSON clients may send civility as a number). */
const fieldValue = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/**
 * The body of POST /api/eshop/webFormResult: the form id (`webFormId`, or `formId`; absent means the
 * registration form, the only one) and a list of {code, value} (`fields`, or `values`), JSON or form-encoded
 * with the list as JSON, or the same values as flat fields. Unknown codes are ignored.
 */
export const webFormBodySchema = z.preprocess(
  flattenFields,
  z.object({
    webFormId: z.coerce
      .number({ error: 'Identifiant de formulaire invalide.' })
      .int()
      .positive()
      .default(REGISTRATION_FORM_ID),
    /** Set by flattenFields only when the list could not be read. */
    fields: z.undefined({ error: 'La liste des champs doit être une liste de {code, value}.' }).optional(),
    ...Object.fromEntries(REGISTRATION_FIELD_CODES.map((code) => [code, fieldValue.optional()])),
  }),
) as z.ZodType<{ webFormId: number } & RegistrationInput>;

function flattenFields(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const { fields, values, formId, ...rest } = raw as Record<string, unknown>;
  const flat: Record<string, unknown> = { ...rest };
  if (flat.webFormId === undefined && formId !== undefined) flat.webFormId = formId;
  let list = fields ?? values;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      return { ...flat, fields: list };
    }
  }
  if (list === undefined) return flat;
  // A list that is not one: left for the schema to refuse with a 400 rather than silently ignored.
  if (!Array.isArray(list)) return { ...flat, fields: list };
  for (const entry of list) {
    if (entry && typeof entry === 'object' && typeof (entry as { code?: unknown }).code === 'string') {
      const { code, value } = entry as { code: string; value?: unknown };
      if ((REGISTRATION_FIELD_CODES as readonly string[]).includes(code) && !(code in flat))
        flat[code] = value;
    }
  }
  return flat;
}

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
