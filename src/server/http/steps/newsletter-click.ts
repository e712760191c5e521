import 'server-only';
import { getDb } from '../../db/client';
import { CLICK_PATH_PREFIX, followClick } from '../../newsletter/campaign-links';
import { isRead, pathnameOf, type RequestStep } from '../request-step';

/**
 * `/r/{token}`, the links of newsletter campaigns: a token the server signed for a link of a campaign answers
 * 302 to that link's URL, after counting the click (a GET; a HEAD only reads). Anything else goes on to Next.js,
 * which has no such page: the site's 404. The redirect only ever leads to a URL a campaign held.
 */
export const newsletterClickStep: RequestStep = {
  name: 'newsletter click redirect',
  run(request, response) {
    const pathname = pathnameOf(request.url);
    if (!isRead(request) || !pathname.startsWith(CLICK_PATH_PREFIX)) return false;
    const token = pathname.slice(CLICK_PATH_PREFIX.length);
    return getDb()
      .then((db) => followClick(db, token, request.method === 'GET'))
      .then((location) => {
        if (!location) return false;
        response.writeHead(302, {
          location,
          'cache-control': 'no-store',
          'referrer-policy': 'no-referrer',
          'content-length': 0,
        });
        response.end();
        return true;
      });
  },
};
