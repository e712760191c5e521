'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { capMessage, WEB_FORM_ERROR_MESSAGE } from '@/lib/validation';
import { type Authenticated, authenticate } from '@/server/accounts/login';
import { registerCustomer } from '@/server/accounts/registration';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { SESSION_COOKIE } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { toAppError } from '@/server/http/errors';

/** What the login and registration forms show after a submission without JavaScript. */
export type AuthActionState = { status: 'idle' } | { status: 'error'; message: string };

/** The page the form was posted from (same site only), where the reader is sent back. */
async function backPath(): Promise<string> {
  const requestHeaders = await headers();
  const referer = requestHeaders.get('referer');
  const host = requestHeaders.get('host');
  if (!referer || !host) return '/';
  try {
    const url = new URL(referer);
    return url.host === host ? `${url.pathname}${url.search}` : '/';
  } catch {
    return '/';
  }
}

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
 * 'Se connecter' without JavaScript: on success the session cookie is set and the reader goes back to the page
 * (logged in); otherwise the page comes back with the server's message.
 */
export async function loginAction(_previous: AuthActionState, form: FormData): Promise<AuthActionState> {
  let session: Authenticated;
  try {
    const context = contextFromHeaders(await headers());
    session = await authenticate(await getDb(), text(form, 'email'), text(form, 'password'), context);
  } catch (error) {
    return { status: 'error', message: capMessage(toAppError(error).message) };
  }
  await openSession(session);
  redirect(await backPath());
}

/**
 * 'Créer un compte' without JavaScript: the same web form rules as POST /api/eshop/webFormResult; a created
 * account is logged in at once and the reader goes back to the page; otherwise the first error is shown.
 */
export async function registerAction(_previous: AuthActionState, form: FormData): Promise<AuthActionState> {
  let session: Authenticated;
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
    if (!outcome.success) {
      return { status: 'error', message: capMessage(outcome.errors[0]?.message ?? WEB_FORM_ERROR_MESSAGE) };
    }
    session = await authenticate(db, text(form, 'email'), text(form, 'password').trim(), context);
  } catch (error) {
    return { status: 'error', message: capMessage(toAppError(error).message || WEB_FORM_ERROR_MESSAGE) };
  }
  await openSession(session);
  redirect(await backPath());
}
