'use server';

import { headers } from 'next/headers';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ERROR_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  type SubscriptionOutcome,
} from '@/client/newsletter';
import { capMessage, emailError, requiredError } from '@/lib/validation';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/log';
import { subscribe } from '@/server/newsletter/subscriptions';

/** What the newsletter block shows after a submission without JavaScript: nothing yet, or an outcome. */
export type NewsletterActionState = { status: 'idle' } | SubscriptionOutcome;

/**
 * The newsletter block's form without JavaScript: the same rules as the browser path (the address is checked
 * first, then subscribed; already subscribed and errors have their messages of spec section 8), rendered back
 * into the page that posted it.
 */
export async function subscribeNewsletterAction(
  _previous: NewsletterActionState,
  form: FormData,
): Promise<NewsletterActionState> {
  const email = String(form.get('email') ?? '');
  const invalid = requiredError(email) ?? emailError(email);
  if (invalid) return { status: 'error', message: capMessage(invalid) };
  try {
    const status = await subscribe(await getDb(), email, contextFromHeaders(await headers()));
    return status === 'subscribed'
      ? { status: 'success', message: NEWSLETTER_SUCCESS_MESSAGE }
      : { status: 'already', message: NEWSLETTER_ALREADY_MESSAGE };
  } catch (error) {
    logger.warn({ err: error }, 'Inscription à la newsletter refusée');
    return { status: 'error', message: NEWSLETTER_ERROR_MESSAGE };
  }
}
