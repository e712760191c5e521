import {
  ARTICLE_ID_SEPARATOR,
  ARTICLE_TYPE,
  FIRST_PAGE,
  FLASH_LINK_PREFIX,
  FLASH_LINK_SLUG,
  PATHS,
  THEMATIC_SEPARATOR,
} from './constants';
import { parisIsoDay } from './dates';
import { monthValue } from './months';

/** An article id: letters, digits and hyphens. */
export const ARTICLE_ID_PATTERN = /^[A-Za-z0-9-]+$/;
const ARTICLE_PARAM_PATTERN = /^([A-Za-z0-9-]+)_([A-Za-z0-9-]+)$/;

/** What an article URL is built from. */
export type ArticleLink = {
  id: string;
  type: string;
  slug: string;
  enrichedNewsId?: string | null | undefined;
};

/** The section an article of a content type lives under: simulators and figures and rates have their own. */
function articleBasePath(type: string): string {
  if (type === ARTICLE_TYPE.simulator) return PATHS.simulators;
  if (type === ARTICLE_TYPE.rates) return PATHS.rates;
  return PATHS.news;
}

/**
 * The path of an article: /actualite/{slug}_{id}, /simulateurs/{slug}_{id} or /chiffres-taux/{slug}_{id} by type.
 * An enriched news is reached by its enriched news id, the article id going in the hash. An empty slug is
 * replaced by the one flash links use, so the path keeps the {slug}_{id} shape.
 */
export function articlePath(article: ArticleLink): string {
  const slug = article.slug || FLASH_LINK_SLUG;
  const base = articleBasePath(article.type);
  if (article.enrichedNewsId) {
    return `${base}/${slug}${ARTICLE_ID_SEPARATOR}${article.enrichedNewsId}#${article.id}`;
  }
  return `${base}/${slug}${ARTICLE_ID_SEPARATOR}${article.id}`;
}

/** Internal links flash:id:{id} of editorial bodies resolve to /actualite/actu_{id}; other links are kept. */
export function resolveInternalLink(href: string): string {
  if (!href.startsWith(FLASH_LINK_PREFIX)) return href;
  const id = href.slice(FLASH_LINK_PREFIX.length);
  if (!ARTICLE_ID_PATTERN.test(id)) return href;
  return `${PATHS.news}/${FLASH_LINK_SLUG}${ARTICLE_ID_SEPARATOR}${id}`;
}

/**
 * `path` when it is a path of this site, '/' otherwise. A path such as `//evil.example/x` is another host for a
 * browser (a scheme-relative URL), so a path that a browser could read as one is refused too.
 */
export function sameSitePath(path: string): string {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  // Read back as a browser would, relative to this site: it must stay on it.
  return new URL(path, 'http://site.invalid').host === 'site.invalid' ? path : '/';
}

/**
 * The path and query of `referer` when it is a page of this site (`host`), to send a reader back to after a form
 * post; '/' otherwise (`sameSitePath`: the answer is always a path of this site).
 */
export function sameSiteBackPath(referer: string | null, host: string | null): string {
  if (!referer || !host) return '/';
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return '/';
  }
  if (url.host !== host || (url.protocol !== 'http:' && url.protocol !== 'https:')) return '/';
  return sameSitePath(`${url.pathname}${url.search}`);
}

/**
 * The login and registration page for browsers without JavaScript (decision 060), which sends the reader back to
 * `back` once logged in; with `refused`, showing that refusal's message (read by the page: no `:target`, which a
 * navigation made by scripts does not set) and scrolled to it (`anchor`).
 */
export function loginPagePath(back: string, refused?: { code: string; anchor: string }): string {
  const query = new URLSearchParams();
  if (back !== '/') query.set('retour', back);
  if (refused) query.set('erreur', refused.code);
  const search = query.size > 0 ? `?${query}` : '';
  return `${PATHS.login}${search}${refused ? `#${refused.anchor}` : ''}`;
}

/**
 * Where a listing path with thematics (`{base}/{topic}/{t1_t2}`) must be sent when its thematics segment is not
 * exactly the valid ones it selects (an unknown slug dropped, a repeated one once, spec: "an invalid slug is
 * dropped"): the same listing at its canonical address, so an endless supply of made-up slugs is one page, not
 * one cached page each. Null when the path is already canonical.
 */
export function canonicalThematicsPath(
  base: string,
  topic: string,
  given: string,
  selected: readonly { slug: string }[],
): string | null {
  const canonical = selected.map((thematic) => thematic.slug).join(THEMATIC_SEPARATOR);
  if (given === canonical) return null;
  return canonical ? `${base}/${topic}/${canonical}` : `${base}/${topic}`;
}

/** The slug and id of an article path segment {slug}_{id}; null when the segment has another shape. */
export function parseArticleParam(param: string): { slug: string; id: string } | null {
  const match = ARTICLE_PARAM_PATTERN.exec(param);
  if (!match?.[1] || !match[2]) return null;
  return { slug: match[1], id: match[2] };
}

/** The archive page of a month: /archives/{year}/{month} (two-digit month), then /{page} beyond the first. */
export function archivePath(year: number, month: number, page: number = FIRST_PAGE): string {
  const path = `${PATHS.archives}/${year}/${monthValue(month)}`;
  return page > FIRST_PAGE ? `${path}/${page}` : path;
}

/** The archive page of the month an article was published in, in the site's time zone. */
export function archivePathForDate(publicationDate: Date | string): string {
  const day = parisIsoDay(typeof publicationDate === 'string' ? new Date(publicationDate) : publicationDate);
  const [year, month] = day.split('-');
  return archivePath(Number(year), Number(month));
}

/** The sections whose listings are filtered by topic and thematics. */
export type ListingSection = 'news' | 'agenda' | 'simulators' | 'rates';

/**
 * A listing path: /actualite, /actualite/{topic}, /actualite/{topic}/{t1_t2}; likewise under /agenda,
 * /simulateurs and /chiffres-taux. Thematics need a topic and are joined by THEMATIC_SEPARATOR.
 */
export function topicPath(
  section: ListingSection,
  topic?: string,
  thematics: readonly string[] = [],
): string {
  const base = PATHS[section];
  if (!topic) return base;
  if (thematics.length === 0) return `${base}/${topic}`;
  return `${base}/${topic}/${thematics.join(THEMATIC_SEPARATOR)}`;
}
