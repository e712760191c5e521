import { describe, expect, it } from 'vitest';
import { detectReferences, foldForMatching } from './detect';

const keysOf = (text: string) => detectReferences(text).references.map((reference) => reference.key);

describe('code articles', () => {
  it.each([
    ["l'article 39 du CGI", 'code:cgi:39'],
    ["l'article 39 du code général des impôts", 'code:cgi:39'],
    ['art. 39 CGI', 'code:cgi:39'],
    ['CGI, art. 39', 'code:cgi:39'],
    ['CGI art. 39, 1-1°', 'code:cgi:39'],
    ["l'article 209, I du CGI", 'code:cgi:209'],
    ["l'article 199 undecies B du CGI", 'code:cgi:199-undecies-b'],
    ["l'article 46 quater-0 ZZ bis de l'annexe III au CGI", 'code:cgi-annexe-3:46-quater-0-zz-bis'],
    ['CGI, ann. III, art. 46 quater-0 ZZ bis', 'code:cgi-annexe-3:46-quater-0-zz-bis'],
    ["l'article 2 de l'annexe II au code général des impôts", 'code:cgi-annexe-2:2'],
    ["l'article 4 J de l'annexe 4 au CGI", 'code:cgi-annexe-4:4-j'],
    ["l'article 50-00 A de l'annexe I au CGI", 'code:cgi-annexe-1:50-00-a'],
    ["l'article 150-0 B ter du CGI", 'code:cgi:150-0-b-ter'],
    ["l'article 278-0 bis du CGI", 'code:cgi:278-0-bis'],
    ['CGI art. 990 I', 'code:cgi:990-i'],
    ['CGI art. 206, 1 bis', 'code:cgi:206'],
    ["l'article 145, 6-b ter du CGI", 'code:cgi:145'],
    ["l'article L. 16 B du LPF", 'code:lpf:l16-b'],
    ['LPF art. L 16 B', 'code:lpf:l16-b'],
    ["l'article L. 80 A du livre des procédures fiscales", 'code:lpf:l80-a'],
    ["l'article L. 1233-3 du Code du travail", 'code:code-du-travail:l1233-3'],
    ["l'article L.1233-3 du code du travail", 'code:code-du-travail:l1233-3'],
    ["l'article L1233-3 du code du travail", 'code:code-du-travail:l1233-3'],
    ['C. trav., art. L. 1233-3', 'code:code-du-travail:l1233-3'],
    ['art. L. 1233-3 C. trav.', 'code:code-du-travail:l1233-3'],
    ['L. 1233-3 du Code du travail', 'code:code-du-travail:l1233-3'],
    ["l'article L. 2312-8, alinéa 2, du code du travail", 'code:code-du-travail:l2312-8'],
    ["l'article R. 4127-1 du code de la santé publique", 'code:code-de-la-sante-publique:r4127-1'],
    ['CSS art. L 242-1', 'code:code-de-la-securite-sociale:l242-1'],
    ["l'article L. 136-1-1 du code de la sécurité sociale", 'code:code-de-la-securite-sociale:l136-1-1'],
    ['art. 1240 C. civ.', 'code:code-civil:1240'],
    ["l'article 1er du Code civil", 'code:code-civil:1er'],
    ['C. com. art. L 145-9', 'code:code-de-commerce:l145-9'],
    ['C. mon. fin., art. L. 561-2', 'code:code-monetaire-et-financier:l561-2'],
    ["l'article L. 561-15 du CMF", 'code:code-monetaire-et-financier:l561-15'],
    ['C. consom., art. L. 212-1', 'code:code-de-la-consommation:l212-1'],
    ['C. assur., art. L. 113-12', 'code:code-des-assurances:l113-12'],
    ['C. ass. art. L 132-13', 'code:code-des-assurances:l132-13'],
    ['C. rur., art. L. 411-64', 'code:code-rural-et-de-la-peche-maritime:l411-64'],
    ["l'article 700 du code de procédure civile", 'code:code-de-procedure-civile:700'],
    ['C. pén., art. 441-1', 'code:code-penal:441-1'],
    ['CGCT, art. L. 1411-1', 'code:code-general-des-collectivites-territoriales:l1411-1'],
    ['CCH art. L 271-1', 'code:code-de-la-construction-et-de-l-habitation:l271-1'],
    ['C. urb. art. R 600-2', 'code:code-de-l-urbanisme:r600-2'],
    ['C. douanes, art. 414', 'code:code-des-douanes:414'],
    ['CASF, art. L. 232-1', 'code:code-de-l-action-sociale-et-des-familles:l232-1'],
    ['CPI, art. L. 613-3', 'code:code-de-la-propriete-intellectuelle:l613-3'],
    ["l'article LO. 6214-4 du CGCT", 'code:code-general-des-collectivites-territoriales:lo6214-4'],
  ])('%s -> %s', (text, key) => {
    expect(keysOf(text)).toEqual([key]);
  });

  it('gives one key per article of a list, the code applying to those before it', () => {
    expect(keysOf('Les articles L. 1233-3 et L. 1233-4 du Code du travail')).toEqual([
      'code:code-du-travail:l1233-3',
      'code:code-du-travail:l1233-4',
    ]);
    expect(keysOf('les articles 39, 40 et 41 du CGI')).toEqual(['code:cgi:39', 'code:cgi:40', 'code:cgi:41']);
    expect(keysOf('les articles 39 du CGI et L. 16 B du LPF')).toEqual(['code:cgi:39', 'code:lpf:l16-b']);
    expect(keysOf('C. com., art. L. 225-38 et L. 225-40')).toEqual([
      'code:code-de-commerce:l225-38',
      'code:code-de-commerce:l225-40',
    ]);
  });

  it('says which two articles are the ends of a range', () => {
    const { references } = detectReferences('les articles L. 1233-3 à L. 1233-5 du code du travail');
    expect(references.map(({ key, range }) => [key, range])).toEqual([
      ['code:code-du-travail:l1233-3', 'from'],
      ['code:code-du-travail:l1233-5', 'to'],
    ]);
  });

  it('reads "du même code" as the code last named', () => {
    expect(keysOf("L'article 1727 du CGI et l'article 1729 du même code")).toEqual([
      'code:cgi:1727',
      'code:cgi:1729',
    ]);
  });

  it('does not read a code-first list past the next code', () => {
    expect(keysOf('CSS art. L. 242-1, C. trav. art. L. 3221-3 et CGI art. 79.')).toEqual([
      'code:code-de-la-securite-sociale:l242-1',
      'code:code-du-travail:l3221-3',
      'code:cgi:79',
    ]);
  });

  it('gives the place of each reference and its text as written', () => {
    const text = 'Selon l’article 39 du CGI et les articles L. 1233-3 et L. 1233-4 du Code du travail.';
    const { references } = detectReferences(text);
    expect(references.map(({ start, end, display }) => [text.slice(start, end), display])).toEqual([
      ['article 39 du CGI', 'article 39 du CGI'],
      ['L. 1233-3', 'L. 1233-3'],
      ['L. 1233-4', 'L. 1233-4'],
    ]);
  });

  it('reads spaces, apostrophes and hyphens of every kind', () => {
    expect(keysOf('l’article\u00a0L.\u00a01233‑3 du code du travail')).toEqual([
      'code:code-du-travail:l1233-3',
    ]);
  });
});

describe('nothing is guessed', () => {
  it.each([
    "l'article précité",
    'article 5',
    "l'article 5 des statuts",
    '39 %',
    '2024-2025',
    'la campagne 2024-2025',
    "l'article 39 du C.",
    "l'article L. 110-1 du code de l'environnement",
    'PCG art. 322-1',
    'la loi du 1er juillet 1901',
    'le décret du 12 mars 2024',
    'CAA Paris 12 mars 2024 n° 23PA01234',
    'Rép. Martin : AN 12 mars 2024 n° 12345',
    'le règlement ANC n° 2014-03',
    'le numéro 01-23.456',
    'la directive 2006/112/CE',
  ])('%s', (text) => {
    expect(keysOf(text).filter((key) => !key.startsWith('directive:'))).toEqual([]);
  });

  it('reports what looks like a code article but cannot be resolved', () => {
    expect(
      detectReferences("l'article 39 du C. sera modifié").unresolved.map((entry) => entry.display),
    ).toEqual(['article 39 du C.']);
    expect(
      detectReferences("l'article L. 1233-3 s'applique").unresolved.map((entry) => entry.display),
    ).toEqual(['article L. 1233-3']);
    expect(detectReferences("l'article 5 des statuts").unresolved).toEqual([]);
  });
});

describe('BOFiP', () => {
  it.each([
    ['BOI-TVA-CHAMP-10-10-10-20240110', 'bofip:BOI-TVA-CHAMP-10-10-10'],
    ['Voir BOI-IS-BASE-30-20-20, § 120.', 'bofip:BOI-IS-BASE-30-20-20'],
    ['le barème BOI-BAREME-000017', 'bofip:BOI-BAREME-000017'],
    ['boi-is-base-30-20-20', 'bofip:BOI-IS-BASE-30-20-20'],
  ])('%s -> %s', (text, key) => {
    expect(keysOf(text)).toEqual([key]);
  });
});

describe('decisions', () => {
  it.each([
    ['Cass. soc., 13 nov. 2024, n° 23-12.345', 'cass:23-12.345'],
    ['Cass. com. 5 juin 2024 n° 22-20.123 F-D', 'cass:22-20.123'],
    ['pourvoi n° 22-20.123', 'cass:22-20.123'],
    ['23-12.345', 'cass:23-12.345'],
    ['Cass. 3e civ., 4 juill. 2024, n° 2310100', 'cass:23-10.100'],
    ['CE, 10 juill. 2024, n° 472345', 'ce:472345'],
    ["Conseil d'État, 3e-8e ch. réun., 12 mars 2024, n° 469213, Sté Alpha", 'ce:469213'],
    ['(CE 3e-8e ch. 12 mars 2024 n° 472345)', 'ce:472345'],
    ['CE, 10 juill. 2024, 472345', 'ce:472345'],
    ['CJUE, 4 oct. 2024, aff. C-608/24', 'cjue:C-608/24'],
    ['aff. C‑533/22', 'cjue:C-533/22'],
    ['Cons. const., 10 mai 2024, n° 2024-1100 QPC', 'cc:2024-1100-QPC'],
    ['décision n° 89-254 DC du 4 juillet 1989', 'cc:89-254-DC'],
  ])('%s -> %s', (text, key) => {
    expect(keysOf(text)).toEqual([key]);
  });

  it('reads lists of numbers', () => {
    expect(keysOf('CE, sect., 12 mai 2023, nos 456789 et 456790.')).toEqual(['ce:456789', 'ce:456790']);
    expect(keysOf('Cass. ass. plén., 17 mai 2024, n° 20-20.559 et 21-11.234')).toEqual([
      'cass:20-20.559',
      'cass:21-11.234',
    ]);
  });

  it('finds a decision once when two names of its court precede it', () => {
    expect(keysOf("Le Conseil d'État (CE, 9e-10e ch., 5 févr. 2023, n° 466512) a tranché.")).toEqual([
      'ce:466512',
    ]);
  });
});

describe('statutes and EU texts', () => {
  it.each([
    ['la loi n° 2024-1234 du 30 décembre 2024', 'loi:2024-1234'],
    ['Loi 89-462 du 6 juillet 1989 art. 15', 'loi:89-462'],
    ['la loi de finances pour 2024, n° 2023-1322', 'loi:2023-1322'],
    ['le décret n° 2025-123 du 12 février 2025', 'decret:2025-123'],
    ["le décret en Conseil d'État n° 2024-345", 'decret:2024-345'],
    ['Décret no 2023-1234', 'decret:2023-1234'],
    ["l'ordonnance n° 2017-1387", 'ordonnance:2017-1387'],
    ['ord. n° 2021-1192', 'ordonnance:2021-1192'],
    ['la loi Travail (L. n° 2016-1088 du 8 août 2016)', 'loi:2016-1088'],
    ['la directive 2006/112/CE', 'directive:2006/112'],
    ['la directive (UE) 2022/2523', 'directive:2022/2523'],
    ['Dir. 2006/112/CE, art. 132', 'directive:2006/112'],
    ['le règlement (UE) 2016/679', 'reglement:2016/679'],
    ["le règlement d'exécution (UE) 282/2011", 'reglement:282/2011'],
  ])('%s -> %s', (text, key) => {
    expect(keysOf(text)).toEqual([key]);
  });

  it('reads lists of numbers', () => {
    expect(keysOf('les décrets n° 2024-1001 et 2024-1002')).toEqual(['decret:2024-1001', 'decret:2024-1002']);
  });
});

it('folds without changing any offset', () => {
  const text = 'L’article à l’été\u00a0: É‑ç';
  expect(foldForMatching(text)).toHaveLength(text.length);
  expect(foldForMatching(text)).toBe("L'article a l'ete : E-c");
});
