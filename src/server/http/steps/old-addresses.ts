import 'server-only';
import { answerGoneArticle } from '../../newsroom/gone';
import { answerRedirect } from '../../site-newsroom/redirects';
import type { RequestStep } from '../request-step';

/**
 * Old addresses, from tables in memory: the newsroom's redirected and removed addresses (301/410), then a withdrawn
 * article's address (410), before Next.js renders anything for them.
 */
export const oldAddressesStep: RequestStep = {
  name: 'redirects and removed addresses',
  run(request, response) {
    return answerRedirect(request, response) || answerGoneArticle(request, response);
  },
};
