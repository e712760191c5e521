// GET /api/search/resultsAsArticles
import { getDb, getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { admitApiSearch } from '@/server/search/admission';
import { searchAsArticles } from '@/server/search/as-articles';
import { searchQuerySchema, toSearchParams } from '@/server/search/params';

export const dynamic = 'force-dynamic';

/** The search restricted to the daily's news, as article summaries flagged asArticle. */
export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  const reader = await admitApiSearch(await getDb(), request);
  return searchAsArticles(
    await getReadDb(),
    toSearchParams({ ...query, facetsJson: query.selectedFacetsJson, sort: query.tri }),
    reader,
  );
});
