import 'server-only';
import type { Metadata } from 'next';
import { INDEXING_BLOCKED_BEFORE, META_DESCRIPTION_MAX } from '@/lib/constants';
import { GATED_PART_CLASS_NAME } from '@/lib/gated-part';
import { SOCIAL_LINKS, SUPPORT_PHONE } from '@/lib/navigation';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { truncateAtWord } from '@/lib/text';
import { articlePath, topicPath } from '@/lib/urls';
import type { ArticleSummary } from '@/server/content/article-summary';
import { env, indexingAllowed } from '@/server/env';

/** The editorial key whose presence marks an article that must not be indexed. */
const THEMES_GATEWAY_KEY = 'Themes_Gateway';

/** Opening hours of the customer service (Monday to Friday, 9h to 18h), in schema.org notation. */
const CUSTOMER_SERVICE_HOURS = 'Mo-Fr 09:00-18:00';

/** A French phone number in international notation: 01 41 05 22 22 -> +33 1 41 05 22 22. */
function internationalPhone(phone: string): string {
  return phone.replace(/^0/, '+33 ');
}

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

/** The path of the RSS feed of all news, or of one topic. */
export function feedPath(topicSlug?: string): string {
  return topicSlug ? `/rss/${topicSlug}` : '/rss';
}

/**
 * Metadata of a page opened from a link carrying a token (an e-mail's confirmation, reset or stop link): never
 * indexed, and the address must not leave in a Referer header.
 */
export function tokenLinkPageMetadata(title: string): Metadata {
  return { title, robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** Common metadata of a page: title, description, canonical URL, robots and Open Graph. */
export function pageMetadata(input: {
  title: string;
  /** The title as is, without the site's template (the home page). */
  absoluteTitle?: boolean;
  description: string;
  path: string;
  robots?: RobotsInput;
  openGraph?: Metadata['openGraph'];
  /** The RSS feed announced by the page. */
  feed?: string;
}): Metadata {
  const description = metaDescription(input.description);
  const url = absoluteUrl(input.path);
  return {
    title: input.absoluteTitle ? { absolute: input.title } : input.title,
    description,
    alternates: {
      canonical: url,
      ...(input.feed ? { types: { 'application/rss+xml': absoluteUrl(input.feed) } } : {}),
    },
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
    sameAs: SOCIAL_LINKS.map((link) => link.href),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      telephone: internationalPhone(SUPPORT_PHONE),
      hoursAvailable: CUSTOMER_SERVICE_HOURS,
      areaServed: 'FR',
      availableLanguage: 'French',
    },
  };
}

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
            cssSelector: `.${GATED_PART_CLASS_NAME}`,
          },
        }
      : {}),
  };
}

/** Metadata of the news home, a topic or a thematic page; several thematics selected: noindex. */
export function listingMetadata(data: {
  topic: { label: string; slug: string } | null;
  selected: { label: string; slug: string }[];
}): Metadata {
  const { topic, selected } = data;
  if (!topic) {
    return pageMetadata({
      title: 'Toutes les actualités juridiques, fiscales, sociales et comptables',
      description: `Toute l’actualité juridique, fiscale, sociale et comptable de ${DAILY_NAME} : vidéos, podcasts, chronologies et infographies, par thème et par métier.`,
      path: topicPath('news'),
      feed: feedPath(),
    });
  }
  const names = selected.map((thematic) => thematic.label).join(', ');
  return pageMetadata({
    title: names ? `${names} – Actualité : ${topic.label}` : `Actualité : ${topic.label}`,
    description: names
      ? `Actualité ${topic.label} – ${names} : les dernières nouveautés décryptées par la rédaction de ${DAILY_NAME}.`
      : `Actualité ${topic.label} : toutes les nouveautés décryptées chaque jour par la rédaction de ${DAILY_NAME}.`,
    path: topicPath(
      'news',
      topic.slug,
      selected.map((thematic) => thematic.slug),
    ),
    robots: { multiThematic: selected.length > 1 },
    feed: feedPath(topic.slug),
  });
}

/** SEO title of an article when the editors set one. */
const SEO_TITLE_KEYS = ['seoTitle', 'SEO_title', 'ELS_META_titreSEO'];
/** Title for social networks when the editors set one. */
const SOCIAL_TITLE_KEYS = ['socialTitle', 'ELS_META_titreReseauxSociaux'];

function firstText(properties: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * Metadata of an article page: its SEO title, its summary as description (never gated text), canonical URL,
 * robots (Themes_Gateway, publication date) and Open Graph as an article.
 */
export function articleMetadata(article: ArticleSummary & { source?: string | null }): Metadata {
  const path = articlePath({ ...article, enrichedNewsId: article.enriched_news_id }).split('#')[0] ?? '';
  const title = firstText(article.additionalProperties, SEO_TITLE_KEYS) ?? article.title;
  const cover = article.images.find((image) => image.content_type === 'cover');
  const base = pageMetadata({
    title,
    description: article.summary || article.title,
    path,
    robots: { additionalProperties: article.additionalProperties, publicationDate: article.publication_date },
  });
  return {
    ...base,
    openGraph: {
      ...base.openGraph,
      type: 'article',
      title: firstText(article.additionalProperties, SOCIAL_TITLE_KEYS) ?? title,
      publishedTime: article.publication_date,
      ...(article.update_date ? { modifiedTime: article.update_date } : {}),
      ...(article.author ? { authors: [article.author] } : {}),
      ...(article.topics[0] ? { section: article.topics[0].label } : {}),
      ...(cover
        ? { images: [{ url: absoluteUrl(cover.href), width: cover.width, height: cover.height }] }
        : {}),
    },
  };
}
