// POST /api/eshop/webFormResult
import { webFormResultBody } from '@/lib/contracts/accounts-query';
import { registerCustomer } from '@/server/accounts/registration';
import { requestContext } from '@/server/accounts/request-context';
import { registrationResponse } from '@/server/accounts/responses';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody } from '@/server/http/api-route';

/** Registration: creates the customer and answers the web form result {success, result, errors}. */
export const POST = apiRoute(async (request) => {
  const { webFormId, ...input } = await parseBody(request, webFormResultBody, {
    // Every field is checked by the registration rules, which refuse control characters with the form's messages.
    ownValidationRefusesNul: true,
  });
  return registrationResponse(
    await registerCustomer(await getDb(), input, requestContext(request), webFormId),
  );
});
