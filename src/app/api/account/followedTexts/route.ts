// GET /api/account/followedTexts?key=…  POST /api/account/followedTexts
import { type FollowedTextAnswer, followedTextBody, followedTextQuery } from '@/lib/contracts/followed-texts';
import { NOT_LOGGED_IN_MESSAGE } from '@/server/accounts/login';
import { findSessionCustomer, sessionTokenFrom } from '@/server/accounts/sessions';
import type { Db } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody, parseQuery } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';
import { isTextFollowed, setTextFollowed } from '@/server/legal-references/followed-texts';

export const dynamic = 'force-dynamic';

async function customerOf(db: Db, request: Request): Promise<number> {
  const customer = await findSessionCustomer(db, sessionTokenFrom(request));
  if (!customer) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  return customer.id;
}

/** Whether the logged-in reader follows a text; 401 without a session. */
export const GET = apiRoute(async (request): Promise<FollowedTextAnswer> => {
  const { key } = parseQuery(request, followedTextQuery);
  const db = await getDb();
  return { key, followed: await isTextFollowed(db, await customerOf(db, request), key) };
});

/** "Suivre ce texte" and its undo: 200 with the new state; 401 without a session, 400 for an unknown text. */
export const POST = apiRoute(async (request): Promise<FollowedTextAnswer> => {
  const { key, followed } = await parseBody(request, followedTextBody);
  const db = await getDb();
  await setTextFollowed(db, await customerOf(db, request), key, followed);
  return { key, followed };
});
