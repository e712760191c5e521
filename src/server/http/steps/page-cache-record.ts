import 'server-only';
import { recordForPageCache } from '../page-cache-capture';
import type { RequestStep } from '../request-step';

/**
 * The last step before Next.js: the answer it is about to render is held back or recorded for the page cache
 * (page-cache.ts), which sends it with its own nonce and keeps it when it may be shared.
 */
export const pageCacheRecordStep: RequestStep = {
  name: 'page cache capture',
  run(request, response) {
    recordForPageCache(request, response);
    return false;
  },
};
