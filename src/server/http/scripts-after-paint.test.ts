import { describe, expect, it } from 'vitest';
import { HYDRATED_EVENT } from '@/lib/hydration';
import { withScriptsAfterPaint } from './scripts-after-paint';

const NONCE = 'rEj0sYfzHtdPR3d98JeMQA==';

/** The shape Next.js 16 writes: chunks in the head, a preload of the bootstrap script, the legacy polyfills. */
const PAGE =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>' +
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/main-boot.js"/>` +
  '<link rel="preload" href="/_next/static/media/serif.woff2" as="font" crossorigin="" type="font/woff2"/>' +
  '<link rel="stylesheet" href="/_next/static/chunks/page.css" nonce="' +
  NONCE +
  '"/>' +
  `<script src="/_next/static/chunks/0fub2jtmm8i-t.js" async="" nonce="${NONCE}"></script>` +
  `<script src="/_next/static/chunks/turbopack-077hmtqrhcoji.js" async="" nonce="${NONCE}"></script>` +
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>` +
  '</head><body><h1>Actualité</h1>' +
  `<script src="/_next/static/chunks/main-boot.js" nonce="${NONCE}" async=""></script>` +
  `<script nonce="${NONCE}">self.__next_f.push([1,"x"])</script></body></html>`;

const sourcesOf = (html: string) => JSON.parse(/var sources=(\[[^\]]*\])/.exec(html)?.[1] ?? 'null');

describe('the framework scripts after the largest paint (decision 068)', () => {
  it('takes the async chunks and their preload out and has the loader add them, with the page nonce', () => {
    const page = withScriptsAfterPaint(PAGE);
    expect(page).not.toMatch(
      /<script src="\/_next\/static\/chunks\/[^"]+" (async="" )?nonce="[^"]+"( async="")?>/,
    );
    expect(page).not.toContain('rel="preload" as="script"');
    expect(sourcesOf(page)).toEqual([
      '/_next/static/chunks/0fub2jtmm8i-t.js',
      '/_next/static/chunks/turbopack-077hmtqrhcoji.js',
      '/_next/static/chunks/main-boot.js',
    ]);
    // The loader ends the body, after the framework's inline data, and carries the page's nonce.
    expect(page).toMatch(
      new RegExp(
        `self\\.__next_f\\.push\\(\\[1,"x"\\]\\)</script><script nonce="${NONCE}">\\(function\\(\\)\\{.*</script></body></html>$`,
        's',
      ),
    );
    expect(page).toContain(JSON.stringify(HYDRATED_EVENT));
  });

  it('leaves the rest of the page as it was: styles, fonts, legacy polyfills, inline scripts', () => {
    const page = withScriptsAfterPaint(PAGE);
    expect(page).toContain('<link rel="preload" href="/_next/static/media/serif.woff2" as="font"');
    expect(page).toContain('<link rel="stylesheet" href="/_next/static/chunks/page.css"');
    expect(page).toContain(
      `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script>`,
    );
    expect(page).toContain(`<script nonce="${NONCE}">self.__next_f.push([1,"x"])</script>`);
    expect(
      page.startsWith('<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="preload" href'),
    ).toBe(true);
  });

  it('changes nothing in a page without framework scripts or without an end of body', () => {
    const plain = '<!DOCTYPE html><html><body><p>Hors ligne</p></body></html>';
    expect(withScriptsAfterPaint(plain)).toBe(plain);
    const cut = PAGE.slice(0, PAGE.indexOf('</body>'));
    expect(withScriptsAfterPaint(cut)).toBe(cut);
  });

  it('keeps a script whose nonce differs from the first one found (never given a nonce it did not have)', () => {
    const other = `<script src="/_next/static/chunks/other.js" async="" nonce="AAAAAAAAAAAAAAAAAAAAAA=="></script>`;
    const page = withScriptsAfterPaint(PAGE.replace('</head>', `${other}</head>`));
    expect(page).toContain(other);
    expect(sourcesOf(page)).not.toContain('/_next/static/chunks/other.js');
  });
});
