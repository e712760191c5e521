import { SimulatorView } from '@/components/simulators/simulator-view';
import { SIMULATORS_TITLE, SimulatorsView } from '@/components/simulators/simulators-view';
import { SIMULATOR_TOPIC_TITLES } from '@/lib/navigation';
import { env } from '@/server/env';
import { SIMULATORS_SECTION } from '@/server/pages/simulators-route';
import { simulatorSource } from '@/server/simulators/catalog';
import { type SectionPageProps, sectionPage, typeListingMetadata } from '../../_sections/section-page';

// Rendered on first request, then cached and regenerated in the background; nothing at build time.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

const page = sectionPage({
  section: SIMULATORS_SECTION,
  listingMetadata: (data) =>
    typeListingMetadata(data, {
      listing: 'simulators',
      title: SIMULATORS_TITLE,
      homeTitle: `${SIMULATORS_TITLE} fiscaux, sociaux et financiers`,
      description:
        'Simulateurs gratuits tenus à jour des barèmes officiels : impôt sur le revenu, indemnité légale de licenciement, barème kilométrique.',
      topicTitle: (slug) => SIMULATOR_TOPIC_TITLES[slug],
    }),
  renderListing: (data) => <SimulatorsView data={data} sourceOf={simulatorSource} siteUrl={env().SITE_URL} />,
  renderArticle: (data) => <SimulatorView data={data} sourceOf={simulatorSource} siteUrl={env().SITE_URL} />,
});

export const generateMetadata = page.generateMetadata;
/** /simulateurs, /simulateurs/{topic}/{thematics}, /simulateurs/{simulatorId} and /simulateurs/{slug}_{id}. */
export default function SimulatorsPage({ params }: SectionPageProps) {
  return page.render(params);
}
