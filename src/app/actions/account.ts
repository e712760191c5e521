'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SESSION_HINT_COOKIE } from '@/lib/constants';
import {
  type AccountFormCode,
  type FormFieldError,
  firstErrorCode,
  formErrors,
  type LoginForm,
  loginForm,
  type RegistrationForm,
  registrationForm,
} from '@/lib/contracts/accounts';
import { type Authenticated, authenticate } from '@/server/accounts/login';
import { registerCustomer } from '@/server/accounts/registration';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { SESSION_COOKIE } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { accountErrorCode, returnPaths } from './outcomes';

/** The HttpOnly session cookie and its readable hint, as the login call sets them (Secure, SameSite=Lax). */
async function openSession(session: Authenticated): Promise<void> {
  const jar = await cookies();
  const options = { secure: true, sameSite: 'lax', path: '/', maxAge: session.ttlSeconds } as const;
  jar.set(SESSION_COOKIE, session.token, { ...options, httpOnly: true });
  jar.set(SESSION_HINT_COOKIE, '1', options);
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/** The code of the first field error (in form order) of a form's values; null when they pass. */
function invalidCode(errors: Partial<Record<string, FormFieldError>>): AccountFormCode | null {
  return Object.values(errors).find((error) => error !== undefined)?.code ?? null;
}

/**
 * 'Se connecter' without JavaScript: the form's schema first (the browser form's own), then the login; on success
 * the session cookie is set and the reader goes back to the page the login page was opened from, logged in;
 * otherwise back to the login page with the outcome's message.
 */
export async function loginFormAction(form: FormData): Promise<void> {
  const { done, refused } = await returnPaths(form);
  const values: LoginForm = { email: text(form, 'email'), password: text(form, 'password') };
  const invalid = invalidCode(formErrors(loginForm, values));
  if (invalid) redirect(refused(invalid));
  let target = done;
  try {
    const context = contextFromHeaders(await headers());
    await openSession(
      await authenticate(await getDb(), values.email.trim(), values.password, context, {
        remember: form.get('remember') === 'on',
      }),
    );
  } catch (error) {
    target = refused(accountErrorCode(error));
  }
  redirect(target);
}

/**
 * 'Créer un compte' without JavaScript: the form's schema, then the rules of POST /api/eshop/webFormResult; a
 * created account is logged in at once and the reader goes back to the page the login page was opened from;
 * otherwise back to the login page with the first error's message.
 */
export async function registerFormAction(form: FormData): Promise<void> {
  const { done, refused } = await returnPaths(form);
  const values: RegistrationForm = {
    civility: text(form, 'civility'),
    lastname: text(form, 'lastname'),
    firstname: text(form, 'firstname'),
    email: text(form, 'email'),
    password: text(form, 'password'),
    confirmed: text(form, 'confirmed'),
    function: text(form, 'function'),
    optin: form.get('optin') !== null,
  };
  const invalid = invalidCode(formErrors(registrationForm, values));
  if (invalid) redirect(refused(invalid));
  let target = done;
  try {
    const db = await getDb();
    const context = contextFromHeaders(await headers());
    const outcome = await registerCustomer(db, { ...values, optin: values.optin ? 'O' : 'N' }, context);
    if (outcome.success) {
      await openSession(await authenticate(db, values.email.trim(), values.password.trim(), context));
    } else {
      target = refused(firstErrorCode(outcome.errors));
    }
  } catch (error) {
    target = refused(accountErrorCode(error));
  }
  redirect(target);
}
