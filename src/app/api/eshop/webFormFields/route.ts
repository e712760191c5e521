// GET /api/eshop/webFormFields?webFormId=50293
import { z } from 'zod';
import { getWebFormDefinition } from '@/server/accounts/registration-form';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

const query = z.object({ webFormId: z.coerce.number().int().positive() });

/** The registration form's field definitions; an unknown form id is a 404. */
export const GET = apiRoute(async (request) => {
  const { webFormId } = parseQuery(request, query);
  return getWebFormDefinition(await getDb(), webFormId);
});
