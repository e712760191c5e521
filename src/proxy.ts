import { type NextRequest, NextResponse } from 'next/server';
import { isNewsroomPath } from '@/lib/newsroom-paths';
import { requestIdFrom } from '@/server/http/request-id';
import { isCachedPagePath } from '@/server/http/route-table';
import {
  cachePageNonce,
  contentSecurityPolicy,
  DATA_CONTENT_SECURITY_POLICY,
  freshNonce,
  prerenderedPageHashes,
} from '@/server/observability/security-headers';

const NOT_FOUND_PAGE = '/_not-found';

/**
 * Runs before every route: request id, security headers and the Content-Security-Policy whose nonce Next.js
 * stamps on its scripts while rendering (it reads the nonce from the request's CSP header).
 */
export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (isMalformed(request.url, pathname)) {
    // Refused before any code sees it: a NUL byte breaks PostgreSQL text parameters and file names, and a page
    // segment that still holds a raw '%' once decoded is never one of our slugs.
    return new NextResponse('Requête invalide.', {
      status: 400,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Security-Policy': DATA_CONTENT_SECURITY_POLICY,
      },
    });
  }
  const requestId = requestIdFrom(request.headers.get('x-request-id'));
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-request-id', requestId);

  let policy = DATA_CONTENT_SECURITY_POLICY;
  if (!isDataPath(pathname)) {
    const staticHashes = prerenderedPageHashes(pathname);
    // An unknown path is answered with the not-found page prerendered at build time: its scripts are allowed too.
    const hashes = [...(staticHashes ?? []), ...(prerenderedPageHashes(NOT_FOUND_PAGE) ?? [])];
    const nonce = staticHashes ? undefined : isCachedPagePath(pathname) ? cachePageNonce() : freshNonce();
    policy = contentSecurityPolicy({ pathname, nonce, hashes });
    requestHeaders.set('content-security-policy', policy);
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('x-request-id', requestId);
  response.headers.set('Content-Security-Policy', policy);
  // Newsroom: staff pages and the Admin API are never stored by a browser, proxy or CDN, nor indexed.
  if (isNewsroomPath(pathname)) {
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  }
  return response;
}

/** True for a URL no route may receive: a NUL byte anywhere, or a page path that is not cleanly encoded. */
function isMalformed(url: string, pathname: string): boolean {
  if (/%00/i.test(url)) return true;
  if (isDataPath(pathname)) return false;
  return pathname.split('/').some((segment) => {
    try {
      return decodeURIComponent(segment).includes('%');
    } catch {
      return true;
    }
  });
}

/** API calls, feeds and sitemaps answer data, never a document that runs scripts. */
function isDataPath(pathname: string): boolean {
  return (
    pathname.startsWith('/api/') ||
    pathname === '/metrics' ||
    pathname.startsWith('/rss') ||
    pathname.startsWith('/sitemap') ||
    pathname.endsWith('.xml') ||
    pathname.endsWith('.ics') ||
    pathname === '/robots.txt'
  );
}

export const config = {
  // Static build files need no policy (next.config.ts gives every answer the other headers); skipping them saves time.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
