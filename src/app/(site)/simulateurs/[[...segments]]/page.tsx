import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { SimulatorView } from '@/components/simulators/simulator-view';
import { SIMULATORS_TITLE, SimulatorsView } from '@/components/simulators/simulators-view';
import { ARTICLE_TYPE, PATHS } from '@/lib/constants';
import { SIMULATOR_TOPIC_TITLES } from '@/lib/navigation';
import { articlePath, canonicalThematicsPath, topicPath } from '@/lib/urls';
import { articleMetadata, pageMetadata } from '@/server/pages/seo';
import { resolveSimulatorsRoute } from './simulators-route';

// Rendered on first request, then cached and regenerated in the background; nothing at build time.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

type Props = { params: Promise<{ segments?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const route = await resolveSimulatorsRoute((await params).segments ?? []);
  if (!route) return {};
  // Both addresses of a simulator name the {slug}_{id} one as canonical.
  if (route.kind === 'simulator') return articleMetadata(route.data.article);
  const { topic, selected } = route.data;
  const names = [topic?.label, ...selected.map((thematic) => thematic.label)].filter(Boolean).join(', ');
  return pageMetadata({
    title:
      topic && selected.length === 0
        ? (SIMULATOR_TOPIC_TITLES[topic.slug] ?? `${SIMULATORS_TITLE} : ${names}`)
        : names
          ? `${SIMULATORS_TITLE} : ${names}`
          : `${SIMULATORS_TITLE} fiscaux, sociaux et financiers`,
    description:
      'Simulateurs gratuits tenus à jour des barèmes officiels : impôt sur le revenu, indemnité légale de licenciement, barème kilométrique.',
    path: topicPath(
      'simulators',
      topic?.slug,
      selected.map((thematic) => thematic.slug),
    ),
    robots: { multiThematic: selected.length > 1 },
  });
}

/** /simulateurs, /simulateurs/{topic}/{thematics}, /simulateurs/{simulatorId} and /simulateurs/{slug}_{id}. */
export default async function SimulatorsPage({ params }: Props) {
  const segments = (await params).segments ?? [];
  const route = await resolveSimulatorsRoute(segments);
  if (!route) notFound();
  if (route.kind === 'listing') {
    const [topic, thematics] = segments.map((segment) => decodeURIComponent(segment));
    const canonical =
      topic !== undefined && thematics !== undefined
        ? canonicalThematicsPath(PATHS.simulators, topic, thematics, route.data.selected)
        : null;
    if (canonical) permanentRedirect(canonical);
    return <SimulatorsView data={route.data} />;
  }
  const { article } = route.data;
  const path = articlePath({ ...article, enrichedNewsId: article.enriched_news_id });
  // Another content type, or an outdated slug, leads to the article's own address; the id form stays as is.
  if (
    article.type !== ARTICLE_TYPE.simulator ||
    (!route.byId && `${PATHS.simulators}/${segments[0]}` !== path)
  ) {
    permanentRedirect(path);
  }
  return <SimulatorView data={route.data} />;
}
