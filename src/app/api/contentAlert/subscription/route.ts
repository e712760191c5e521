// POST /api/contentAlert/subscription
import { z } from 'zod';
import { NEWSLETTER_ALREADY_MESSAGE, NEWSLETTER_SUCCESS_MESSAGE } from '@/lib/contracts/newsletter';
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { jsonResponse } from '@/server/http/responses';
import { subscribe } from '@/server/newsletter/subscriptions';

const body = z.object({
  email: z.string().max(1000),
  /** The newsletter block sends true; false is not a way to unsubscribe (that is /contentAlert/unsubscribe). */
  isSubscribing: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.union([z.literal(true), z.enum(['true', '1', 'on'])], { error: 'isSubscribing doit valoir true.' }),
    )
    .optional(),
});

/** Newsletter subscription: 200 subscribed, 209 already subscribed, 400 invalid address, 429 too many. */
export const POST = apiRoute(async (request) => {
  const { email } = await parseBody(request, body);
  const status = await subscribe(await getDb(), email, requestContext(request));
  return status === 'subscribed'
    ? jsonResponse({ status, message: NEWSLETTER_SUCCESS_MESSAGE })
    : jsonResponse({ status, message: NEWSLETTER_ALREADY_MESSAGE }, { status: 209 });
});
