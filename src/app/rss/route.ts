// GET /rss
import { getDb } from '@/server/db/client';
import { newsFeedXml } from '@/server/pages/feeds';
import { FEED_CACHE_HEADERS } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** RSS 2.0 of all news. */
export async function GET(): Promise<Response> {
  const xml = await newsFeedXml(await getDb());
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
