// GET /api/search/results
import { getDb, getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { admitApiSearch, inSearchSlot } from '@/server/search/admission';
import { search } from '@/server/search/engine';
import { searchQuerySchema, toSearchParams } from '@/server/search/params';

export const dynamic = 'force-dynamic';

/** One page of search results with the facets (rate-limited per address; gated text only for a live session). */
export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  const reader = await admitApiSearch(await getDb(), request);
  // Counted and identified on the primary; the search itself reads the replica when one is set.
  const db = await getReadDb();
  const params = toSearchParams({ ...query, facetsJson: query.selectedFacetsJson, sort: query.tri });
  // One of SEARCH_CONCURRENCY searches at once in this process (the page's are counted by the HTTP hook).
  return inSearchSlot(() => search(db, params, reader));
});
