// GET /rss/textes/{code}/article-{article}, /rss/textes/{kind}/{identifier}
import { getDb } from '@/server/db/client';
import { keyOfPath } from '@/server/legal-references/describe';
import { loadTextPage, textFeedXml } from '@/server/legal-references/text-page';
import { FEED_CACHE_HEADERS } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ first: string; second: string }> };

/** RSS 2.0 of the newest publications citing a text; 404 for a text nothing published cites. */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const { first, second } = await params;
  const key = keyOfPath(decodeURIComponent(first), decodeURIComponent(second));
  const data = key ? await loadTextPage(await getDb(), key, 1) : null;
  if (!data)
    return new Response('Introuvable.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return new Response(textFeedXml(data), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
