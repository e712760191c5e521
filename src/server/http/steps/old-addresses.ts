import 'server-only';
import { answerGoneArticle } from '../../editorial/gone';
import { answerRedirect } from '../../taxonomy/redirects';
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
