// GET /api/search/results
import { getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { search } from '@/server/search/engine';
import { searchQuerySchema, toSearchParams } from '@/server/search/params';

export const dynamic = 'force-dynamic';

/** One page of search results with the facets of the whole match set. */
export const GET = apiRoute(async (request) => {
  const query = parseQuery(request, searchQuerySchema);
  return search(await getReadDb(), toSearchParams({ ...query, facetsJson: query.selectedFacetsJson }));
});
