import { describe, expect, it } from 'vitest';
import { gateContent, isPaywallableFor, visibleHead, visiblePlainText } from './paywall';

const paragraph = (word: string, count: number) =>
  `<p>${Array.from({ length: count }, () => word).join(' ')}</p>`;

describe('visibleHead', () => {
  it('keeps whole blocks within 20 percent of the text', () => {
    // Ten paragraphs of equal length: two fit in 20 percent.
    const html = Array.from({ length: 10 }, (_, index) => paragraph(`mot${index}`, 10)).join('');
    const head = visibleHead(html);
    expect(head).toBe(paragraph('mot0', 10) + paragraph('mot1', 10));
    expect(head).not.toContain('mot2');
  });

  it('never lets a block straddle the cut', () => {
    const html = `${paragraph('court', 5)}<h2>Titre</h2>${paragraph('long', 200)}`;
    const head = visibleHead(html);
    expect(head).toContain('court');
    expect(head).toContain('Titre');
    expect(head).not.toContain('long');
  });

  it('cuts a first block longer than the share at a word, as text', () => {
    const html = `<p>début ${'secret '.repeat(50)}</p><p>fin cachée</p>`;
    const head = visibleHead(html);
    expect(head.startsWith('<p>début')).toBe(true);
    expect(head.endsWith('…</p>')).toBe(true);
    expect(head).not.toContain('cachée');
    expect(head.length).toBeLessThan(html.length * 0.3);
  });

  it('looks into a single wrapping container', () => {
    const html = `<div>${Array.from({ length: 5 }, (_, index) => paragraph(`b${index}`, 4)).join('')}</div>`;
    expect(visibleHead(html)).toBe(paragraph('b0', 4));
  });

  it('keeps accented letters as they are and escapes only what HTML requires', () => {
    const html = `<p>Publié l'été &amp; « à jour »</p>${paragraph('suite', 100)}`;
    expect(visibleHead(html)).toBe("<p>Publié l'été &amp; « à jour »</p>");
  });

  it('escapes the text of a cut first block', () => {
    const html = `<p>a &lt;b&gt; ${'x '.repeat(100)}</p><p>${'y '.repeat(300)}</p>`;
    expect(visibleHead(html)).toContain('&lt;b&gt;');
  });

  it('gives nothing for an empty body', () => {
    expect(visibleHead('')).toBe('');
    expect(visibleHead('<img src="https://example.org/a.png">')).toBe('');
  });
});

describe('gateContent', () => {
  const sections = [
    { title: 'Premier', view: '<p>ouvert</p>' },
    { title: 'Second', view: '<p>réservé</p>' },
  ];

  it('leaves everything to a visitor with access', () => {
    const gated = gateContent({ view: '<p>corps</p>', sections, paywalled: true }, true);
    expect(gated).toEqual({ view: '<p>corps</p>', sections, isPaywallable: false });
  });

  it('keeps the body and only the first section of enriched news', () => {
    const gated = gateContent({ view: '<p>intro</p>', sections, paywalled: false }, false);
    expect(gated).toEqual({ view: '<p>intro</p>', sections: [sections[0]], isPaywallable: true });
  });

  it('keeps only the head of a paywalled enriched news body', () => {
    const view = Array.from({ length: 10 }, (_, index) => paragraph(`p${index}`, 10)).join('');
    const gated = gateContent({ view, sections, paywalled: true }, false);
    expect(gated).toEqual({ view: visibleHead(view), sections: [sections[0]], isPaywallable: true });
  });

  it('cuts a paywalled article to its head', () => {
    const view = Array.from({ length: 10 }, (_, index) => paragraph(`p${index}`, 10)).join('');
    const gated = gateContent({ view, sections: [], paywalled: true }, false);
    expect(gated.isPaywallable).toBe(true);
    expect(gated.view).toBe(visibleHead(view));
  });

  it('leaves free articles alone', () => {
    const gated = gateContent({ view: '<p>libre</p>', sections: [], paywalled: false }, false);
    expect(gated).toEqual({ view: '<p>libre</p>', sections: [], isPaywallable: false });
    expect(isPaywallableFor({ paywalled: false, sectionCount: 0 }, false)).toBe(false);
  });
});

describe('visiblePlainText', () => {
  it('holds the summary and the open part only', () => {
    const sections = [
      { title: 'Premier', view: '<p>ouvert</p>' },
      { title: 'Second', view: '<p>réservé</p>' },
    ];
    const text = visiblePlainText({ summary: 'Chapô', view: '', sections, paywalled: false }, false);
    expect(text).toBe('Chapô\nPremier\nouvert');
    expect(visiblePlainText({ summary: 'Chapô', view: '', sections, paywalled: false }, true)).toContain(
      'réservé',
    );
  });
});
