// POST /api/contentAlert/subscription
import type { SubscriptionAnswer } from '@/lib/contracts/newsletter';
import {
  NEWSLETTER_ALREADY_MESSAGE,
  NEWSLETTER_ALREADY_STATUS,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@/lib/contracts/newsletter-messages';
import { subscriptionBody } from '@/lib/contracts/newsletter-query';
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { jsonResponse } from '@/server/http/responses';
import { subscribe } from '@/server/newsletter/subscriptions';

/** Newsletter subscription: 200 subscribed, 209 already subscribed, 400 invalid address, 429 too many. */
export const POST = apiRoute(async (request) => {
  const { email } = await parseBody(request, subscriptionBody);
  const status = await subscribe(await getDb(), email, requestContext(request));
  if (status === 'subscribed') {
    return jsonResponse({ status, message: NEWSLETTER_SUCCESS_MESSAGE } satisfies SubscriptionAnswer);
  }
  return jsonResponse({ status, message: NEWSLETTER_ALREADY_MESSAGE } satisfies SubscriptionAnswer, {
    status: NEWSLETTER_ALREADY_STATUS,
  });
});
