// GET /sitemap.xml
import { childSitemapPaths, FEED_CACHE_HEADERS, sitemapIndexXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** The sitemap index: sections, taxonomy, news by year and the Google News sitemap. */
export function GET(): Response {
  return new Response(sitemapIndexXml(childSitemapPaths()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
