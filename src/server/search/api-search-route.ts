import 'server-only';
import { type Db, getDb, getReadDb } from '../db/client';
import { apiRoute, parseQuery } from '../http/api-route';
import { admitApiSearch, inSearchSlot } from './admission';
import { searchQuerySchema, toSearchParams } from './params';
import type { SearchParams, SearchReader } from './types';

/**
 * The GET handler of a search API (`/api/search/results`, `/api/search/resultsAsArticles`): the same query
 * string, admission and concurrency for both, only the answer's form differs (`answer`).
 */
export function apiSearchRoute<Answer>(
  answer: (db: Db, params: SearchParams, reader: SearchReader) => Promise<Answer>,
) {
  return apiRoute(async (request) => {
    const query = parseQuery(request, searchQuerySchema);
    // Rate-limited per address; gated text only for a live session.
    const reader = await admitApiSearch(await getDb(), request);
    // Counted and identified on the primary; the search itself reads the replica when one is set.
    const db = await getReadDb();
    const params = toSearchParams({ ...query, facetsJson: query.selectedFacetsJson, sort: query.tri });
    // One of SEARCH_CONCURRENCY searches at once in this process (the page's are counted by the HTTP hook).
    return inSearchSlot(() => answer(db, params, reader));
  });
}
