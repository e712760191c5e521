import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CONSENT_STATE_SCRIPT } from '@/lib/consent';
import { EMBED_PROVIDERS } from '../content/sanitize';
import { env } from '../env';
import { isCachedPagePath } from '../http/route-table';
import { buildDir } from '../lib/build-dir';

/**
 * Security headers (OWASP ASVS 5, V3.4) and the Content-Security-Policy of every answer. Why three kinds of script
 * allowance (docs/decisions/004-content-security-policy.md):
 * - a page rendered per request gets a fresh nonce, which Next.js stamps on its own scripts;
 * - a page kept in Next's cache (ISR) is rendered once for many visitors, so its scripts carry the cache nonce:
 *   one value per build, the same on every instance; the edge (nginx, bench/scale) swaps it for a fresh one on
 *   every answer;
 * - a page prerendered at build time has no nonce at all: its inline scripts are allowed by their hashes, read
 *   from the built HTML.
 */

/** The `/embed/` simulators are framed by our own `/simulateurs/` pages; nothing else may be framed. */
function isEmbedPath(pathname: string): boolean {
  return pathname === '/embed' || pathname.startsWith('/embed/');
}

/** A fresh, unguessable nonce (128 bits). */
export function freshNonce(): string {
  return randomBytes(16).toString('base64');
}

let cacheNonce: string | undefined;

/**
 * The nonce baked into cached pages: derived from the build id, so every instance of one build agrees and a new
 * build (new scripts) gets a new value. Not secret once a page is read; see the decision record for why it still
 * holds on cached pages and how the edge makes it per-answer.
 */
export function cachePageNonce(): string {
  if (cacheNonce) return cacheNonce;
  const buildIdFile = path.join(buildDir(), 'BUILD_ID');
  const buildId = existsSync(buildIdFile) ? readFileSync(buildIdFile, 'utf8').trim() : 'development';
  cacheNonce = createHash('sha256').update(`csp-cache-nonce:${buildId}`).digest('base64').slice(0, 24);
  return cacheNonce;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The sha256 sources of every inline script of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/** Hashes of each prerendered page's file, with the modification time they were read at. */
const prerenderedHashes = new Map<string, { modifiedMs: number; hashes: string[] }>();

/**
 * Hashes of the inline scripts of the page prerendered for this path, null when there is none. A revalidation
 * (a publication refreshes every page) renders the page again into the same file, with other inline scripts:
 * the hashes follow the file's modification time, or the page's own scripts would be refused after the first
 * publication.
 */
export function prerenderedPageHashes(pathname: string): string[] | null {
  const name = pathname === '/' ? 'index' : pathname.replace(/^\/+|\/+$/g, '');
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/.test(name)) return null;
  // ISR entries are written to the same folder at run time: only the build's own static pages count.
  if (isCachedPagePath(pathname)) return null;
  const file = path.join(buildDir(), 'server', 'app', `${name}.html`);
  let modifiedMs: number;
  try {
    modifiedMs = statSync(file).mtimeMs;
  } catch {
    return null;
  }
  const cached = prerenderedHashes.get(name);
  if (cached?.modifiedMs === modifiedMs) return cached.hashes;
  const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
  prerenderedHashes.set(name, { modifiedMs, hashes });
  return hashes;
}

export type PolicyInput = {
  pathname: string;
  /** The nonce of this answer (fresh, or the cache nonce on cached pages); absent on prerendered pages. */
  nonce?: string;
  /** Extra script hashes (prerendered pages, the static not-found page). */
  hashes?: readonly string[];
};

function analyticsOrigin(): string | undefined {
  const url = env().ANALYTICS_SCRIPT_URL;
  return url ? new URL(url).origin : undefined;
}

/** The consent state script of every page's <head> (src/lib/consent.ts), allowed by its hash on every page. */
const CONSENT_STATE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(CONSENT_STATE_SCRIPT).digest('base64')}'`;

/** The Content-Security-Policy of an HTML answer. */
export function contentSecurityPolicy({ pathname, nonce, hashes = [] }: PolicyInput): string {
  const analytics = analyticsOrigin();
  const scriptSources = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...new Set([CONSENT_STATE_SCRIPT_HASH, ...hashes]),
    ...(analytics ? [analytics] : []),
  ];
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    // React and the carousels set style attributes; styles cannot run code, so inline styles stay allowed.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${analytics ? ` ${analytics}` : ''}`,
    "font-src 'self'",
    `connect-src 'self'${analytics ? ` ${analytics}` : ''}`,
    `frame-src 'self' ${EMBED_PROVIDERS.map((provider) => `https://${provider.hostname}`).join(' ')}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${isEmbedPath(pathname) ? "'self'" : "'none'"}`,
  ];
  if (env().APP_ENV === 'production') directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** The policy of an answer that is not a document (API, feeds): nothing may run or frame it. */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a media file (/media/…, uploaded or shipped): a PDF opened in a tab is a document, and one made to
 * run script must run nothing, under an opaque origin.
 */
export const MEDIA_FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";
