// GET /sitemaps/sections.xml
import { FEED_CACHE_HEADERS, sectionEntries, urlSetXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

export function GET(): Response {
  return new Response(urlSetXml(sectionEntries()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
