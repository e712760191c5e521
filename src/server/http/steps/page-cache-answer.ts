import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PATHS } from '@/lib/constants';
import { timeSearchPagePart } from '../../observability/metrics';
import { countCachedSearch } from '../../search/query-counts';
import { answerFromPageCache } from '../page-cache';
import { pathnameOf, type RequestStep } from '../request-step';

/**
 * Answers from the page cache when it holds the page; a search page is counted as if it had run. `freshOnly`: only
 * a fresh copy (answerFromPageCache).
 */
export function answerCachedPage(
  request: IncomingMessage,
  response: ServerResponse,
  freshOnly = false,
): boolean {
  const cached = answerFromPageCache(request, response, Date.now(), freshOnly);
  if (!cached) return false;
  // The search did not run for this reader: count it for the frequent searches as it would have (unless this
  // answer started a refresh, whose search counts it).
  if (!cached.refreshed && pathnameOf(request.url) === PATHS.search)
    countCachedSearch(request.url ?? '', request.headers['x-forwarded-for']?.toString());
  return true;
}

/** The page cache's copy of a page, a search or a public read (page-cache.ts), before anything is rendered. */
export const pageCacheAnswerStep: RequestStep = {
  name: 'page cache',
  run(request, response) {
    const started = process.hrtime.bigint();
    if (!answerCachedPage(request, response)) return false;
    if (pathnameOf(request.url) === PATHS.search) timeSearchPagePart(response, 'cached', started);
    return true;
  },
};
