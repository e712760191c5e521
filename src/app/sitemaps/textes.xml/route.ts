// GET /sitemaps/textes.xml
import { getDb } from '@/server/db/client';
import { textSitemapEntries } from '@/server/legal-references/text-page';
import { FEED_CACHE_HEADERS, urlSetXml } from '@/server/pages/sitemaps';

export const dynamic = 'force-dynamic';

/** The pages of the texts our publications cite (/textes/…). */
export async function GET(): Promise<Response> {
  return new Response(urlSetXml(await textSitemapEntries(await getDb())), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', ...FEED_CACHE_HEADERS },
  });
}
