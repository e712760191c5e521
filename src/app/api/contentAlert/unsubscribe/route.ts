// POST /api/contentAlert/unsubscribe
import { z } from 'zod';
import { requestContext } from '@/server/accounts/request-context';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';
import { NO_CACHE_HEADERS } from '@/server/http/responses';
import { UNSUBSCRIBE_MESSAGE, unsubscribe } from '@/server/newsletter/subscriptions';

const body = z.object({ email: z.string().max(1000) });

/** Unsubscription: 200 with a text, the same for any valid address, subscribed or not. */
export const POST = apiRoute(async (request) => {
  const { email } = await parseBody(request, body);
  await unsubscribe(await getDb(), email, requestContext(request));
  return new Response(UNSUBSCRIBE_MESSAGE, {
    headers: { ...NO_CACHE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
  });
});
