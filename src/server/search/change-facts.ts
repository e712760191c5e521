import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { SEARCH_CONFIG } from '../db/schema';
import { referenceKeysOfQuery } from '../legal-references/search-hits';
import type { ChangeFacts, KeptSearch, TermFacts } from './change-matching';
import { SUGGEST_TYPO_MIN_CHARS } from './suggest';

type FactsRow = {
  lexemes: string[] | null;
  titles: { normalized: string; words: string[] | null }[] | string | null;
  terms:
    | {
        term: string;
        lexemes: string[] | null;
        unknown: boolean;
        normalized: string;
        words: string[] | null;
      }[]
    | string
    | null;
  similar: string[] | null;
  gone: string[] | null;
};

/** json columns: node-postgres parses them, PGlite too; a string is parsed here in case a driver does not. */
function parsed<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * What the changed articles (their public copies, as they stand after the change) and the kept searches' terms are
 * to the search engine, in one statement whatever the number of kept copies (bounded by the page cache: 700 at
 * most): the articles' lexemes and titles, each term's lexemes (the search's configuration), whether one is unknown
 * to the dictionary, its words as the suggestions read them, the suggestion terms a title is similar to (pg_trgm's
 * `<%`, as the suggestions' typo tier), and the offered phrases no longer suggested.
 */
export async function readChangeFacts(
  db: Pick<Db, 'execute'>,
  articleIds: readonly string[],
  kept: readonly KeptSearch[],
): Promise<ChangeFacts> {
  const terms = [...new Set(kept.map((copy) => copy.term))];
  // The suggestions' typo tier runs from SUGGEST_TYPO_MIN_CHARS characters only.
  const similarCandidates = [
    ...new Set(
      kept
        .filter(
          (copy) => copy.kind === 'suggestions' && Array.from(copy.term).length >= SUGGEST_TYPO_MIN_CHARS,
        )
        .map((copy) => copy.term),
    ),
  ];
  const offered = [...new Set(kept.flatMap((copy) => (copy.kind === 'suggestions' ? copy.offered : [])))];
  const config = sql.raw(`'${SEARCH_CONFIG}'`);
  const json = (values: readonly string[]) => sql`json_array_elements_text(${JSON.stringify(values)}::json)`;
  const [row] = await queryRows<FactsRow>(
    db,
    sql`with changed as (
        select search_vector, search_normalize(title) as title from articles
        where id in (select value from ${json(articleIds)})
      )
      select
        (select array_agg(distinct l) from changed, unnest(tsvector_to_array(changed.search_vector)) l) as lexemes,
        (select json_agg(json_build_object('normalized', title,
            'words', tsvector_to_array(to_tsvector('simple', title)))) from changed) as titles,
        (select json_agg(json_build_object('term', t.value,
            'lexemes', tsvector_to_array(to_tsvector(${config}, t.value)),
            'unknown', exists (select 1 from unnest(tsvector_to_array(to_tsvector(${config}, t.value))) l
              where not exists (select 1 from search_lexemes k
                where k.lexeme = l and k.articles + k.documents > 0)),
            'normalized', search_normalize(t.value),
            'words', tsvector_to_array(to_tsvector('simple', search_normalize(t.value)))))
          from ${json(terms)} t) as terms,
        (select array_agg(t.value) from ${json(similarCandidates)} t
          where exists (select 1 from changed where search_normalize(t.value) <% changed.title)) as similar,
        (select array_agg(o.value) from ${json(offered)} o
          where not exists (select 1 from search_suggestions s
            where s.source in (1, 2, 3) and s.normalized = search_normalize(o.value))) as gone`,
  );
  const termRows = parsed(row?.terms ?? null) ?? [];
  const titleRows = parsed(row?.titles ?? null) ?? [];
  return {
    lexemes: new Set(row?.lexemes ?? []),
    titles: titleRows.map((title) => ({ normalized: title.normalized, words: title.words ?? [] })),
    terms: new Map(
      termRows.map((term): [string, TermFacts] => [
        term.term,
        {
          lexemes: term.lexemes ?? [],
          unknownLexeme: term.unknown,
          reference: referenceKeysOfQuery(term.term).length > 0,
          normalized: term.normalized,
          words: term.words ?? [],
        },
      ]),
    ),
    similarTerms: new Set(row?.similar ?? []),
    goneOffers: new Set(row?.gone ?? []),
  };
}
