// POST /mon-compte/alertes/arret/un-clic?client=…&token=…: the one-click stop of an alert digest's
// List-Unsubscribe-Post header (RFC 8058), sent by mail clients without a browser origin: the signed token
// authorises it.
import { verifyAlertsUnsubscribeToken } from '@/server/accounts/alert-digests';
import { stopAlerts } from '@/server/accounts/alerts';
import { getDb } from '@/server/db/client';

export const dynamic = 'force-dynamic';

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

export async function POST(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams;
  const customerId = Number(query.get('client'));
  if (!Number.isSafeInteger(customerId) || !verifyAlertsUnsubscribeToken(customerId, query.get('token'))) {
    return new Response('Lien de désinscription invalide.', { status: 403, headers: TEXT });
  }
  const form = await request.formData().catch(() => null);
  if (form?.get('List-Unsubscribe') !== 'One-Click') {
    return new Response('Corps attendu : List-Unsubscribe=One-Click', { status: 400, headers: TEXT });
  }
  await stopAlerts(await getDb(), customerId);
  return new Response('Vos alertes sont arrêtées.', { headers: TEXT });
}
