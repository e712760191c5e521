import 'server-only';
import type { DetectReferencesAnswer, ReferenceLink } from '@/lib/contracts/legal-references';
import { codeBySlug, type LegalCode } from './codes';
import { detectReferences, REFERENCE_KINDS, type ReferenceKind } from './detect';

/**
 * What a canonical key means for a reader: its name ("Article L. 1233-3 du Code du travail"), the official
 * source (a URL pattern: nothing is asked of Légifrance, BOFiP, the Conseil constitutionnel or curia at read
 * time) and the path of our page for it (/textes/…). The page path and the key convert both ways.
 */

export type ReferenceDescription = ReferenceLink;

const LEGIFRANCE = 'https://www.legifrance.gouv.fr';

/** "l1233-3" -> "L. 1233-3"; "46-quater-0-zz-bis" -> "46 quater-0 ZZ bis"; "199-undecies-b" -> "199 undecies B". */
export function articleNumberLabel(article: string): string {
  const match = /^([a-z]*)(\d+(?:-\d+)*)(er)?((?:-[a-z0-9]+)*)$/.exec(article);
  if (!match) return article;
  const [, prefix = '', number = '', first = '', rest = ''] = match;
  let label = prefix ? `${prefix.toUpperCase()}. ${number}${first}` : `${number}${first}`;
  for (const part of rest.split('-').filter(Boolean)) {
    if (part === '0') label += '-0';
    else if (/^[a-z]{1,2}$/.test(part)) label += ` ${part.toUpperCase()}`;
    else label += ` ${part}`;
  }
  return label;
}

/** "l1233-3" -> "L1233-3": how Légifrance's search field for an article number expects it. */
function legifranceArticleNumber(article: string): string {
  return articleNumberLabel(article).replace(/^([A-Z]+)\. /, '$1');
}

function searchUrl(base: string, params: Record<string, string>): string {
  return `${base}?${new URLSearchParams(params).toString()}`;
}

function codeArticle(code: LegalCode, article: string, key: string): ReferenceDescription {
  return {
    kind: 'code',
    key,
    label: `Article ${articleNumberLabel(article)} ${code.of}`,
    url: searchUrl(`${LEGIFRANCE}/search/code`, {
      tab_selection: 'code',
      searchField: 'NUM_ARTICLE',
      query: legifranceArticleNumber(article),
      nomCode: code.name,
    }),
    path: `/textes/${code.slug}/article-${article}`,
  };
}

/** The Conseil constitutionnel's page of a decision: /decision/2024/20241100QPC.htm, /decision/1989/89254DC.htm. */
function constitutionalUrl(identifier: string): string {
  const [year = '', number = '', type = ''] = identifier.split('-');
  const fullYear = year.length === 4 ? year : `${Number(year) > 50 ? '19' : '20'}${year}`;
  return `https://www.conseil-constitutionnel.fr/decision/${fullYear}/${year}${number}${type}.htm`;
}

/** The page segment of a key's identifier: slashes become hyphens ("C-608/24" -> "c-608-24"). */
function pathSegment(identifier: string): string {
  return identifier.replaceAll('/', '-').toLowerCase();
}

/** The reader's name, official URL and page of a canonical key; null for a key that is none. */
export function describeReference(key: string): ReferenceDescription | null {
  const separator = key.indexOf(':');
  const kind = key.slice(0, separator) as ReferenceKind;
  const identifier = key.slice(separator + 1);
  if (separator < 0 || !REFERENCE_KINDS.includes(kind) || !identifier) return null;
  const path = `/textes/${kind}/${pathSegment(identifier)}`;
  switch (kind) {
    case 'code': {
      const [slug = '', article = ''] = identifier.split(':');
      const code = codeBySlug(slug);
      return code && article ? codeArticle(code, article, key) : null;
    }
    case 'bofip':
      return {
        kind,
        key,
        label: identifier,
        url: searchUrl('https://bofip.impots.gouv.fr/bofip/recherche', { search: identifier }),
        path: `/textes/bofip/${identifier.toLowerCase()}`,
      };
    case 'cass':
      return {
        kind,
        key,
        label: `Cour de cassation, pourvoi n° ${identifier}`,
        url: searchUrl(`${LEGIFRANCE}/search/juri`, {
          tab_selection: 'juri',
          searchField: 'NUM_DEC',
          query: identifier,
        }),
        path,
      };
    case 'ce':
      return {
        kind,
        key,
        label: `Conseil d'État, n° ${identifier}`,
        url: searchUrl(`${LEGIFRANCE}/search/cetat`, {
          tab_selection: 'cetat',
          searchField: 'NUM_DEC',
          query: identifier,
        }),
        path,
      };
    case 'cjue':
      return {
        kind,
        key,
        label: `CJUE, affaire ${identifier}`,
        url: searchUrl('https://curia.europa.eu/juris/liste.jsf', { num: identifier, language: 'fr' }),
        path,
      };
    case 'cc':
      return {
        kind,
        key,
        label: `Conseil constitutionnel, décision n° ${identifier.replace(/-([A-Z]+)$/, ' $1')}`,
        url: constitutionalUrl(identifier),
        path,
      };
    case 'loi':
    case 'decret':
    case 'ordonnance': {
      const name = { loi: 'Loi', decret: 'Décret', ordonnance: 'Ordonnance' }[kind];
      return {
        kind,
        key,
        label: `${name} n° ${identifier}`,
        url: searchUrl(`${LEGIFRANCE}/search/lois`, {
          tab_selection: 'lawarticledecree',
          searchField: 'NUM_TEXTE',
          query: identifier,
        }),
        path,
      };
    }
    case 'directive':
    case 'reglement': {
      const [first = '', second = ''] = identifier.split('/');
      return {
        kind,
        key,
        label: `${kind === 'directive' ? 'Directive' : 'Règlement'} ${identifier}`,
        url: `https://eur-lex.europa.eu/eli/${kind === 'directive' ? 'dir' : 'reg'}/${first}/${second}/oj`,
        path,
      };
    }
  }
}

const PATH_KINDS = new Set<string>(REFERENCE_KINDS.filter((kind) => kind !== 'code'));

/**
 * The key of a page's two segments: ("code-du-travail", "article-l1233-3") -> "code:code-du-travail:l1233-3",
 * ("cjue", "c-608-24") -> "cjue:C-608/24". Null when the segments name nothing; the page then answers 404.
 */
export function keyOfPath(first: string, segment: string): string | null {
  let second = segment;
  if (first.length > 80 || second.length > 120) return null;
  // Any case is the same page: "/textes/bofip/BOI-IS-BASE-30-20-20" as the canonical lower-case address.
  second = second.toLowerCase();
  const code = codeBySlug(first);
  if (code) {
    const article = /^article-([a-z0-9-]+)$/.exec(second)?.[1];
    return article ? `code:${code.slug}:${article}` : null;
  }
  if (!PATH_KINDS.has(first)) return null;
  const kind = first as Exclude<ReferenceKind, 'code'>;
  switch (kind) {
    case 'bofip':
      return /^boi-[a-z0-9-]+$/.test(second) ? `bofip:${second.toUpperCase()}` : null;
    case 'cass':
      return /^\d{2}-\d{2}\.\d{3}$/.test(second) ? `cass:${second}` : null;
    case 'ce':
      return /^\d{5,6}$/.test(second) ? `ce:${second}` : null;
    case 'cjue': {
      const match = /^c-(\d{1,4})-(\d{2})$/.exec(second);
      return match ? `cjue:C-${match[1]}/${match[2]}` : null;
    }
    case 'cc': {
      const match = /^(\d{2}|\d{4})-(\d{1,4})-([a-z]{1,4})$/.exec(second);
      return match ? `cc:${match[1]}-${match[2]}-${match[3]?.toUpperCase()}` : null;
    }
    case 'directive':
    case 'reglement': {
      const match = /^(\d{2,4})-(\d{1,4})$/.exec(second);
      return match ? `${kind}:${match[1]}/${match[2]}` : null;
    }
    default:
      return /^\d{2,4}-\d{1,5}$/.test(second) ? `${kind}:${second}` : null;
  }
}

/** The detection of a text with each reference's name, official link and page: the newsroom panel's answer. */
export function describeDetection(text: string): DetectReferencesAnswer {
  const { references, unresolved } = detectReferences(text);
  return {
    references: references.flatMap((reference) => {
      const description = describeReference(reference.key);
      if (!description) return [];
      const { label, url, path } = description;
      return [{ ...reference, label, url, path }];
    }),
    unresolved,
  };
}
