// GET /sitemaps/actualites/{year}.xml

import { ARCHIVE_START_YEAR } from '@/lib/constants';
import { parseYear } from '@/lib/params';
import { getDb } from '@/server/db/client';
import { FEED_CACHE_HEADERS, newsEntriesOfYear, urlSetXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** The indexable news of one year. */
export async function GET(
  _request: Request,
  { params }: { params: Promise<{ year: string }> },
): Promise<Response> {
  const year = parseYear((await params).year.replace(/\.xml$/, ''));
  if (year === null || year < ARCHIVE_START_YEAR || year > new Date().getUTCFullYear()) {
    return new Response('Sitemap inconnu', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
  return new Response(urlSetXml(await newsEntriesOfYear(await getDb(), year)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
