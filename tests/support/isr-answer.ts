import type { OutgoingHttpHeaders } from 'node:http';

// What the stand-ins for Next.js answer for a cached (ISR) page: used by the page cache's tests in the test runner
// (page-cache-stand-in.ts) and by a second server instance in a process of its own (second-instance.ts).

/** The build's cache nonce a cached page is rendered with (src/proxy.ts): as long as a fresh nonce. */
export const CACHE_NONCE = 'Q0FDSEVOT05DRTAxMjM0NQ==';
export const ISR_HEADERS: OutgoingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 's-maxage=60, stale-while-revalidate=31535940',
  // A copy of unknown age (the server's first look at it): kept PAGE_CACHE_SECONDS; the page cache's tests of
  // ISR_PAGE_CACHE_SECONDS answer MISS and STALE.
  'x-nextjs-cache': 'HIT',
  etag: '"abc"',
  'content-security-policy': `script-src 'self' 'nonce-${CACHE_NONCE}'`,
};
