import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { JsonLd } from '@/components/article/json-ld';
import { SectionArticle } from '@/components/article/section-article';
import { ListingView } from '@/components/news/listing-view';
import { PATHS } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';
import { articlePath, canonicalThematicsPath } from '@/lib/urls';
import { env } from '@/server/env';
import { resolveNewsRoute } from '@/server/pages/news-route';
import { articleMetadata, listingMetadata, organizationJsonLd } from '@/server/pages/seo';

// Every news page is rendered on its first request and then served from Next's cache for every anonymous
// visitor, regenerated in the background at most a minute after it went stale (docs/decisions/: page caching).
// No path is rendered at build time, so `next build` never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

type Props = { params: Promise<{ segments?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const route = await resolveNewsRoute((await params).segments ?? []);
  if (!route) return {};
  if (route.kind === 'article') return articleMetadata(route.data.article);
  return listingMetadata(route.data);
}

export default async function NewsPage({ params }: Props) {
  const segments = (await params).segments ?? [];
  const route = await resolveNewsRoute(segments);
  if (!route) notFound();
  if (route.kind === 'listing') {
    const [topic, thematics] = segments.map((segment) => decodeURIComponent(segment));
    const canonical =
      topic !== undefined && thematics !== undefined
        ? canonicalThematicsPath(PATHS.news, topic, thematics, route.data.selected)
        : null;
    if (canonical) permanentRedirect(canonical);
    return (
      <>
        <ListingView data={route.data} contactUrl={shopLinks(env().SHOP_BASE_URL).contact} />
        {route.data.topic ? null : <JsonLd data={organizationJsonLd()} />}
      </>
    );
  }

  const { article } = route.data;
  const path = articlePath({ ...article, enrichedNewsId: article.enriched_news_id });
  const canonical = path.split('#')[0] ?? path;
  // A flash:id link (/actualite/actu_{id}) or an outdated slug leads to the article's own address.
  if (`${PATHS.news}/${segments[0]}` !== canonical) permanentRedirect(path);
  return (
    <>
      <SectionArticle
        data={route.data}
        canonical={canonical}
        section={{ name: 'Actualités', path: PATHS.news, listing: 'news' }}
      />
      <JsonLd data={organizationJsonLd()} />
    </>
  );
}
