// POST /api/contentAlert/unsubscribe
import type { UnsubscribeAnswer } from '@/lib/contracts/newsletter';
import {
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import { unsubscribeBody } from '@/lib/contracts/newsletter-query';
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { NO_CACHE_HEADERS } from '@/server/http/responses';
import { unsubscribe } from '@/server/newsletter/subscriptions';
import { campaignOfLink } from '@/server/newsletter/unsubscribe-token';

/**
 * Unsubscription: 200 with a text, the same for any valid address, subscribed or not. With a valid signed token
 * the address is unsubscribed; without one the address is e-mailed a link, and the text says so.
 */
export const POST = apiRoute(async (request) => {
  const { email, token, campaign } = await parseBody(request, unsubscribeBody);
  const outcome = await unsubscribe(
    await getDb(),
    email,
    requestContext(request),
    token,
    campaignOfLink(campaign),
  );
  const text: UnsubscribeAnswer =
    outcome === 'unsubscribed' ? UNSUBSCRIBE_MESSAGE : UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE;
  return new Response(text, {
    headers: { ...NO_CACHE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
