'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { PATHS } from '@/lib/constants';
import type { MyAccountCode } from '@/lib/contracts/accounts';
import { formCodeOf } from '@/server/accounts/form-error';
import { requestPasswordReset, resetPassword } from '@/server/accounts/password-reset';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import type { ResetSuccess } from './reset-outcomes';

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** "Mot de passe oublié ?": the same answer for every valid address; back to the page with its outcome. */
export async function requestPasswordResetAction(form: FormData): Promise<void> {
  let outcome: ResetSuccess | MyAccountCode;
  try {
    await requestPasswordReset(await getDb(), text(form, 'email'), contextFromHeaders(await headers()));
    outcome = 'envoye';
  } catch (error) {
    outcome = formCodeOf(error);
  }
  redirect(`${PATHS.forgotPassword}?etat=${outcome}`);
}

/** The new password of a reset link; on success the reader is asked to log in with it. */
export async function resetPasswordAction(form: FormData): Promise<void> {
  const token = text(form, 'jeton');
  let target: string;
  try {
    await resetPassword(
      await getDb(),
      token,
      { password: text(form, 'password'), confirmed: text(form, 'confirmed') },
      contextFromHeaders(await headers()),
    );
    target = `${PATHS.resetPassword}?etat=modifie`;
  } catch (error) {
    const query = new URLSearchParams({ jeton: token, etat: formCodeOf(error) });
    target = `${PATHS.resetPassword}?${query}`;
  }
  redirect(target);
}
