// GET /api/eshop/me?cookie=<session token>
import { z } from 'zod';
import { currentUser } from '@/server/accounts/login';
import { readCookie, SESSION_COOKIE, sessionTokenFrom } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** `cookie` holds the session token, or a whole Cookie header carrying it. */
const query = z.object({ cookie: z.string().max(4096).optional() });

/** The logged-in user {firstname, lastname}; 401 without a live session. Token: ?cookie, Bearer or cookie. */
export const GET = apiRoute(async (request) => {
  const { cookie } = parseQuery(request, query);
  const fromQuery = cookie?.includes('=') ? readCookie(cookie, SESSION_COOKIE) : cookie;
  return currentUser(await getDb(), fromQuery || sessionTokenFrom(request));
});
