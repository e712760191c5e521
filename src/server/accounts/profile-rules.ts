import 'server-only';
import {
  ACCOUNT_FORM_MESSAGES,
  type AccountFormCode,
  formErrors,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  type ProfileForm,
  profileForm,
  type WebFormError,
} from '@/lib/contracts/accounts';
import { capMessage, normalizePassword } from '@/lib/validation';
import type { Db } from '../db/client';
import { isCommonPassword } from './passwords';
import { CIVILITIES, functionChoices, selectableFunctions } from './registration-form';

/**
 * The rules of an account's profile and password beyond the forms' schemas (they need the server's data): shared
 * by registration and Mon compte.
 */

/** A refused field: its message for the API answer, its code for the no-JavaScript form. */
export type RegistrationError = WebFormError & { code: AccountFormCode };

/** The profile fields of an account (registration, and Mon compte's profile). */
export type ProfileInput = { civility?: string; lastname?: string; firstname?: string; function?: string };

/** Control characters and angle brackets have no place in a name (they only serve markup injection). */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}<>]/u;

/** The refused fields in form order, each with its code and message. */
export function fieldErrors(
  fields: readonly string[],
  errors: Partial<Record<string, AccountFormCode>>,
): RegistrationError[] {
  return fields.flatMap((field) => {
    const code = errors[field];
    return code ? [{ field, code, message: capMessage(ACCOUNT_FORM_MESSAGES[code]) }] : [];
  });
}

/**
 * The rules of the profile fields beyond "required": civility codes, name length and characters, the job list.
 * Adds a code to `errors` for each field that has none yet.
 */
export async function checkProfileRules(
  db: Db,
  input: ProfileInput,
  errors: Partial<Record<string, AccountFormCode>>,
): Promise<void> {
  const civility = (input.civility ?? '').trim();
  if (!errors.civility && !CIVILITIES.some((option) => String(option.value) === civility)) {
    errors.civility = 'invalid_civility';
  }
  for (const field of ['lastname', 'firstname'] as const) {
    const value = (input[field] ?? '').trim();
    if (errors[field]) continue;
    if (value.length > NAME_MAX_LENGTH) errors[field] = 'name_too_long';
    else if (FORBIDDEN_NAME_CHARACTERS.test(value)) errors[field] = 'name_characters';
  }
  if (!errors.function && !selectableFunctions(await functionChoices(db)).has(input.function ?? '')) {
    errors.function = 'invalid_function';
  }
}

/** The checks of a profile update: every field required, then the rules of registration. */
export async function validateProfile(db: Db, input: ProfileInput): Promise<RegistrationError[]> {
  const fields = ['civility', 'lastname', 'firstname', 'function'] as const;
  const values = Object.fromEntries(fields.map((field) => [field, input[field] ?? ''])) as ProfileForm;
  const errors: Partial<Record<string, AccountFormCode>> = Object.fromEntries(
    Object.entries(formErrors(profileForm, values)).flatMap(([field, error]) =>
      error ? [[field, error.code]] : [],
    ),
  );
  await checkProfileRules(db, input, errors);
  return fieldErrors(fields, errors);
}

/**
 * The server's own rules for a new password, after the spec's (length, classes): not too long to hash, not
 * a common password. Null when it passes.
 */
export function newPasswordRuleCode(password: string): AccountFormCode | null {
  if (normalizePassword(password).length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  if (isCommonPassword(password)) return 'common_password';
  return null;
}
