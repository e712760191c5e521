import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { SectionArticle } from '@/components/article/section-article';
import { RATES_TITLE, RatesView } from '@/components/rates/rates-view';
import { PATHS } from '@/lib/constants';
import { articlePath, canonicalThematicsPath, topicPath } from '@/lib/urls';
import { articleMetadata, pageMetadata } from '@/server/pages/seo';
import { resolveRatesRoute } from './rates-route';

// Rendered on first request, then served from Next's cache and regenerated in the background (as news pages):
// no path at build time, so the build never opens the database.
// A literal, as Next.js reads it at build time: ISR_REVALIDATE_SECONDS of src/server/http/route-table.ts.
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams(): { segments: string[] }[] {
  return [];
}

type Props = { params: Promise<{ segments?: string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const route = await resolveRatesRoute((await params).segments ?? []);
  if (!route) return {};
  if (route.kind === 'article') return articleMetadata(route.data.article);
  const { topic, selected } = route.data;
  const names = [topic?.label, ...selected.map((thematic) => thematic.label)].filter(Boolean).join(', ');
  return pageMetadata({
    title: names ? `${RATES_TITLE} : ${names}` : `${RATES_TITLE} : barèmes, taux et seuils à jour`,
    description:
      'Les chiffres et taux utiles aux professionnels : barèmes fiscaux, taux de cotisations sociales, plafonds, seuils et indices, mis à jour au fil des publications.',
    path: topicPath(
      'rates',
      topic?.slug,
      selected.map((thematic) => thematic.slug),
    ),
    robots: { multiThematic: selected.length > 1 },
  });
}

/** /chiffres-taux, /chiffres-taux/{topic}, /chiffres-taux/{topic}/{thematics} and /chiffres-taux/{slug}_{id}. */
export default async function RatesPage({ params }: Props) {
  const segments = (await params).segments ?? [];
  const route = await resolveRatesRoute(segments);
  if (!route) notFound();
  if (route.kind === 'listing') {
    const [topic, thematics] = segments.map((segment) => decodeURIComponent(segment));
    const canonical =
      topic !== undefined && thematics !== undefined
        ? canonicalThematicsPath(PATHS.rates, topic, thematics, route.data.selected)
        : null;
    if (canonical) permanentRedirect(canonical);
    return <RatesView data={route.data} />;
  }

  const { article } = route.data;
  const path = articlePath({ ...article, enrichedNewsId: article.enriched_news_id });
  const canonical = path.split('#')[0] ?? path;
  // An outdated slug, or an article of another type, leads to the article's own address.
  if (`${PATHS.rates}/${segments[0]}` !== canonical) permanentRedirect(path);
  return (
    <SectionArticle
      data={route.data}
      canonical={canonical}
      section={{ name: RATES_TITLE, path: PATHS.rates, listing: 'rates' }}
    />
  );
}
