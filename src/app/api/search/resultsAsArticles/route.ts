// GET /api/search/resultsAsArticles
import { apiSearchRoute } from '@/server/search/api-search-route';
import { searchAsArticles } from '@/server/search/as-articles';

export const dynamic = 'force-dynamic';

/** The search restricted to the daily's news, as article summaries flagged asArticle. */
export const GET = apiSearchRoute(searchAsArticles);
