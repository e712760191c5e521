import { describe, expect, it } from 'vitest';
import { type ArticleReference, citedTexts, linkReferences } from './article-links';
import { describeReference } from './describe';

function reference(key: string, display: string): ArticleReference {
  const description = describeReference(key);
  if (!description) throw new Error(key);
  return { ...description, display };
}

const layoff = reference('code:code-du-travail:l1233-3', 'L. 1233-3');
const redeployment = reference('code:code-du-travail:l1233-4', 'L. 1233-4 du Code du travail');

describe('linkReferences', () => {
  it('links each citation to its official source, as an external link', () => {
    const html = linkReferences(
      '<p>Les articles L. 1233-3 et L. 1233-4 du Code du travail s’appliquent.</p>',
      [layoff, redeployment],
    );
    expect(html).toBe(
      `<p>Les articles <a href="${layoff.url.replaceAll('&', '&amp;')}" rel="noopener external" title="Article L. 1233-3 du Code du travail (texte officiel)">L. 1233-3</a> et <a href="${redeployment.url.replaceAll('&', '&amp;')}" rel="noopener external" title="Article L. 1233-4 du Code du travail (texte officiel)">L. 1233-4 du Code du travail</a> s’appliquent.</p>`,
    );
  });

  it('leaves text already in a link, and HTML without a citation, as it is', () => {
    const html = '<p><a href="/x">L. 1233-3</a> <strong>rien</strong> &amp; plus</p>';
    expect(linkReferences(html, [layoff])).toBe(html);
    expect(linkReferences('<p>Rien à lier.</p>', [layoff])).toBe('<p>Rien à lier.</p>');
  });

  it('reads citations in nested elements and escapes the text around them', () => {
    expect(linkReferences('<ul><li><em>Voir L. 1233-3 &lt;note&gt;</em></li></ul>', [layoff])).toMatch(
      /^<ul><li><em>Voir <a [^>]+>L\. 1233-3<\/a> &lt;note&gt;<\/em><\/li><\/ul>$/,
    );
  });
});

it('citedTexts gives each text once, in the order of the text', () => {
  expect(
    citedTexts([layoff, redeployment, { ...layoff, display: 'article L. 1233-3' }]).map((text) => text.key),
  ).toEqual(['code:code-du-travail:l1233-3', 'code:code-du-travail:l1233-4']);
});
