import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { proxy } from '@/proxy';
import { EMBED_PROVIDERS } from '@/server/content/sanitize';
import { inlineScriptHashes } from '@/server/observability/security-headers';
import nextConfig from '../../next.config';

/** The headers src/proxy.ts and next.config.ts give every answer (browser checks: tests/e2e/security.e2e.ts). */
function answer(pathname: string, headers: Record<string, string> = {}) {
  return proxy(new NextRequest(new URL(pathname, 'http://localhost:3000'), { headers }));
}

const policyOf = (response: Response) => response.headers.get('content-security-policy') ?? '';
const nonceOf = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
/** What Next.js reads to stamp its scripts: the policy forwarded on the request. */
const forwardedPolicy = (response: Response) =>
  response.headers.get('x-middleware-request-content-security-policy');

describe('Content-Security-Policy', () => {
  it('gives a page rendered per request a fresh nonce, forwarded to the renderer', () => {
    const first = answer('/search');
    const second = answer('/search');
    const nonce = nonceOf(policyOf(first));
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(policyOf(second))).not.toBe(nonce);
    expect(forwardedPolicy(first)).toBe(policyOf(first));
    const policy = policyOf(first);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('gives cached pages the one cache nonce of the build, so cache hits keep working scripts', () => {
    const article = nonceOf(policyOf(answer('/actualite/un-article_12')));
    expect(article).toBeDefined();
    expect(nonceOf(policyOf(answer('/actualite/fiscal')))).toBe(article);
    expect(nonceOf(policyOf(answer('/archives/2025/3')))).toBe(article);
    // The home page is cached per trade (rewritten onto /accueil/<trade> after the proxy).
    expect(nonceOf(policyOf(answer('/')))).toBe(article);
    expect(nonceOf(policyOf(answer('/agenda')))).not.toBe(article);
  });

  it('frames only the six embed providers and our simulators; only our pages may frame /embed', () => {
    const policy = policyOf(answer('/actualite/un-article_12'));
    const frameSrc = /frame-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    expect(frameSrc).toEqual([
      "'self'",
      ...EMBED_PROVIDERS.map((provider) => `https://${provider.hostname}`),
    ]);
    expect(policyOf(answer('/embed/impot-revenu'))).toContain("frame-ancestors 'self'");
    expect(policyOf(answer('/simulateurs/impot-revenu_1'))).toContain("frame-ancestors 'none'");
  });

  it('gives data answers a policy that runs nothing', () => {
    for (const pathname of ['/api/article/summary', '/rss', '/sitemap.xml', '/metrics']) {
      expect(policyOf(answer(pathname))).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  it('gives media files the sandbox policy of their route: an uploaded PDF runs nothing', () => {
    for (const path of [
      '/media/12/original.pdf',
      '/media/12/w640.webp',
      '/media/attachments/texte-officiel.pdf',
    ]) {
      expect([path, policyOf(answer(path))]).toEqual([path, "default-src 'none'; sandbox"]);
    }
  });

  it('hashes exactly the inline scripts of a prerendered page', () => {
    const html =
      '<script src="/_next/static/a.js"></script><script>self.__next_f=[]</script><script>x()</script>';
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-MtNathcL7FFo76nJ83KzxKslrQM9BY73dB09RyHWaLo='",
      "'sha256-D6IGS8VMvCoyaR/l0h9tERrBTATY01CoPS7l6xDv0kI='",
    ]);
  });
});

describe('request id', () => {
  it('keeps a well-formed id from the reverse proxy and replaces anything else', () => {
    expect(answer('/', { 'x-request-id': 'abcdef0123456789' }).headers.get('x-request-id')).toBe(
      'abcdef0123456789',
    );
    const replaced = answer('/', { 'x-request-id': '<script>' }).headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('headers on every answer', () => {
  it('sets HSTS for a year, nosniff, the referrer and permissions policies on every path', async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    expect(rules).toHaveLength(1);
    expect(rules[0]?.source).toBe('/:path*');
    const headers = Object.fromEntries((rules[0]?.headers ?? []).map((header) => [header.key, header.value]));
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['Permissions-Policy']).toContain('camera=()');
  });
});

describe('malformed URLs', () => {
  it('refuses a NUL byte anywhere and a page segment holding a raw % once decoded, with 400', async () => {
    for (const target of [
      '/api/search/results?terme=a%00b',
      '/actualite/%25/true',
      '/simulateurs/%E0%A4%A',
      '/a%00',
    ]) {
      const response = answer(target);
      expect(response.status, target).toBe(400);
      expect(await response.text()).toBe('Requête invalide.');
    }
    expect(answer('/actualite/impot-sur-le-revenu_12').status).toBe(200);
    expect(answer('/api/search/suggest?term=100%25').status).toBe(200);
  });
});
