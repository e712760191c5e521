// GET /api/article/single
import { singleArticleAnswer, singleQuerySchema } from '@/server/content/article-query';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** One article, gated by the paywall for a visitor without a live session: {article, isPaywallable}. */
export const GET = apiRoute(async (request) =>
  singleArticleAnswer(await getDb(), request, parseQuery(request, singleQuerySchema)),
);
