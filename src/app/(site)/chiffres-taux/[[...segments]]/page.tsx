import { SectionArticle } from '@/app/_components/section-article';
import { RATES_TITLE, RatesView } from '@/components/rates/rates-view';
import { PATHS } from '@/lib/constants';
import { env } from '@/server/env';
import { RATES_SECTION } from '@/server/pages/rates-route';
import { canonicalArticlePath } from '@/server/pages/section-route';
import { type SectionPageProps, sectionPage, typeListingMetadata } from '../../_sections/section-page';

// Rendered on first request, then served from Next's cache and regenerated in the background (as news pages):
// no path at build time, so the build never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

const page = sectionPage({
  section: RATES_SECTION,
  listingMetadata: (data) =>
    typeListingMetadata(data, {
      listing: 'rates',
      title: RATES_TITLE,
      homeTitle: `${RATES_TITLE} : barèmes, taux et seuils à jour`,
      description:
        'Les chiffres et taux utiles aux professionnels : barèmes fiscaux, taux de cotisations sociales, plafonds, seuils et indices, mis à jour au fil des publications.',
    }),
  renderListing: (data) => <RatesView data={data} siteUrl={env().SITE_URL} />,
  renderArticle: (data) => (
    <SectionArticle
      data={data}
      canonical={canonicalArticlePath(data.article)}
      section={{ name: RATES_TITLE, path: PATHS.rates, listing: 'rates' }}
    />
  ),
});

export const generateMetadata = page.generateMetadata;
/** /chiffres-taux, /chiffres-taux/{topic}, /chiffres-taux/{topic}/{thematics} and /chiffres-taux/{slug}_{id}. */
export default function RatesPage({ params }: SectionPageProps) {
  return page.render(params);
}
