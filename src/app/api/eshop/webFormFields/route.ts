// GET /api/eshop/webFormFields?webFormId=50293
import { webFormFieldsQuery } from '@/lib/contracts/accounts-query';
import { getWebFormDefinition } from '@/server/accounts/registration-form';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** The registration form's field definitions; an unknown form id is a 404. */
export const GET = apiRoute(async (request) => {
  const { webFormId } = parseQuery(request, webFormFieldsQuery);
  return getWebFormDefinition(await getDb(), webFormId);
});
