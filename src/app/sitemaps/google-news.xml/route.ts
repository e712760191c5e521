// GET /sitemaps/google-news.xml
import { getDb } from '@/server/db/client';
import { FEED_CACHE_HEADERS, googleNewsXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** The news of the last two days, for Google News. */
export async function GET(): Promise<Response> {
  return new Response(await googleNewsXml(await getDb()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
