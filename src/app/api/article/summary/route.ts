// GET /api/article/summary
import { summaryQuerySchema, summaryResponse } from '@/server/content/summary-query';
import { getReadDb } from '@/server/db/client';
import { apiRoute, parseQuery } from '@/server/http/api-route';

export const dynamic = 'force-dynamic';

/** A page of news by trade, topic, types, thematics and dates: {news, thematics, additional}. */
export const GET = apiRoute(async (request) =>
  summaryResponse(await getReadDb(), parseQuery(request, summaryQuerySchema)),
);
