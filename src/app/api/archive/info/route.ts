// GET /api/archive/info

import { archiveQuerySchema } from '@/lib/contracts/content-query';
import { getArchiveInfo } from '@/server/content/archive';
import { getDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** The number of articles of each month of a year: twelve {month, value, total}. */
export const GET = apiRoute(async (request) => {
  const { year } = parseQuery(request, archiveQuerySchema);
  return getArchiveInfo(await getDb(), year);
});
