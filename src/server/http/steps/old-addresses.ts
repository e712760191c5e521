import 'server-only';
import { serveGoneArticle } from '../../editorial/gone';
import { answerRedirect } from '../../taxonomy/redirects';
import type { RequestStep } from '../request-step';

/**
 * Old addresses, from tables in memory: the newsroom's redirected and removed addresses (301/410) are answered
 * here; a withdrawn article's address goes on to Next.js as the site's 410 page (`serveGoneArticle`).
 */
export const oldAddressesStep: RequestStep = {
  name: 'redirects and removed addresses',
  run(request, response) {
    if (answerRedirect(request, response)) return true;
    serveGoneArticle(request, response);
    return false;
  },
};
