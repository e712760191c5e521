// POST /api/eshop/logout

import { logoutResponse } from '@/server/accounts/responses';
import { deleteSession, sessionTokenFrom } from '@/server/accounts/sessions';
import { getDb } from '@/server/db/client';
import { apiRoute } from '@/server/http/api-route';

/** Ends the session on the server and removes the cookie: 204, also when there was no session. */
export const POST = apiRoute(async (request) => {
  await deleteSession(await getDb(), sessionTokenFrom(request));
  return logoutResponse();
});
