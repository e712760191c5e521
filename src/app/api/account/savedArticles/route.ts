// GET /api/account/savedArticles?articleId=…  POST /api/account/savedArticles
import { type SavedArticleAnswer, savedArticleBody, savedArticleQuery } from '@/lib/contracts/saved-articles';
import { NOT_LOGGED_IN_MESSAGE } from '@/server/accounts/login';
import { isArticleSaved, saveArticle, unsaveArticle } from '@/server/accounts/saved-articles';
import { findSessionCustomer, sessionTokenFrom } from '@/server/accounts/sessions';
import type { Db } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { apiRoute, parseBody, parseQuery } from '@/server/http/api-route';
import { AppError } from '@/server/http/errors';

export const dynamic = 'force-dynamic';

async function customerOf(db: Db, request: Request): Promise<number> {
  const customer = await findSessionCustomer(db, sessionTokenFrom(request));
  if (!customer) throw new AppError('unauthorized', NOT_LOGGED_IN_MESSAGE);
  return customer.id;
}

/** Whether the logged-in reader saved an article; 401 without a session. */
export const GET = apiRoute(async (request): Promise<SavedArticleAnswer> => {
  const { articleId } = parseQuery(request, savedArticleQuery);
  const db = await getDb();
  return { articleId, saved: await isArticleSaved(db, await customerOf(db, request), articleId) };
});

/** "Enregistrer" and its undo: 200 with the new state; 401 without a session, 404 for an unknown article. */
export const POST = apiRoute(async (request): Promise<SavedArticleAnswer> => {
  const { articleId, saved } = await parseBody(request, savedArticleBody);
  const db = await getDb();
  const customerId = await customerOf(db, request);
  if (saved) await saveArticle(db, customerId, articleId);
  else await unsaveArticle(db, customerId, articleId);
  return { articleId, saved };
});
