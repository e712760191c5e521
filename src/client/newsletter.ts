/**
 * Browser side of the newsletter calls, with the messages of spec sections 4 and 8 word for word.
 */
import 'client-only';

import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ALREADY_STATUS,
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUBSCRIBED_STATUS,
  NEWSLETTER_SUCCESS_MESSAGE,
  UNSUBSCRIBE_DONE_MESSAGE,
} from '@/lib/contracts/newsletter';
import { emailError, requiredError } from '@/lib/validation';
import { apiFetch, discardBody } from './http';

export type SubscriptionOutcome = { status: 'success' | 'already' | 'error'; message: string };
export type UnsubscribeOutcome = { ok: boolean; message: string };

/**
 * Subscribes an address. The address is checked first: an invalid one is not sent and its validation message
 * is the outcome. Then 200 is a success, 209 means already subscribed, anything else is an error.
 */
export async function subscribeNewsletter(email: string): Promise<SubscriptionOutcome> {
  const invalid = requiredError(email) ?? emailError(email);
  if (invalid) return { status: 'error', message: invalid };
  try {
    const response = await apiFetch('/contentAlert/subscription', {
      form: { email: email.trim(), isSubscribing: 'true' },
      key: 'newsletter:subscription',
    });
    await discardBody(response);
    if (response.status === NEWSLETTER_SUBSCRIBED_STATUS) {
      return { status: 'success', message: NEWSLETTER_SUCCESS_MESSAGE };
    }
    if (response.status === NEWSLETTER_ALREADY_STATUS) {
      return { status: 'already', message: NEWSLETTER_ALREADY_MESSAGE };
    }
  } catch (error) {
    console.error(NEWSLETTER_ERROR_MESSAGE, error);
  }
  return { status: 'error', message: NEWSLETTER_ERROR_MESSAGE };
}

/**
 * Unsubscribes an address (with the signed token of our e-mails' links; without it the server e-mails that link
 * and its text says so): 200 shows the server's text, 204 the fixed confirmation; an error answer shows the
 * generic message followed by the server's text, a network failure the generic message alone.
 */
export async function unsubscribeNewsletter(email: string, token?: string): Promise<UnsubscribeOutcome> {
  let response: Response;
  try {
    response = await apiFetch('/contentAlert/unsubscribe', {
      form: { email: email.trim(), ...(token ? { token } : {}) },
      key: 'newsletter:unsubscribe',
    });
  } catch (error) {
    console.error(NEWSLETTER_ERROR_MESSAGE, error);
    return { ok: false, message: NEWSLETTER_ERROR_MESSAGE };
  }
  if (response.status === 204) return { ok: true, message: UNSUBSCRIBE_DONE_MESSAGE };
  const text = await serverText(response);
  if (response.status === 200) return { ok: true, message: text || UNSUBSCRIBE_DONE_MESSAGE };
  return { ok: false, message: text ? `${NEWSLETTER_ERROR_MESSAGE} ${text}` : NEWSLETTER_ERROR_MESSAGE };
}

/** The server's text: a plain text body, or the message of a JSON answer (`{message}` or `{error:{message}}`). */
async function serverText(response: Response): Promise<string> {
  const raw = (await response.text().catch(() => '')).trim();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return raw;
  try {
    const body = JSON.parse(raw) as { message?: unknown; error?: { message?: unknown } } | string;
    if (typeof body === 'string') return body;
    const message = body.message ?? body.error?.message;
    return typeof message === 'string' ? message : '';
  } catch {
    return raw;
  }
}
