// GET /api/eshop/me?cookie=<session token>
import type { User } from '@/lib/contracts/accounts';
import { meQuery } from '@/lib/contracts/accounts-query';
import { NOT_LOGGED_IN_MESSAGE } from '@/server/accounts/login';
import { sessionCookieHeaders } from '@/server/accounts/responses';
import {
  findSession,
  readCookie,
  renewSession,
  SESSION_COOKIE,
  sessionTokenFrom,
} from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { jsonResponse } from '@/server/http/responses';

export const dynamic = 'force-dynamic';

/**
 * The logged-in user {firstname, lastname}; 401 without a live session. Token: ?cookie, Bearer or cookie. Every
 * page shown calls it, so it also keeps the session of the browser's own cookie or Bearer token going (renewed, or
 * its token replaced for "Rester connecté"), with its readable hint cookie. A token given in the query only answers
 * its user: a GET never sets a session from a link's parameter (a cross-site link would log the visitor into
 * someone else's account).
 */
export const GET = apiRoute(async (request) => {
  const { cookie } = parseQuery(request, meQuery);
  const fromQuery = cookie?.includes('=') ? readCookie(cookie, SESSION_COOKIE) : cookie;
  const token = fromQuery || sessionTokenFrom(request);
  const db = await getDb();
  const found = await findSession(db, token);
  if (!found || !token) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  const renewal = fromQuery ? null : await renewSession(db, token, found);
  const { firstname, lastname } = found.customer;
  const user: User = { firstname, lastname };
  return jsonResponse(
    user,
    renewal ? { headers: sessionCookieHeaders(renewal.token, renewal.ttlSeconds) } : {},
  );
});
