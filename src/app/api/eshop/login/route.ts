// POST /api/eshop/login
import { loginBody } from '@/lib/contracts/accounts-query';
import { authenticate } from '@/server/accounts/login';
import { requestContext } from '@/server/accounts/request-context';
import { loginErrorResponse, loginResponse } from '@/server/accounts/responses';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';

/** Login: {cookieObj, user} and the session cookie; any refusal is {cookieObj: {error}} with its status. */
export const POST = apiRoute(async (request) => {
  try {
    const { email, password, remember } = await parseBody(request, loginBody);
    return loginResponse(
      await authenticate(await getDb(), email, password, requestContext(request), { remember }),
    );
  } catch (error) {
    return loginErrorResponse(error);
  }
});
