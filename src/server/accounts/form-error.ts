import 'server-only';
import type * as z from 'zod/mini';
import {
  type FormFieldError,
  formErrors,
  MY_ACCOUNT_MESSAGES,
  type MyAccountCode,
} from '@/lib/contracts/accounts';
import { AppError, type ErrorCode } from '../http/errors';
import { newPasswordRuleCode } from './profile-rules';

/**
 * A refusal of a Mon compte or password reset form: an AppError (its message and status for any caller) that also
 * carries its outcome code, which the form's server action sends back to the page (decision 009: outcomes
 * travel as codes, never matched by their text).
 */
export class AccountFormError extends AppError {
  constructor(
    readonly formCode: MyAccountCode,
    kind: ErrorCode = 'bad_request',
  ) {
    super(kind, MY_ACCOUNT_MESSAGES[formCode]);
    this.name = 'AccountFormError';
  }
}

/** Throws the first refusal of `values` by a form's schema (in field order); nothing when they pass. */
export function assertForm<Values extends object>(schema: z.ZodMiniType<Values>, values: Values): void {
  const errors: Partial<Record<string, FormFieldError>> = formErrors(schema, values);
  const first = Object.values(errors).find((error) => error !== undefined);
  if (first) throw new AccountFormError(first.code);
}

/** A form holding a new password: its schema, then the server's own rules (length to hash, common passwords). */
export function assertNewPasswordForm<Values extends { password: string }>(
  schema: z.ZodMiniType<Values>,
  values: Values,
): void {
  assertForm(schema, values);
  const rule = newPasswordRuleCode(values.password);
  if (rule) throw new AccountFormError(rule);
}

/** The outcome code of an error a form ended with: its own code, a rate limit, or the generic error. */
export function formCodeOf(error: unknown): MyAccountCode {
  if (error instanceof AccountFormError) return error.formCode;
  if (error instanceof AppError && error.code === 'rate_limited') return 'rate_limited';
  return 'form_error';
}
