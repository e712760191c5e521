import 'server-only';
import { PATHS } from '@/lib/constants';
import { searchedTextLocation } from '../../search/params';
import { isRead, pathnameOf, type RequestStep } from '../request-step';

/**
 * A /search URL whose text is longer than a search reads (src/server/search/params.ts) answers 307 to the same URL
 * with the text searched. Without it every request for a pasted paragraph was rendered again: the page cache keeps
 * only texts a search reads whole.
 */
export const searchedTextStep: RequestStep = {
  name: 'searched-text redirect',
  run(request, response) {
    if (!isRead(request) || pathnameOf(request.url) !== PATHS.search) return false;
    const location = searchedTextLocation(request.url ?? '');
    if (!location) return false;
    response.writeHead(307, { location, 'cache-control': 'no-store', 'content-length': 0 });
    response.end();
    return true;
  },
};
