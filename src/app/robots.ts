import type { MetadataRoute } from 'next';
import { NEWSROOM_PATH } from '@/lib/newsroom-paths';
import { indexingAllowed } from '@/server/env';
import { absoluteUrl } from '@/server/pages/seo';

// Read at request time: the environment decides, not the machine that built the site.
export const dynamic = 'force-dynamic';

/** Production lets crawlers in (not into /api) and names the sitemap; every other environment keeps them out. */
export default function robots(): MetadataRoute.Robots {
  if (!indexingAllowed()) return { rules: { userAgent: '*', disallow: '/' } };
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/api/', NEWSROOM_PATH] },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
