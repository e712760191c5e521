import 'server-only';
import type { Metadata } from 'next';
import { INDEXING_BLOCKED_BEFORE, META_DESCRIPTION_MAX } from '@/lib/constants';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { truncateAtWord } from '@/lib/text';
import { env, indexingAllowed } from '@/server/env';

/** The editorial key whose presence marks an article that must not be indexed. */
export const THEMES_GATEWAY_KEY = 'Themes_Gateway';

/** Publisher profiles on social networks, the video site and the professional network (Organization data). */
export const SOCIAL_PROFILES = [
  'https://www.linkedin.com/company/editions-portalis',
  'https://x.com/editionsportalis',
  'https://www.facebook.com/editionsportalis',
  'https://www.youtube.com/@editionsportalis',
] as const;

/** Customer service of the publisher (support phone Monday to Friday, 9h to 18h). */
export const CUSTOMER_SERVICE = {
  telephone: '+33-1-41-05-22-22',
  hours: 'Mo-Fr 09:00-18:00',
} as const;

export type RobotsInput = {
  /** More than one thematic selected on a listing. */
  multiThematic?: boolean;
  /** The article's additionalProperties, read for Themes_Gateway. */
  additionalProperties?: Record<string, unknown> | null;
  /** Publication date of the article: content before INDEXING_BLOCKED_BEFORE is not indexed in production. */
  publicationDate?: Date | string | null;
  /** Whether indexing is allowed at all (production only); defaults to the process configuration. */
  indexing?: boolean;
};

/** Whether a page may be indexed, by the rules of spec sections 3, 4 and 9. */
export function isIndexable(input: RobotsInput): boolean {
  if (!(input.indexing ?? indexingAllowed())) return false;
  if (input.multiThematic) return false;
  if (input.additionalProperties && THEMES_GATEWAY_KEY in input.additionalProperties) return false;
  if (input.publicationDate) {
    const published = new Date(input.publicationDate);
    if (published.getTime() < Date.parse(`${INDEXING_BLOCKED_BEFORE}T00:00:00Z`)) return false;
  }
  return true;
}

/**
 * The robots metadata of a page: index or noindex by isIndexable, and always the unlimited snippet, large image
 * preview and unlimited video preview directives.
 */
export function robotsFor(input: RobotsInput = {}): NonNullable<Metadata['robots']> {
  const index = isIndexable(input);
  return {
    index,
    follow: true,
    'max-snippet': -1,
    'max-image-preview': 'large',
    'max-video-preview': -1,
  };
}

/** The absolute URL of a path of the site (canonical links, feeds, sitemaps, structured data). */
export function absoluteUrl(path: string): string {
  return new URL(path, env().SITE_URL).toString();
}

/** A meta description: whitespace collapsed, cut at a word within META_DESCRIPTION_MAX characters. */
export function metaDescription(text: string): string {
  return truncateAtWord(text, META_DESCRIPTION_MAX);
}

/** Common metadata of a page: title, description, canonical URL, robots and Open Graph. */
export function pageMetadata(input: {
  title: string;
  description: string;
  path: string;
  robots?: RobotsInput;
  openGraph?: Metadata['openGraph'];
}): Metadata {
  const description = metaDescription(input.description);
  const url = absoluteUrl(input.path);
  return {
    title: input.title,
    description,
    alternates: { canonical: url },
    robots: robotsFor(input.robots),
    openGraph: {
      type: 'website',
      locale: 'fr_FR',
      siteName: `${DAILY_NAME} – ${PUBLISHER_NAME}`,
      title: input.title,
      description,
      url,
      ...input.openGraph,
    },
  };
}

export type JsonLd = Record<string, unknown>;

/** The publisher as Organization: customer-service contact and social profiles. */
export function organizationJsonLd(): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: PUBLISHER_NAME,
    url: absoluteUrl('/'),
    logo: absoluteUrl('/icon.svg'),
    sameAs: [...SOCIAL_PROFILES],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: CUSTOMER_SERVICE.telephone,
      hoursAvailable: CUSTOMER_SERVICE.hours,
      areaServed: 'FR',
      availableLanguage: 'French',
    },
  };
}

export type Crumb = { name: string; path?: string | undefined };

/** A BreadcrumbList: Accueil, section, topic, … (the last item may have no link). */
export function breadcrumbJsonLd(crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.path ? { item: absoluteUrl(crumb.path) } : {}),
    })),
  };
}

/** The CSS class of the parts of an article hidden from visitors without access, named by hasPart. */
export const GATED_PART_CLASS = 'paywall-gated';

export type NewsArticleJsonLdInput = {
  title: string;
  description: string;
  path: string;
  publicationDate: string;
  updateDate?: string | null | undefined;
  author?: string | null | undefined;
  image?: string | null | undefined;
  section?: string | null | undefined;
  /** The article has content the current answer withholds (enriched sections or the paywalled remainder). */
  gated: boolean;
};

/** NewsArticle data; gated content is declared with isAccessibleForFree false and a hasPart naming it. */
export function newsArticleJsonLd(input: NewsArticleJsonLdInput): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: input.title,
    description: metaDescription(input.description),
    mainEntityOfPage: absoluteUrl(input.path),
    datePublished: input.publicationDate,
    dateModified: input.updateDate ?? input.publicationDate,
    ...(input.author ? { author: { '@type': 'Person', name: input.author } } : {}),
    ...(input.image ? { image: [absoluteUrl(input.image)] } : {}),
    ...(input.section ? { articleSection: input.section } : {}),
    publisher: { '@type': 'Organization', name: PUBLISHER_NAME, url: absoluteUrl('/') },
    isAccessibleForFree: !input.gated,
    ...(input.gated
      ? {
          hasPart: {
            '@type': 'WebPageElement',
            isAccessibleForFree: false,
            cssSelector: `.${GATED_PART_CLASS}`,
          },
        }
      : {}),
  };
}
