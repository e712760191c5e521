// GET /api/search/resultsAsArticles
import { getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { searchAsArticles } from '@/server/search/as-articles';
import { searchQuerySchema, toSearchParams } from '@/server/search/params';

export const dynamic = 'force-dynamic';

/** The search restricted to the daily's news, as article summaries flagged asArticle. */
export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  return searchAsArticles(
    await getReadDb(),
    toSearchParams({ ...query, facetsJson: query.selectedFacetsJson }),
  );
});
