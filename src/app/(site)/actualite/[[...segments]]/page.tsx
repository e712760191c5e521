import { NewsletterBlock } from '@/app/_components/newsletter-block';
import { SectionArticle } from '@/app/_components/section-article';
import { JsonLd } from '@/components/article/json-ld';
import { ListingView } from '@/components/news/listing-view';
import { PATHS } from '@/lib/constants';
import { shopLinks } from '@/lib/shop-links';
import { env } from '@/server/env';
import type { ListingPageData } from '@/server/pages/news-listing';
import { NEWS_SECTION } from '@/server/pages/news-route';
import { canonicalArticlePath } from '@/server/pages/section-route';
import { listingMetadata, organizationJsonLd } from '@/server/pages/seo';
import { type SectionPageProps, sectionPage } from '../../_sections/section-page';

// Every news page is rendered on its first request and then served from Next's cache for every anonymous
// visitor, regenerated in the background at most a minute after it went stale (docs/decisions/: page caching).
// No path is rendered at build time, so `next build` never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

const page = sectionPage<ListingPageData>({
  section: NEWS_SECTION,
  listingMetadata,
  renderListing: (data) => (
    <>
      <ListingView
        data={data}
        contactUrl={shopLinks(env().SHOP_BASE_URL).contact}
        siteUrl={env().SITE_URL}
        newsletter={<NewsletterBlock />}
      />
      {data.topic ? null : <JsonLd data={organizationJsonLd()} />}
    </>
  ),
  renderArticle: (data) => (
    <>
      <SectionArticle
        data={data}
        canonical={canonicalArticlePath(data.article)}
        section={{ name: 'Actualités', path: PATHS.news, listing: 'news' }}
      />
      <JsonLd data={organizationJsonLd()} />
    </>
  ),
});

export const generateMetadata = page.generateMetadata;
/** /actualite, /actualite/{topic}, /actualite/{topic}/{thematics} and /actualite/{slug}_{id}. */
export default function NewsPage({ params }: SectionPageProps) {
  return page.render(params);
}
