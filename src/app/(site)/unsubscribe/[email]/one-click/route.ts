// POST /unsubscribe/{email}/one-click?token=…: the one-click unsubscription of the List-Unsubscribe-Post header
// (RFC 8058), sent by mail clients without a browser origin, so it is authorised by the signed token instead.
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { unsubscribe } from '@/server/newsletter/subscriptions';
import {
  campaignOfLink,
  UNSUBSCRIBE_CAMPAIGN_PARAM,
  verifyUnsubscribeToken,
} from '@/server/newsletter/unsubscribe-token';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ email: string }> };

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

export async function POST(request: Request, context: Context): Promise<Response> {
  const email = decodeURIComponent((await context.params).email);
  if (!verifyUnsubscribeToken(email, new URL(request.url).searchParams.get('token'))) {
    return new Response('Lien de désinscription invalide.', { status: 403, headers: TEXT });
  }
  const form = await request.formData().catch(() => null);
  if (form?.get('List-Unsubscribe') !== 'One-Click') {
    return new Response('Corps attendu : List-Unsubscribe=One-Click', { status: 400, headers: TEXT });
  }
  const query = new URL(request.url).searchParams;
  await unsubscribe(
    await getDb(),
    email,
    requestContext(request),
    query.get('token'),
    campaignOfLink(query.get(UNSUBSCRIBE_CAMPAIGN_PARAM)),
  );
  return new Response('Votre désinscription a bien été prise en compte.', { headers: TEXT });
}

/** A link scanner or a browser following the address lands on the page, which asks nothing more of it. */
export async function GET(request: Request, context: Context): Promise<Response> {
  const { email } = await context.params;
  const page = new URL(`/unsubscribe/${email}`, request.url);
  page.search = new URL(request.url).search;
  return Response.redirect(page, 303);
}
