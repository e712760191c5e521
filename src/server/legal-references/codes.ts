import 'server-only';

/**
 * The codes whose articles we recognise: the slug of their key and page, their name, and every usual way of
 * writing them. Spellings are matched on text folded by `foldForMatching` (accents dropped, apostrophes and
 * spaces unified) and case-insensitively, so they are written here without accents.
 */
export type LegalCode = {
  slug: string;
  name: string;
  /** "du Code du travail", "de l'annexe III au Code général des impôts": after "Article X". */
  of: string;
  spellings: readonly string[];
};

const CGI_SPELLINGS = ['code general des impots', 'CGI', 'C\\. ?gen\\. ?impots?'];
const ANNEX_NUMERALS = ['I', 'II', 'III', 'IV'] as const;

function cgiAnnex(number: 1 | 2 | 3 | 4): LegalCode {
  const roman = ANNEX_NUMERALS[number - 1];
  const numeral = `(?:${roman}|${number})`;
  const cgi = `(?:${CGI_SPELLINGS.join('|')})`;
  return {
    slug: `cgi-annexe-${number}`,
    name: `Annexe ${roman} au Code général des impôts`,
    of: `de l'annexe ${roman} au Code général des impôts`,
    spellings: [
      `(?:l')?(?:annexe|ann\\.) ${numeral} (?:au |du |a |de )?${cgi}`,
      `${cgi},? (?:annexe|ann\\.) ${numeral}`,
    ],
  };
}

function code(slug: string, name: string, spellings: readonly string[]): LegalCode {
  const article = name.startsWith('Livre') || name.startsWith('Code') ? 'du' : 'de';
  return { slug, name, of: `${article} ${name}`, spellings };
}

export const LEGAL_CODES: readonly LegalCode[] = [
  // The annexes first: "annexe III au CGI" must not be read as the CGI itself.
  cgiAnnex(1),
  cgiAnnex(2),
  cgiAnnex(3),
  cgiAnnex(4),
  code('cgi', 'Code général des impôts', CGI_SPELLINGS),
  code('lpf', 'Livre des procédures fiscales', ['livre des procedures fiscales', 'LPF']),
  code('code-du-travail', 'Code du travail', ['code du travail', 'C\\. ?trav\\.', 'C\\. ?travail']),
  code('code-civil', 'Code civil', ['code civil', 'C\\. ?civ\\.', 'C\\. ?civil']),
  code('code-de-commerce', 'Code de commerce', ['code de commerce', 'C\\. ?com\\.', 'C\\. ?comm\\.']),
  code('code-de-la-securite-sociale', 'Code de la sécurité sociale', [
    'code de la securite sociale',
    'CSS',
    'C\\. ?secu?\\. ?soc\\.',
    'C\\. ?ss\\.',
  ]),
  code('code-monetaire-et-financier', 'Code monétaire et financier', [
    'code monetaire et financier',
    'CMF',
    'C\\. ?mon\\. ?(?:et )?fin\\.',
    'C\\. ?monet\\. ?(?:et )?fin\\.',
  ]),
  code('code-de-la-consommation', 'Code de la consommation', [
    'code de la consommation',
    'C\\. ?consom{1,2}\\.',
    'C\\. ?conso\\.',
  ]),
  code('code-des-assurances', 'Code des assurances', ['code des assurances', 'C\\. ?ass(?:ur)?\\.']),
  code('code-de-la-sante-publique', 'Code de la santé publique', [
    'code de la sante publique',
    'CSP',
    'C\\. ?sante publ?\\.',
    'C\\. ?sant\\. ?pub\\.',
  ]),
  code('code-rural-et-de-la-peche-maritime', 'Code rural et de la pêche maritime', [
    'code rural et de la peche maritime',
    'code rural',
    'CRPM',
    'C\\. ?rur\\.',
    'C\\. ?rural',
  ]),
  code('code-de-procedure-civile', 'Code de procédure civile', [
    'code de procedure civile',
    'CPC',
    'C\\. ?pr(?:oc)?\\. ?civ\\.',
  ]),
  code('code-penal', 'Code pénal', ['code penal', 'C\\. ?pen\\.']),
  code('code-general-des-collectivites-territoriales', 'Code général des collectivités territoriales', [
    'code general des collectivites territoriales',
    'CGCT',
  ]),
  code('code-de-la-construction-et-de-l-habitation', "Code de la construction et de l'habitation", [
    "code de la construction et de l'habitation",
    'CCH',
    'C\\. ?constr\\. ?(?:et )?hab\\.',
  ]),
  code('code-de-l-urbanisme', "Code de l'urbanisme", [
    "code de l'urbanisme",
    'C\\. ?urb\\.',
    'C\\. ?urbanisme',
  ]),
  code('code-des-douanes', 'Code des douanes', ['code des douanes', 'C\\. ?douanes', 'C\\. ?douan\\.']),
  code('code-de-l-action-sociale-et-des-familles', "Code de l'action sociale et des familles", [
    "code de l'action sociale et des familles",
    'CASF',
  ]),
  code('code-de-la-propriete-intellectuelle', 'Code de la propriété intellectuelle', [
    'code de la propriete intellectuelle',
    'CPI',
    'C\\. ?propr?\\. ?intell?\\.',
  ]),
];

const CODES_BY_SLUG = new Map(LEGAL_CODES.map((entry) => [entry.slug, entry]));

export function codeBySlug(slug: string): LegalCode | undefined {
  return CODES_BY_SLUG.get(slug);
}
