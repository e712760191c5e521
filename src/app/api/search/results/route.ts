// GET /api/search/results
import { apiSearchRoute } from '@/server/search/api-search-route';
import { search } from '@/server/search/engine';

export const dynamic = 'force-dynamic';

/** One page of search results with the facets. */
export const GET = apiSearchRoute(search);
