import 'server-only';
import { z } from 'zod';
import type { RegistrationResult, WebFormError } from '@/client/accounts';
import { REGISTRATION_FORM_ID } from '@/lib/constants';
import { capMessage, normalizePassword, requiredError, validateRegistration } from '@/lib/validation';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { logger } from '../log';
import { sendAccountConfirmation } from './confirmations';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_TOO_LONG_MESSAGE,
} from './passwords';
import {
  assertKnownWebForm,
  CIVILITIES,
  functionChoices,
  NAME_MAX_LENGTH,
  REGISTRATION_FIELD_CODES,
  selectableFunctions,
} from './registration-form';
import { normalizeEmail, type RequestContext } from './request-context';
import { hit, LIMITS, subjectOf } from './throttle';

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
  | { success: false; result: null; errors: WebFormError[]; reason: 'invalid' | 'duplicate' };

export const INVALID_CIVILITY_MESSAGE = 'Veuillez choisir une civilité de la liste.';
export const INVALID_FUNCTION_MESSAGE = 'Veuillez choisir une fonction de la liste.';
export const INVALID_OPTIN_MESSAGE = "Le choix d'inscription à la newsletter doit valoir O ou N.";
export const NAME_TOO_LONG_MESSAGE = `Ce champ ne peut pas dépasser ${NAME_MAX_LENGTH} caractères.`;
export const NAME_CHARACTERS_MESSAGE = 'Ce champ contient des caractères non autorisés.';
/**
 * A registered address: said plainly (the reader must know why no account was made) while pointing to login
 * and password recovery rather than confirming anything else (docs/API-accounts.md).
 */
export const DUPLICATE_EMAIL_MESSAGE =
  'Un compte existe peut-être déjà avec cette adresse e-mail : connectez-vous ou utilisez « Mot de passe oublié ».';

/** Control characters and angle brackets have no place in a name (they only serve markup injection). */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}<>]/u;

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
 * same transaction; with optin 'O' the newsletter starts when that link is followed (double opt-in). Rate-limited per client address and per e-mail (429). A registered
 * address gives success false; the password is hashed in every case so the answer time tells nothing more.
 */
export async function registerCustomer(
  db: Db,
  input: RegistrationInput,
  context: RequestContext,
  webFormId?: number,
): Promise<RegistrationOutcome> {
  if (webFormId !== undefined) assertKnownWebForm(webFormId);
  await hit(db, LIMITS.registerAddress, context.address);
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
      errors: [{ field: 'email', message: DUPLICATE_EMAIL_MESSAGE }],
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

async function validate(db: Db, input: RegistrationInput): Promise<WebFormError[]> {
  const text = (value: string | undefined) => value ?? '';
  const password = text(input.password);
  const checks = validateRegistration({
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
  const errors: Record<string, string | undefined> = { ...checks };
  if (input.confirmed === undefined) errors.confirmed = undefined;
  await checkProfileRules(db, input, errors);
  if (!errors.password) errors.password = newPasswordRuleError(password) ?? undefined;
  if (input.optin !== undefined && !['O', 'N', ''].includes(input.optin))
    errors.optin = INVALID_OPTIN_MESSAGE;
  return REGISTRATION_FIELD_CODES.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message: capMessage(message) }] : [];
  });
}

/** The profile fields of an account (registration, and Mon compte's profile). */
export type ProfileInput = Pick<RegistrationInput, 'civility' | 'lastname' | 'firstname' | 'function'>;

/**
 * The rules of the profile fields beyond "required": civility codes, name length and characters, the job list.
 * Adds a message to `errors` for each field that has none yet.
 */
async function checkProfileRules(
  db: Db,
  input: ProfileInput,
  errors: Record<string, string | undefined>,
): Promise<void> {
  const civility = (input.civility ?? '').trim();
  if (!errors.civility && !CIVILITIES.some((option) => String(option.value) === civility)) {
    errors.civility = INVALID_CIVILITY_MESSAGE;
  }
  for (const field of ['lastname', 'firstname'] as const) {
    const value = (input[field] ?? '').trim();
    if (errors[field]) continue;
    if (value.length > NAME_MAX_LENGTH) errors[field] = NAME_TOO_LONG_MESSAGE;
    else if (FORBIDDEN_NAME_CHARACTERS.test(value)) errors[field] = NAME_CHARACTERS_MESSAGE;
  }
  if (!errors.function && !selectableFunctions(await functionChoices(db)).has(input.function ?? '')) {
    errors.function = INVALID_FUNCTION_MESSAGE;
  }
}

/** The checks of a profile update: every field required, then the rules of registration. */
export async function validateProfile(db: Db, input: ProfileInput): Promise<WebFormError[]> {
  const fields = ['civility', 'lastname', 'firstname', 'function'] as const;
  const errors: Record<string, string | undefined> = Object.fromEntries(
    fields.map((field) => [field, requiredError(input[field]) ?? undefined]),
  );
  await checkProfileRules(db, input, errors);
  return fields.flatMap((field) => {
    const message = errors[field];
    return message ? [{ field, message: capMessage(message) }] : [];
  });
}

/**
 * The server's own rules for a new password, after the spec's (length, classes): not too long to hash, not
 * a common password. Null when it passes.
 */
export function newPasswordRuleError(password: string): string | null {
  if (normalizePassword(password).length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}
