// GET /api/account/rate-follows?tableId=…  POST /api/account/rate-follows (docs/API-accounts.md): "Suivre" a table
import { type RateFollowAnswer, rateFollowBody, rateFollowQuery } from '@/lib/contracts/rate-tables';
import { NOT_LOGGED_IN_MESSAGE } from '@/server/accounts/login';
import { findSessionCustomer, sessionTokenFrom } from '@/server/accounts/sessions';
import { type Db, getDb } from '@/server/db/client';
import { apiRoute, parseBody, parseQuery } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { isFollowingRateTable, setRateTableFollow } from '@/server/rate-tables/follows';

export const dynamic = 'force-dynamic';

async function customerOf(db: Db, request: Request): Promise<number> {
  const customer = await findSessionCustomer(db, sessionTokenFrom(request));
  if (!customer) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  return customer.id;
}

/** Whether the logged-in reader follows a table; 401 without a session. */
export const GET = apiRoute(async (request): Promise<RateFollowAnswer> => {
  const { tableId } = parseQuery(request, rateFollowQuery);
  const db = await getDb();
  return { tableId, following: await isFollowingRateTable(db, await customerOf(db, request), tableId) };
});

/** "Suivre" and "Ne plus suivre": 200 with the new state; 401 without a session, 404 for an unknown table. */
export const POST = apiRoute(async (request): Promise<RateFollowAnswer> => {
  const { tableId, following } = await parseBody(request, rateFollowBody);
  const db = await getDb();
  await setRateTableFollow(db, await customerOf(db, request), tableId, following);
  return { tableId, following };
});
