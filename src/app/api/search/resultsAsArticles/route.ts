// GET /api/search/resultsAsArticles
import { getDb, getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { admitApiSearch, inSearchSlot } from '@/server/search/admission';
import { searchAsArticles } from '@/server/search/as-articles';
import { searchQuerySchema, toSearchParams } from '@/server/search/params';

export const dynamic = 'force-dynamic';

/** The search restricted to the daily's news, as article summaries flagged asArticle. */
export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  const reader = await admitApiSearch(await getDb(), request);
  const db = await getReadDb();
  const params = toSearchParams({ ...query, facetsJson: query.selectedFacetsJson, sort: query.tri });
  // One of SEARCH_CONCURRENCY searches at once in this process (the page's are counted by the HTTP hook).
  return inSearchSlot(() => searchAsArticles(db, params, reader));
});
