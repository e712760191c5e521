// GET /api/eshop/me?cookie=<session token>
import { meQuery } from '@/lib/contracts/accounts-query';
import { currentUser } from '@/server/accounts/login';
import { readCookie, SESSION_COOKIE, sessionTokenFrom } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** The logged-in user {firstname, lastname}; 401 without a live session. Token: ?cookie, Bearer or cookie. */
export const GET = apiRoute(async (request) => {
  const { cookie } = parseQuery(request, meQuery);
  const fromQuery = cookie?.includes('=') ? readCookie(cookie, SESSION_COOKIE) : cookie;
  return currentUser(await getDb(), fromQuery || sessionTokenFrom(request));
});
