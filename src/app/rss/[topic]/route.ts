// GET /rss/{topic}
import { getDb } from '@/server/db/client';
import { newsFeedXml } from '@/server/pages/feeds';
import { FEED_CACHE_HEADERS } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** RSS 2.0 of the news of one topic; 404 for an unknown topic. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ topic: string }> },
): Promise<Response> {
  const xml = await newsFeedXml(await getDb(), (await params).topic);
  if (xml === null) {
    return new Response('Flux inconnu', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(xml, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
