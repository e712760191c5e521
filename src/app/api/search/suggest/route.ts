// GET /api/search/suggest
import { sharedRead } from '@/server/cache/shared-reads';
import { getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';
import { suggestQuerySchema } from '@/server/search/params';
import { suggest } from '@/server/search/suggest';

export const dynamic = 'force-dynamic';

/** Suggestions for a typed text: [] under three characters, else up to eight {value, formatedSuggestion}. */
export const GET = apiRoute(async (request) => {
  const { term } = parseQuery(request, suggestQuerySchema);
  return sharedRead('suggest', term, async () => suggest(await getReadDb(), term));
});
