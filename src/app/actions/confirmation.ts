'use server';

import { redirect } from 'next/navigation';
import { PATHS } from '@/lib/constants';
import {
  confirmAccountEmail,
  confirmEmailChange,
  EMAIL_TAKEN_MESSAGE,
} from '@/server/accounts/confirmations';
import { getDb } from '@/server/db/client';
import { toAppError } from '@/server/http/errors';
import { logger } from '@/server/log';
import { confirmNewsletterSubscription } from '@/server/newsletter/subscriptions';

/**
 * The click of a confirmation page (never its GET: a mail scanner following the link must confirm nothing).
 * Back to the page with `etat=ok`, `ok-newsletter` or `invalide`.
 */
export async function confirmAction(form: FormData): Promise<void> {
  const type = String(form.get('type') ?? '');
  const token = String(form.get('jeton') ?? '');
  let state = 'invalide';
  try {
    const db = await getDb();
    if (type === 'compte') state = (await confirmAccountEmail(db, token)).newsletter ? 'ok-newsletter' : 'ok';
    else if (type === 'adresse')
      state = (await confirmEmailChange(db, token)).newsletter ? 'ok-newsletter' : 'ok';
    else if (type === 'newsletter') {
      await confirmNewsletterSubscription(db, token);
      state = 'ok';
    }
  } catch (error) {
    const appError = toAppError(error);
    if (appError.status >= 500) logger.error({ err: error, type }, 'Confirmation en échec');
    state = appError.message === EMAIL_TAKEN_MESSAGE ? 'adresse-prise' : 'invalide';
  }
  redirect(`${PATHS.confirmation}?${new URLSearchParams({ type, etat: state })}`);
}
