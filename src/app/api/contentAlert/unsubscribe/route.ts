// POST /api/contentAlert/unsubscribe
import { z } from 'zod';
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { NO_CACHE_HEADERS } from '@/server/http/responses';
import {
  UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE,
  UNSUBSCRIBE_MESSAGE,
  unsubscribe,
} from '@/server/newsletter/subscriptions';

/** `token`: the signed token of our e-mails' links; without a valid one a confirmation link is e-mailed instead. */
const body = z.object({ email: z.string().max(1000), token: z.string().max(200).optional() });

/**
 * Unsubscription: 200 with a text, the same for any valid address, subscribed or not. With a valid signed token
 * the address is unsubscribed; without one the address is e-mailed a link, and the text says so.
 */
export const POST = apiRoute(async (request) => {
  const { email, token } = await parseBody(request, body);
  const outcome = await unsubscribe(await getDb(), email, requestContext(request), token);
  const text = outcome === 'unsubscribed' ? UNSUBSCRIBE_MESSAGE : UNSUBSCRIBE_CONFIRMATION_SENT_MESSAGE;
  return new Response(text, {
    headers: { ...NO_CACHE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
