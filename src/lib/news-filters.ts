import { ARTICLE_TYPE, NEWS_FORMATS, NEWS_TOPICS, type NewsFormat, QUERY_PARAM } from './constants';
import { TRADE_OPTIONS } from './navigation';

/**
 * The query-string filters of the news home, topic and thematic pages (spec section 2): `metier` (a trade) and
 * `format` (a content format). Only known values count: an unknown one is ignored, as if absent, so it can
 * neither change the page nor make a new cache entry.
 */
export type NewsFilters = { metier?: string; format?: NewsFormat };

/** The trades of the filter (the empty "all trades" aside). */
export const FILTER_TRADES: readonly string[] = TRADE_OPTIONS.map((trade) => trade.slug).filter(Boolean);

/** Spellings of `format`: the spec's route table says `video`, the format's type is `videos`; both are accepted. */
export const FORMAT_SPELLINGS: Readonly<Record<string, NewsFormat>> = {
  video: ARTICLE_TYPE.video,
  ...Object.fromEntries(NEWS_FORMATS.map((format) => [format, format])),
};

type QueryReader = { get(name: string): string | null };

/** The known filters of a query string, the format in its canonical spelling. */
export function readNewsFilters(query: QueryReader): NewsFilters {
  const metier = query.get(QUERY_PARAM.trade) ?? '';
  const spelling = query.get(QUERY_PARAM.format) ?? '';
  // Own keys only: `toString` or `constructor` are no formats.
  const format = Object.hasOwn(FORMAT_SPELLINGS, spelling) ? FORMAT_SPELLINGS[spelling] : undefined;
  return {
    ...(FILTER_TRADES.includes(metier) ? { metier } : {}),
    ...(format ? { format } : {}),
  };
}

/** The filters as query parameters, in a fixed order (links, cache keys). */
export function newsFiltersQuery(filters: NewsFilters): Record<string, string> {
  return {
    ...(filters.metier ? { [QUERY_PARAM.trade]: filters.metier } : {}),
    ...(filters.format ? { [QUERY_PARAM.format]: filters.format } : {}),
  };
}

/** A path with the filters appended as its query string. */
export function withNewsFilters(path: string, filters: NewsFilters): string {
  const query = new URLSearchParams(newsFiltersQuery(filters)).toString();
  return query ? `${path}?${query}` : path;
}

// next.config.ts rewrites a filtered listing URL (/actualite/fiscal?metier=social) onto a path whose first
// segment carries the filters (/actualite/~social~tous/fiscal), so each known filter is one cached page (decision
// 003) rendered on the server, like the home page's /accueil/{trade}. A slug never holds '~'.
const FILTER_SEGMENT_MARK = '~';
/** The segment's placeholder for a filter left empty. */
export const NO_FILTER = 'tous';

/** The filters of a segment `~{metier|tous}~{format|tous}`; null when the segment is no filter segment or names an unknown value. */
export function parseFilterSegment(segment: string): NewsFilters | null {
  const [mark, metier = '', format = '', ...rest] = segment.split(FILTER_SEGMENT_MARK);
  if (mark !== '' || rest.length > 0) return null;
  const known = readNewsFilters(
    new URLSearchParams({
      ...(metier === NO_FILTER ? {} : { [QUERY_PARAM.trade]: metier }),
      ...(format === NO_FILTER ? {} : { [QUERY_PARAM.format]: format }),
    }),
  );
  if ((metier !== NO_FILTER && !known.metier) || (format !== NO_FILTER && !known.format)) return null;
  if (!known.metier && !known.format) return null;
  return known;
}

/** The listing paths the filters apply to: the news home, a topic, a topic's thematics (path-to-regexp). */
export const FILTERED_LISTING_SOURCES = [
  '/actualite',
  `/actualite/:topic(${NEWS_TOPICS.join('|')})`,
  `/actualite/:topic(${NEWS_TOPICS.join('|')})/:thematics`,
] as const;
