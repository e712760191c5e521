'use server';

import { redirect } from 'next/navigation';
import { PATHS } from '@/lib/constants';
import { verifyAlertsUnsubscribeToken } from '@/server/accounts/alert-digests';
import { stopAlerts } from '@/server/accounts/alerts';
import { getDb } from '@/server/db/client';

/** The button of a digest's stop link: with a valid signed token, the account's alerts end. */
export async function stopAlertsByLinkAction(form: FormData): Promise<void> {
  const customerId = Number(form.get('client'));
  const token = String(form.get('token') ?? '');
  if (Number.isSafeInteger(customerId) && verifyAlertsUnsubscribeToken(customerId, token)) {
    await stopAlerts(await getDb(), customerId);
    redirect(`${PATHS.account}/alertes/arret?etat=arretees`);
  }
  redirect(`${PATHS.account}/alertes/arret`);
}
