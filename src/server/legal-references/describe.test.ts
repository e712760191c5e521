import { describe, expect, it } from 'vitest';
import { articleNumberLabel, describeReference, keyOfPath } from './describe';

describe('describeReference', () => {
  it('names a code article, links a Légifrance search for it in its code and gives our page', () => {
    const description = describeReference('code:code-du-travail:l1233-3');
    expect(description?.label).toBe('Article L. 1233-3 du Code du travail');
    expect(description?.path).toBe('/textes/code-du-travail/article-l1233-3');
    const url = new URL(description?.url ?? '');
    expect(url.origin).toBe('https://www.legifrance.gouv.fr');
    expect(url.searchParams.get('query')).toBe('L1233-3');
    expect(url.searchParams.get('nomCode')).toBe('Code du travail');
    expect(describeReference('code:cgi-annexe-3:46-quater-0-zz-bis')?.label).toBe(
      "Article 46 quater-0 ZZ bis de l'annexe III au Code général des impôts",
    );
    expect(describeReference('code:lpf:l16-b')?.label).toBe(
      'Article L. 16 B du Livre des procédures fiscales',
    );
  });

  it.each([
    [
      'bofip:BOI-TVA-CHAMP-10-10-10',
      'BOI-TVA-CHAMP-10-10-10',
      /^https:\/\/bofip\.impots\.gouv\.fr\//,
      '/textes/bofip/boi-tva-champ-10-10-10',
    ],
    [
      'cass:23-12.345',
      'Cour de cassation, pourvoi n° 23-12.345',
      /legifrance\.gouv\.fr\/search\/juri/,
      '/textes/cass/23-12.345',
    ],
    ['ce:472345', "Conseil d'État, n° 472345", /legifrance\.gouv\.fr\/search\/cetat/, '/textes/ce/472345'],
    [
      'cjue:C-608/24',
      'CJUE, affaire C-608/24',
      /^https:\/\/curia\.europa\.eu\/juris\/liste\.jsf\?num=C-608%2F24/,
      '/textes/cjue/c-608-24',
    ],
    [
      'cc:2024-1100-QPC',
      'Conseil constitutionnel, décision n° 2024-1100 QPC',
      /^https:\/\/www\.conseil-constitutionnel\.fr\/decision\/2024\/20241100QPC\.htm$/,
      '/textes/cc/2024-1100-qpc',
    ],
    ['loi:2024-1234', 'Loi n° 2024-1234', /legifrance\.gouv\.fr/, '/textes/loi/2024-1234'],
    ['decret:2025-123', 'Décret n° 2025-123', /legifrance\.gouv\.fr/, '/textes/decret/2025-123'],
    [
      'ordonnance:2017-1387',
      'Ordonnance n° 2017-1387',
      /legifrance\.gouv\.fr/,
      '/textes/ordonnance/2017-1387',
    ],
    [
      'directive:2006/112',
      'Directive 2006/112',
      /^https:\/\/eur-lex\.europa\.eu\/eli\/dir\/2006\/112\/oj$/,
      '/textes/directive/2006-112',
    ],
    [
      'reglement:2016/679',
      'Règlement 2016/679',
      /^https:\/\/eur-lex\.europa\.eu\/eli\/reg\/2016\/679\/oj$/,
      '/textes/reglement/2016-679',
    ],
  ])('%s', (key, label, url, path) => {
    const description = describeReference(key);
    expect(description?.label).toBe(label);
    expect(description?.url).toMatch(url);
    expect(description?.path).toBe(path);
    const [, first = '', second = ''] = path.split('/').slice(1);
    expect(keyOfPath(first, second)).toBe(key);
  });

  it('knows no key outside its kinds and codes', () => {
    expect(describeReference('code:code-inconnu:39')).toBeNull();
    expect(describeReference('arrete:2024-1')).toBeNull();
    expect(keyOfPath('cgi', '39')).toBeNull();
    expect(keyOfPath('inconnu', 'article-39')).toBeNull();
    expect(keyOfPath('cass', '23-12345')).toBeNull();
  });

  it('turns a page path back into its key', () => {
    expect(keyOfPath('cgi', 'article-39')).toBe('code:cgi:39');
    expect(keyOfPath('code-du-travail', 'article-l1233-3')).toBe('code:code-du-travail:l1233-3');
  });
});

it.each([
  ['l1233-3', 'L. 1233-3'],
  ['199-undecies-b', '199 undecies B'],
  ['46-quater-0-zz-bis', '46 quater-0 ZZ bis'],
  ['150-0-b-ter', '150-0 B ter'],
  ['lo6214-4', 'LO. 6214-4'],
  ['1er', '1er'],
])('articleNumberLabel(%s) = %s', (key, label) => {
  expect(articleNumberLabel(key)).toBe(label);
});
