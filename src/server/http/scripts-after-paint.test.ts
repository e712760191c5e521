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

  it('finds the tags whatever their attribute order, quotes or case, and keeps every other byte', () => {
    const tags = [
      `<script async nonce='${NONCE}' src='/_next/static/chunks/a.js'></script>`,
      `<SCRIPT NONCE=${NONCE} SRC=/_next/static/chunks/b.js ASYNC></SCRIPT>`,
      `<script nonce="${NONCE}" async src="/_next/static/chunks/c.js" ></script>`,
    ];
    const preloads = [
      `<link href='/_next/static/chunks/a.js' as=script rel='preload' nonce="${NONCE}">`,
      '<link as="SCRIPT" rel="preload" href="/_next/static/chunks/c.js" fetchPriority="low"/>',
    ];
    const head = '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>';
    const body = '</head><body><h1>Actualité</h1><p>déjà vu</p>';
    const page = withScriptsAfterPaint(
      `${head}${preloads[0]}${tags[0]}${tags[1]}${body}${preloads[1]}${tags[2]}</body></html>`,
    );
    expect(sourcesOf(page)).toEqual([
      '/_next/static/chunks/a.js',
      '/_next/static/chunks/b.js',
      '/_next/static/chunks/c.js',
    ]);
    const loaderStart = page.indexOf(`<script nonce="${NONCE}">(function(){`);
    expect(loaderStart).toBeGreaterThan(0);
    expect(page.slice(0, loaderStart)).toBe(`${head}${body}`);
    expect(page.slice(page.indexOf('</script>', loaderStart) + '</script>'.length)).toBe('</body></html>');
  });

  it('does not take what is in a comment or an inline script for a tag or the end of the body', () => {
    const inline = `<script nonce="${NONCE}">self.__next_f.push([1,"</body><script src=\\"/_next/static/chunks/x.js\\" async>"])</script>`;
    const comment =
      '<!-- </body> <link rel="preload" as="script" href="/_next/static/chunks/main-boot.js"> -->';
    const page = withScriptsAfterPaint(
      PAGE.replace('</body>', `${inline}</body>`).replace('</head>', `${comment}</head>`),
    );
    expect(page).toContain(comment);
    expect(page).toContain(`${inline}<script nonce="${NONCE}">(function(){`);
    expect(sourcesOf(page)).not.toContain('/_next/static/chunks/x.js');
  });

  // Next's output that stops matching must leave the page as Next sent it (the end-to-end test
  // scripts-after-paint.e2e.ts then fails on the tags still there), never a half-rewritten page.
  it.each([
    [
      'a chunk with another attribute',
      `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}" type="module"></script>`,
    ],
    [
      'a chunk address with a query',
      `<script src="/_next/static/chunks/a.js?dpl=1" async="" nonce="${NONCE}"></script>`,
    ],
    [
      'a chunk outside the chunks folder',
      `<script src="/_next/static/a.js" async="" nonce="${NONCE}"></script>`,
    ],
    ['a chunk without its nonce', '<script src="/_next/static/chunks/a.js" async=""></script>'],
    [
      'a chunk with code in it',
      `<script src="/_next/static/chunks/a.js" async="" nonce="${NONCE}">1</script>`,
    ],
  ])('leaves the page unchanged when its chunk tags take another shape: %s', (_shape, tag) => {
    const page = `<!DOCTYPE html><html><head><link rel="preload" as="script" href="/_next/static/chunks/a.js"/>${tag}</head><body><p>x</p></body></html>`;
    expect(withScriptsAfterPaint(page)).toBe(page);
  });
});
