import 'server-only';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * A withdrawn address (an unpublished article, an old address removed) answers 410 Gone with the reader site's
 * page for it, in the site's frame: the request goes on to Next.js as the page `GONE_PAGE_PATH`, and the status
 * Next.js writes becomes 410, never cached, never indexed. A Next.js page alone can only answer 404.
 */
export const GONE_PAGE_PATH = '/contenu-retire';

/** True for the withdrawn-content page's own address, which is gone too: it never answers 200. */
export function isGonePagePath(pathname: string): boolean {
  return pathname === GONE_PAGE_PATH || pathname === `${GONE_PAGE_PATH}/`;
}

const NEXT_DECIDES_NOT = /^(cache-control|x-robots-tag)$/i;

/** Responses already turned into the 410 page (a removed address is then the page's own address). */
const served = new WeakSet<ServerResponse>();

/** Serves the withdrawn-content page, with status 410, in place of the address asked for. */
export function serveGonePage(request: IncomingMessage, response: ServerResponse): void {
  if (served.has(response)) return;
  served.add(response);
  request.url = GONE_PAGE_PATH;
  // Never a 304 from a copy made for another address.
  delete request.headers['if-none-match'];
  delete request.headers['if-modified-since'];
  const writeHead = response.writeHead;
  response.writeHead = function goneWriteHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    const given = rest.find((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries((given ?? {}) as OutgoingHttpHeaders)) {
      if (!NEXT_DECIDES_NOT.test(name)) headers[name] = value;
    }
    this.setHeader('Cache-Control', 'no-store');
    this.setHeader('X-Robots-Tag', 'noindex');
    return Reflect.apply(writeHead, this, [status === 200 ? 410 : status, headers]) as ServerResponse;
  } as ServerResponse['writeHead'];
}
