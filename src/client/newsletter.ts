/**
 * Browser side of the newsletter calls, with the messages of spec sections 4 and 8 word for word. Answers are
 * parsed by their contracts (src/lib/contracts/newsletter.ts): one that breaks its contract is an error.
 */
import 'client-only';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ALREADY_STATUS,
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUBSCRIBED_STATUS,
  NEWSLETTER_SUCCESS_MESSAGE,
  UNSUBSCRIBE_DONE_MESSAGE,
  UNSUBSCRIBE_NO_CONTENT_STATUS,
} from '@/lib/contracts/newsletter-messages';
import { emailError, requiredError } from '@/lib/validation';
import { apiErrorOf, apiFetch, loadZod } from './http';

/** Zod and the newsletter answers' schemas, loaded with the first answer to parse (see `SchemaLoader` in ./http). */
const loadContract = () => Promise.all([loadZod(), import('@/lib/contracts/newsletter')]);

export type SubscriptionOutcome = { status: 'success' | 'already' | 'error'; message: string };
export type UnsubscribeOutcome = { ok: boolean; message: string };

/**
 * Subscribes an address. The address is checked first: an invalid one is not sent and its validation message
 * is the outcome. Then 200 is a success, 209 means already subscribed (each with its contract's body), anything
 * else is an error.
 */
export async function subscribeNewsletter(email: string): Promise<SubscriptionOutcome> {
  const invalid = requiredError(email) ?? emailError(email);
  if (invalid) return { status: 'error', message: invalid };
  try {
    const response = await apiFetch('/contentAlert/subscription', {
      form: { email: email.trim(), isSubscribing: 'true' },
      key: 'newsletter:subscription',
    });
    // Always read: an unread body stays "loading" in Chromium's network log (./http.ts, discardBody).
    const payload: unknown = await response.json().catch(() => null);
    const [z, { alreadySubscribedAnswer, subscribedAnswer }] = await loadContract();
    if (response.status === NEWSLETTER_SUBSCRIBED_STATUS && z.safeParse(subscribedAnswer, payload).success) {
      return { status: 'success', message: NEWSLETTER_SUCCESS_MESSAGE };
    }
    if (
      response.status === NEWSLETTER_ALREADY_STATUS &&
      z.safeParse(alreadySubscribedAnswer, payload).success
    ) {
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
 * generic message followed by the server's message, a network failure the generic message alone.
 */
export async function unsubscribeNewsletter(
  email: string,
  token?: string,
  campaign?: string,
): Promise<UnsubscribeOutcome> {
  let response: Response;
  try {
    response = await apiFetch('/contentAlert/unsubscribe', {
      form: { email: email.trim(), ...(token ? { token } : {}), ...(token && campaign ? { campaign } : {}) },
      key: 'newsletter:unsubscribe',
    });
  } catch (error) {
    console.error(NEWSLETTER_ERROR_MESSAGE, error);
    return { ok: false, message: NEWSLETTER_ERROR_MESSAGE };
  }
  if (response.status === UNSUBSCRIBE_NO_CONTENT_STATUS)
    return { ok: true, message: UNSUBSCRIBE_DONE_MESSAGE };
  const text = await response.text().catch(() => '');
  if (response.status === 200) {
    const [z, { unsubscribeAnswer }] = await loadContract();
    const answer = z.safeParse(unsubscribeAnswer, text);
    if (answer.success) return { ok: true, message: answer.data };
    return { ok: false, message: NEWSLETTER_ERROR_MESSAGE };
  }
  const message = await errorText(response, text);
  return {
    ok: false,
    message: message ? `${NEWSLETTER_ERROR_MESSAGE} ${message}` : NEWSLETTER_ERROR_MESSAGE,
  };
}

/** The server's message of an error answer: the common JSON error's message, or a plain text body. */
async function errorText(response: Response, text: string): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text.trim();
  try {
    return (await apiErrorOf(JSON.parse(text)))?.message ?? '';
  } catch {
    return text.trim();
  }
}
