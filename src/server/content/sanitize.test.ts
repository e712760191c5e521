import { describe, expect, it } from 'vitest';
import { EMBED_PROVIDERS, htmlToPlainText, sanitizeEditorialHtml, sanitizeNewsroomHtml } from './sanitize';

describe('sanitizeEditorialHtml', () => {
  it('keeps editorial markup', () => {
    const html =
      '<h2>Titre</h2><p>Un <strong>gras</strong>, un <em>italique</em><br />et <span class="note">une note</span>.</p>' +
      '<ul><li>un</li></ul><ol><li>deux</li></ol><blockquote>cité</blockquote>' +
      '<table><thead><tr><th scope="col">Taux</th></tr></thead><tbody><tr><td colspan="2">20 %</td></tr></tbody></table>' +
      '<figure><img src="https://img.example.fr/a.jpg" alt="Photo" width="640" height="360" /><figcaption>Légende</figcaption></figure>';
    expect(sanitizeEditorialHtml(html)).toBe(html);
  });

  it('keeps links with href, title and target, adding rel to new tabs', () => {
    expect(
      sanitizeEditorialHtml(
        '<a href="https://www.legifrance.gouv.fr/" title="Légifrance" target="_blank">loi</a>',
      ),
    ).toBe(
      '<a href="https://www.legifrance.gouv.fr/" title="Légifrance" target="_blank" rel="noopener noreferrer">loi</a>',
    );
    expect(
      sanitizeEditorialHtml(
        '<a href="/archives/2024/03">mars</a><a href="mailto:redaction@example.fr">écrire</a>',
      ),
    ).toBe('<a href="/archives/2024/03">mars</a><a href="mailto:redaction@example.fr">écrire</a>');
  });

  it('resolves internal flash links', () => {
    expect(sanitizeEditorialHtml('<a href="flash:id:12345">voir</a>')).toBe(
      '<a href="/actualite/actu_12345">voir</a>',
    );
  });

  it('removes scripts, styles and forms with their content', () => {
    expect(
      sanitizeEditorialHtml(
        '<p>avant<script>alert(1)</script>après</p><style>p{}</style><form><input></form>',
      ),
    ).toBe('<p>avantaprès</p>');
  });

  it('removes event handlers and inline styles', () => {
    expect(
      sanitizeEditorialHtml(
        '<p onclick="steal()" style="color:red">texte</p><img src="https://x.fr/a.png" onerror="steal()">',
      ),
    ).toBe('<p>texte</p><img src="https://x.fr/a.png" />');
  });

  it('removes javascript: and data: URLs', () => {
    expect(
      sanitizeEditorialHtml('<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a>'),
    ).toBe('<a>a</a><a>b</a>');
    expect(sanitizeEditorialHtml('<p><img src="data:image/png;base64,AAAA"></p>')).toBe('<p></p>');
    expect(sanitizeEditorialHtml('<a href="//evil.example/">c</a>')).toBe('<a>c</a>');
  });

  it('keeps frames from every embed provider over https', () => {
    for (const { hostname } of EMBED_PROVIDERS) {
      const frame = `<iframe src="https://${hostname}/embed?id=1" width="100%" height="300" title="Contenu" frameborder="0"></iframe>`;
      expect(sanitizeEditorialHtml(frame)).toBe(frame);
    }
    expect(EMBED_PROVIDERS.map((provider) => provider.hostname)).toEqual([
      'player.ausha.co',
      'w.soundcloud.com',
      'e.infogram.com',
      'cdn.knightlab.com',
      'datawrapper.dwcdn.net',
      'platform.twitter.com',
    ]);
  });

  it('drops frames from other hosts, over http or relative', () => {
    for (const src of [
      'https://evil.example/',
      'https://player.ausha.co.evil.example/',
      'http://player.ausha.co/',
      '/embed/simulateur',
      'javascript:alert(1)',
    ]) {
      expect(sanitizeEditorialHtml(`<p>a<iframe src="${src}"></iframe>b</p>`)).toBe('<p>ab</p>');
    }
  });

  it('turns h1 into h2 and unwraps unknown tags', () => {
    expect(sanitizeEditorialHtml('<h1>Titre</h1><section><font>texte</font></section>')).toBe(
      '<h2>Titre</h2>texte',
    );
  });
});

describe('htmlToPlainText', () => {
  it('gives the words of the HTML with whitespace collapsed and entities decoded', () => {
    expect(
      htmlToPlainText(
        '<h2>Titre</h2><p>Un&nbsp;<a href="https://x.fr">lien</a> &amp; du <strong>gras</strong>.</p><ul><li>un</li><li>deux</li></ul>',
      ),
    ).toBe('Titre Un lien & du gras. un deux');
  });

  it('separates table cells and skips images and frames', () => {
    expect(
      htmlToPlainText(
        '<table><tr><th>Taux</th><th>Valeur</th></tr><tr><td>TVA</td><td>20 %</td></tr></table><img src="a.png" alt="x"><iframe src="https://e.infogram.com/x"></iframe><p>fin</p>',
      ),
    ).toBe('Taux Valeur TVA 20 % fin');
  });

  it('gives an empty text for empty HTML', () => {
    expect(htmlToPlainText('')).toBe('');
  });
});

describe('sanitizeNewsroomHtml', () => {
  it('keeps internal flash:id links for the editor, and drops every other unsafe link', () => {
    const html =
      '<p><a href="flash:id:A-1">interne</a><a href="flash:autre">x</a><a href="javascript:alert(1)">y</a></p>' +
      '<script>alert(1)</script><table><tr><td>1</td></tr></table>';
    expect(sanitizeNewsroomHtml(html)).toBe(
      '<p><a href="flash:id:A-1">interne</a><a>x</a><a>y</a></p><table><tr><td>1</td></tr></table>',
    );
  });
});

describe('figures of the media library', () => {
  const KEY = '0123456789abcdef0123456789abcdef';
  const figure = (image: string, caption = '<figcaption>Le tribunal</figcaption>') =>
    `<figure>${image}${caption}</figure>`;

  it('keeps figure, img (src, alt, width, height) and figcaption, and adds the site’s srcset and sizes', () => {
    const html = figure(
      `<img src="/media/${KEY}/original.jpg" alt="La façade du tribunal" width="1000" height="600" />`,
    );
    const variants = [320, 640, 960, 1000]
      .map((width) => `/media/${KEY}/w${width}.webp ${width}w`)
      .join(', ');
    expect(sanitizeEditorialHtml(html)).toBe(
      figure(
        `<img src="/media/${KEY}/original.jpg" alt="La façade du tribunal" width="1000" height="600" srcset="${variants}" sizes="(min-width: 1240px) 876px, (min-width: 1000px) calc(100vw - 364px), calc(100vw - 2rem)" loading="lazy" decoding="async" />`,
      ),
    );
  });

  it('builds the optimiser’s srcset for the site’s own images, none for others', () => {
    const optimised = sanitizeEditorialHtml(
      figure('<img src="/media/covers/fiscal-1.webp" alt="Un bureau" width="1200" height="675" />'),
    );
    expect(optimised).toContain(
      'srcset="/_next/image?url=%2Fmedia%2Fcovers%2Ffiscal-1.webp&amp;w=32&amp;q=75 32w,',
    );
    expect(optimised).toContain(
      '/_next/image?url=%2Fmedia%2Fcovers%2Ffiscal-1.webp&amp;w=1200&amp;q=75 1200w,',
    );
    expect(sanitizeEditorialHtml('<img src="https://x.fr/a.png" alt="a" width="300" />')).toBe(
      '<img src="https://x.fr/a.png" alt="a" width="300" />',
    );
  });

  it('keeps nothing more: attributes of figure and figcaption, styles, handlers and an input srcset go', () => {
    const hostile =
      `<figure class="wide" style="float:left" onclick="steal()" data-x="1">` +
      `<img src="/media/${KEY}/original.png" alt="Un graphique" srcset="https://evil.example/x.png 2x" sizes="1px" loading="eager" class="big" style="width:1px" onerror="steal()" data-id="3" />` +
      `<figcaption class="c" style="color:red" onclick="steal()">Source <script>steal()</script><strong>Insee</strong></figcaption></figure>`;
    const sanitised = sanitizeEditorialHtml(hostile);
    expect(sanitised).toBe(
      `<figure><img src="/media/${KEY}/original.png" alt="Un graphique" /><figcaption>Source <strong>Insee</strong></figcaption></figure>`,
    );
    expect(sanitizeNewsroomHtml(hostile)).toBe(sanitised);
  });
});
