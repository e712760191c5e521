// POST /api/eshop/login
import { z } from 'zod';
import { authenticate } from '@/server/accounts/login';
import { requestContext } from '@/server/accounts/request-context';
import { loginErrorResponse, loginResponse } from '@/server/accounts/responses';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';

const body = z.object({
  email: z.string().max(1000).default(''),
  password: z.string().max(1000).default(''),
  /** "Rester connecté": a 30-day session. */
  remember: z
    .preprocess(
      (value) =>
        typeof value === 'string' ? ['true', '1', 'on'].includes(value.trim().toLowerCase()) : value,
      z.boolean({ error: 'remember doit valoir true ou false.' }),
    )
    .default(false),
});

/** Login: {cookieObj, user} and the session cookie; any refusal is {cookieObj: {error}} with its status. */
export const POST = apiRoute(async (request) => {
  try {
    const { email, password, remember } = await parseBody(request, body);
    return loginResponse(
      await authenticate(await getDb(), email, password, requestContext(request), { remember }),
    );
  } catch (error) {
    return loginErrorResponse(error);
  }
});
