'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { WEB_FORM_ERROR_MESSAGE } from '@/lib/validation';
import { type Authenticated, authenticate } from '@/server/accounts/login';
import { registerCustomer } from '@/server/accounts/registration';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { SESSION_COOKIE } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { toAppError } from '@/server/http/errors';
import { authMessageAnchor, backPath } from './outcomes';

/** The HttpOnly session cookie, as the login call sets it (Secure, SameSite=Lax). */
async function openSession(session: Authenticated): Promise<void> {
  (await cookies()).set(SESSION_COOKIE, session.token, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: session.ttlSeconds,
  });
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * 'Se connecter' without JavaScript: on success the session cookie is set and the reader goes back to the page,
 * logged in; otherwise back to the page at the anchor of the server's message.
 */
export async function loginFormAction(form: FormData): Promise<void> {
  const back = await backPath();
  let target = back;
  try {
    const context = contextFromHeaders(await headers());
    await openSession(
      await authenticate(await getDb(), text(form, 'email'), text(form, 'password'), context, {
        remember: form.get('remember') === 'on',
      }),
    );
  } catch (error) {
    target = `${back}#${authMessageAnchor(toAppError(error).message)}`;
  }
  redirect(target);
}

/**
 * 'Créer un compte' without JavaScript: the rules of POST /api/eshop/webFormResult; a created account is logged in
 * at once and the reader goes back to the page; otherwise back at the anchor of the first error.
 */
export async function registerFormAction(form: FormData): Promise<void> {
  const back = await backPath();
  let target = back;
  try {
    const db = await getDb();
    const context = contextFromHeaders(await headers());
    const outcome = await registerCustomer(
      db,
      {
        civility: text(form, 'civility'),
        lastname: text(form, 'lastname'),
        firstname: text(form, 'firstname'),
        email: text(form, 'email'),
        password: text(form, 'password'),
        confirmed: text(form, 'confirmed'),
        function: text(form, 'function'),
        optin: form.get('optin') ? 'O' : 'N',
      },
      context,
    );
    if (outcome.success) {
      await openSession(await authenticate(db, text(form, 'email'), text(form, 'password').trim(), context));
    } else {
      target = `${back}#${authMessageAnchor(outcome.errors[0]?.message ?? WEB_FORM_ERROR_MESSAGE)}`;
    }
  } catch (error) {
    target = `${back}#${authMessageAnchor(toAppError(error).message)}`;
  }
  redirect(target);
}
