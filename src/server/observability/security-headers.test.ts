import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_STATE_SCRIPT } from '@/lib/consent';
import { isCachedPagePath, REVALIDATED_PAGE_ROUTES } from '../http/route-table';
import { contentSecurityPolicy, inlineScriptHashes, prerenderedPageHashes } from './security-headers';

const distDir = mkdtempSync(path.join(tmpdir(), 'csp-hashes-'));
// The not-found page is the one page still prerendered at build (the editorial pages are cached since decision 024).
const page = path.join(distDir, 'server', 'app', '_not-found.html');
const previousDistDir = process.env.NEXT_DIST_DIR;

function writePage(script: string, modified: Date): string {
  const html = `<!doctype html><html><body><script>${script}</script></body></html>`;
  writeFileSync(page, html);
  utimesSync(page, modified, modified);
  return html;
}

beforeAll(() => {
  mkdirSync(path.dirname(page), { recursive: true });
  // The build folder is read relative to the working directory, as Next.js does.
  process.env.NEXT_DIST_DIR = path.relative(process.cwd(), distDir);
});

afterAll(() => {
  if (previousDistDir === undefined) delete process.env.NEXT_DIST_DIR;
  else process.env.NEXT_DIST_DIR = previousDistDir;
  rmSync(distDir, { recursive: true, force: true });
});

describe('contentSecurityPolicy', () => {
  it('allows the consent state script of every page by its hash, beside the nonce or the page hashes', () => {
    const [consentScript] = inlineScriptHashes(`<script>${CONSENT_STATE_SCRIPT}</script>`);
    const scriptSources = (policy: string) =>
      policy.split('; ').find((rule) => rule.startsWith('script-src '));
    expect(scriptSources(contentSecurityPolicy({ pathname: '/', nonce: 'abc' }))).toContain(consentScript);
    const prerendered = scriptSources(
      contentSecurityPolicy({ pathname: '/', hashes: [consentScript ?? ''] }),
    );
    // Once, even when a prerendered page's own hashes hold it too.
    expect(prerendered?.split(consentScript ?? '').length).toBe(2);
  });
});

describe('prerenderedPageHashes', () => {
  it('follows the page file when a revalidation renders it again', () => {
    const built = writePage('self.__next_f.push([1,"build"])', new Date('2026-11-23T10:00:00Z'));
    expect(prerenderedPageHashes('/_not-found')).toEqual(inlineScriptHashes(built));
    const revalidated = writePage(
      'self.__next_f.push([1,"after a publication"])',
      new Date('2026-11-23T11:00:00Z'),
    );
    expect(prerenderedPageHashes('/_not-found')).toEqual(inlineScriptHashes(revalidated));
    expect(inlineScriptHashes(revalidated)).not.toEqual(inlineScriptHashes(built));
  });

  it('answers null for a page that has no prerendered file or an unsafe name', () => {
    expect(prerenderedPageHashes('/page-sans-fichier')).toBeNull();
    // A cached page's file is an ISR entry written at run time: its scripts carry the cache nonce instead.
    writeFileSync(
      path.join(path.dirname(page), 'cgu.html'),
      '<script>self.__next_f.push([1,"isr"])</script>',
    );
    expect(prerenderedPageHashes('/cgu')).toBeNull();
    expect(prerenderedPageHashes('/../etc/passwd')).toBeNull();
  });
});

describe('the pages a content change refreshes', () => {
  /** Route files under src/app whose page exports `revalidate` (kept in Next's cache). */
  function cachedPageRoutes(): string[] {
    const appDir = path.resolve('src/app');
    return readdirSync(appDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /(^|\/)page\.tsx$/.test(file))
      .filter((file) => /^export const revalidate\b/m.test(readFileSync(path.join(appDir, file), 'utf8')))
      .map((file) => `/${path.dirname(file)}`)
      .sort();
  }

  it('are exactly the cached pages, each served with the cache nonce', () => {
    expect([...REVALIDATED_PAGE_ROUTES].sort()).toEqual(cachedPageRoutes());
    for (const route of REVALIDATED_PAGE_ROUTES) {
      const pathname = route.replace(/\/\([^)]+\)/g, '').replace(/\/\[.*$/, '');
      expect(isCachedPagePath(`${pathname}/x`), route).toBe(true);
    }
  });
});
