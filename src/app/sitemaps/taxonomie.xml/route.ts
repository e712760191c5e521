// GET /sitemaps/taxonomie.xml
import { getDb } from '@/server/db/client';
import { FEED_CACHE_HEADERS, taxonomyEntries, urlSetXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** The sub-topic paths /actualite/{trade}/{subtopic} of the taxonomy. */
export async function GET(): Promise<Response> {
  return new Response(urlSetXml(await taxonomyEntries(await getDb())), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
