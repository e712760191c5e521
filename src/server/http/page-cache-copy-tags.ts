import 'server-only';
import { PATHS, QUERY_PARAM } from '@/lib/constants';
import { parseArticleParam } from '@/lib/urls';
import { renderedPageTags } from '../cache/page-tags';
import { EVERYTHING, tagsOfPagePath, tagsOfPublicRead, tagsOfRenderedPage } from '../content/cache-tags';
import type { KeptSearch } from '../search/change-matching';
import { toSearchParams } from '../search/params';

// What a copy of the page cache carries, worked out when it is stored (page-cache-store.ts): its content tags and,
// for a search copy, what it answered for. A change refreshes the copies that carry one of its tags
// (page-cache-purge.ts).

/**
 * What a store keeps: cached pages (ISR, one entry per path), pages rendered per request and public API reads
 * (JSON), the last two keyed by their URL.
 */
export type Kind = 'cached' | 'rendered' | 'reads';

/** Article pages linked from a page: `href="/{section}/{slug}_{id}"` (any section: a spare tag costs nothing). */
const ARTICLE_LINK = /href="\/[a-z-]+\/([A-Za-z0-9-]+_[A-Za-z0-9-]+)["?#]/g;

/**
 * What a search copy answered for, from its key and body: a search page its term (as the page reads it) and the
 * articles it links to; a suggestion list its term and the phrases it offers. Undefined for any other copy, or
 * a body that cannot be read as expected (the copy is then refreshed by every article change).
 */
export function keptSearchOf(
  kind: Kind,
  key: string,
  body: Buffer,
): { search: KeptSearch; listed: string[] } | undefined {
  const queryStart = key.indexOf('?');
  const path = queryStart === -1 ? key : key.slice(0, queryStart);
  if (kind === 'rendered' && path === PATHS.search) {
    const query = new URLSearchParams(queryStart === -1 ? '' : key.slice(queryStart + 1));
    const term = toSearchParams({
      term: query.get(QUERY_PARAM.term) ?? undefined,
      terme: query.get(QUERY_PARAM.prerenderTerm) ?? undefined,
    }).term.trim();
    const listed = [...body.toString('utf8').matchAll(ARTICLE_LINK)]
      .map((match) => parseArticleParam(match[1] ?? '')?.id)
      .filter((id): id is string => id !== undefined);
    return { search: { kind: 'page', term }, listed };
  }
  if (kind === 'reads' && path === '/api/search/suggest') {
    try {
      const { term } = JSON.parse(key.slice(queryStart + 1)) as { term: string };
      const answer: unknown = JSON.parse(body.toString('utf8'));
      if (typeof term !== 'string' || !Array.isArray(answer)) return undefined;
      // A legal text's page (`url`) is offered from the reference typed, whatever the articles say.
      const offered = answer
        .filter((suggestion: { url?: unknown }) => suggestion.url === undefined)
        .map((suggestion: { value?: unknown }) => suggestion.value);
      if (!offered.every((value): value is string => typeof value === 'string')) return undefined;
      return { search: { kind: 'suggestions', term: term.replace(/\s+/g, ' ').trim(), offered }, listed: [] };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The tags of the copy kept at `key`: a cached page's are those its last render recorded (page-tags.ts), else an
 * article or rate table page's from its path; a public read's and a page rendered per request's follow its path
 * (the search page its search's, the agenda EVERYTHING); a page of unknown tags carries EVERYTHING.
 */
export function tagsOfCopy(kind: Kind, key: string): readonly string[] {
  const queryStart = key.indexOf('?');
  const path = queryStart === -1 ? key : key.slice(0, queryStart);
  if (kind === 'cached') return renderedPageTags(path) ?? tagsOfPagePath(path) ?? [EVERYTHING];
  if (kind === 'reads') {
    const query = queryStart === -1 ? {} : (JSON.parse(key.slice(queryStart + 1)) as { newsId?: string });
    return tagsOfPublicRead(path, query);
  }
  return tagsOfRenderedPage(path);
}
