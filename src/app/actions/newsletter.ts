'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { emailError, requiredError } from '@/lib/validation';
import { contextFromHeaders } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { logger } from '@/server/log';
import { subscribe } from '@/server/newsletter/subscriptions';
import { backPath } from './outcomes';

/**
 * The newsletter block's form without JavaScript: the same rules as the browser path (the address is checked
 * first and nothing is subscribed when it is invalid), then back to the page at the anchor of the outcome, whose
 * message the block holds (spec section 8).
 */
export async function subscribeNewsletterFormAction(form: FormData): Promise<void> {
  const back = await backPath();
  const email = String(form.get('email') ?? '');
  if (requiredError(email) ?? emailError(email)) redirect(`${back}#newsletter-invalide`);
  let outcome: string;
  try {
    const status = await subscribe(await getDb(), email, contextFromHeaders(await headers()));
    outcome = status === 'subscribed' ? 'newsletter-merci' : 'newsletter-deja-inscrit';
  } catch (error) {
    logger.warn({ err: error }, 'Inscription à la newsletter refusée');
    outcome = 'newsletter-erreur';
  }
  redirect(`${back}#${outcome}`);
}
