import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { NOT_FOUND_METADATA } from '@/app/_components/not-found-content';
import { type ListingSection, topicPath } from '@/lib/urls';
import type { ArticlePageData } from '@/server/pages/article-page';
import {
  type SectionDefinition,
  sectionRedirect,
  sectionResolver,
  tagSectionPage,
} from '@/server/pages/section-route';
import { articleMetadata, pageMetadata } from '@/server/pages/seo';
import type { SectionListing } from '@/server/simulators/section-listing';

export type SectionPageProps = { params: Promise<{ segments?: string[] }> };

/** What a section's page declares: the section, its listing's metadata, how it shows a listing and an article. */
type SectionPageDefinition<Listing extends { selected: readonly { slug: string }[] }> = {
  section: SectionDefinition<Listing>;
  listingMetadata(data: Listing): Metadata;
  renderListing(data: Listing): ReactNode;
  renderArticle(data: ArticlePageData): ReactNode;
};

/**
 * The metadata and page of a section's optional catch-all route (src/server/pages/section-route.ts): not found
 * for what the resolver does not know, a permanent redirect to the canonical address, then the listing or the
 * article.
 */
export function sectionPage<Listing extends { selected: readonly { slug: string }[] }>(
  definition: SectionPageDefinition<Listing>,
) {
  const resolve = sectionResolver(definition.section);

  async function generateMetadata({ params }: SectionPageProps): Promise<Metadata> {
    const route = await resolve((await params).segments ?? []);
    // Next does not take the not-found page's metadata for a page that calls notFound(): the title says it.
    if (!route) return NOT_FOUND_METADATA;
    // Every address of an article names its canonical one.
    if (route.kind === 'article') return articleMetadata(route.data.article);
    return definition.listingMetadata(route.data);
  }

  /** The page of the route's params (each page's default export calls it). */
  async function render(params: SectionPageProps['params']): Promise<ReactNode> {
    const segments = (await params).segments ?? [];
    const route = await resolve(segments);
    if (!route) notFound();
    const redirect = sectionRedirect(definition.section, route, segments[0]);
    if (redirect) permanentRedirect(redirect);
    await tagSectionPage(definition.section, segments, route);
    return route.kind === 'listing'
      ? definition.renderListing(route.data)
      : definition.renderArticle(route.data);
  }

  return { generateMetadata, render };
}

/**
 * The metadata of a figures and rates or simulators listing: `{title} : {topic, thematics}`, or the section's own
 * title on its home; `topicTitle` names a topic page when the section has a title of its own for it.
 */
export function typeListingMetadata(
  data: SectionListing,
  section: {
    listing: ListingSection;
    title: string;
    homeTitle: string;
    description: string;
    topicTitle?: (slug: string) => string | undefined;
  },
): Metadata {
  const { topic, selected } = data;
  const names = [topic?.label, ...selected.map((thematic) => thematic.label)].filter(Boolean).join(', ');
  const ownTitle = topic && selected.length === 0 ? section.topicTitle?.(topic.slug) : undefined;
  return pageMetadata({
    title: ownTitle ?? (names ? `${section.title} : ${names}` : section.homeTitle),
    description: section.description,
    path: topicPath(
      section.listing,
      topic?.slug,
      selected.map((thematic) => thematic.slug),
    ),
    robots: { multiThematic: selected.length > 1 },
  });
}
