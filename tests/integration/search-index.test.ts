import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { PgDatabase, PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NEWS_PAGE_SIZE } from '@/lib/constants';
import { SEARCH_SORTS, UR_TYPES } from '@/lib/contracts/search';
import type { SelectedFacets } from '@/lib/params';
import { importArticles } from '@/server/content/import';
import { type Database, isEmbedded } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { articles, SEARCH_CONFIG, SEARCH_RECENT_FROM, SEARCH_WIDER_FROM, topics } from '@/server/db/schema';
import { DAY_COUNTS_FROM_ROWS, type Tier, windowBounds } from '@/server/search/cost-planning';
import { CANDIDATE_CAP, search } from '@/server/search/engine';
import { buildFacets, FACETS, type FacetValues, facetCounts } from '@/server/search/facet-assembly';
import {
  corpusFilters,
  type StatementInput,
  searchStatement,
  typedQuery,
} from '@/server/search/query-building';
import { facetFilters } from '@/server/search/selected-facets';
import { suggest } from '@/server/search/suggest';
import { wordsAsTypedPatterns } from '@/server/search/words-as-typed';
import { createTestDatabase } from '../support/database';
import { insertSearchCorpus } from '../support/search-corpus';

/**
 * What migration 0004 keeps beside the search vectors: the stop words before unaccent, the lexeme dictionary and
 * the suggestion phrases (both kept in sync by triggers), and the typo correction that uses the dictionary.
 */

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
});

afterAll(async () => {
  await database?.close();
});

const params = (term: string) => ({
  term,
  page: 1,
  urType: UR_TYPES.all,
  selected: {},
  sort: SEARCH_SORTS.relevance,
});
const run = (term: string) => search(database.db, params(term));

/**
 * The statements holding `marker` (the search statements by default: their SQL) that `action` sent, in order, on
 * either driver; `failing` makes those it names fail instead.
 */
async function statementsSent<T>(
  action: () => Promise<T>,
  marker = 'with news_probe',
  failing?: (text: string) => boolean,
): Promise<{ answer: T; sent: string[] }> {
  const sent: string[] = [];
  const dialect = new PgDialect();
  const execute = PgDatabase.prototype.execute;
  const spy = vi.spyOn(PgDatabase.prototype, 'execute').mockImplementation(function (
    this: PgDatabase<never>,
    query,
  ) {
    const text = typeof query === 'string' ? query : dialect.sqlToQuery(query.getSQL()).sql;
    if (text.includes(marker)) sent.push(text);
    if (failing?.(text)) return Promise.reject(new Error('statement refused by the test'));
    return execute.call(this, query);
  } as typeof execute);
  try {
    return { answer: await action(), sent };
  } finally {
    spy.mockRestore();
  }
}

/** Lexemes of the dictionary that differ from a fresh ts_stat over both corpora (none when in sync). */
async function dictionaryDrift() {
  return queryRows<{ lexeme: string }>(
    database.db,
    sql`with expected as (
        select coalesce(a.word, d.word) as lexeme, coalesce(a.ndoc, 0)::int as articles, coalesce(d.ndoc, 0)::int as documents
        from ts_stat('select search_vector from articles') a
        full join ts_stat('select search_vector from subscriber_documents') d on d.word = a.word)
      (select * from expected except select lexeme, articles, documents from search_lexemes)
      union all
      (select lexeme, articles, documents from search_lexemes except select * from expected)`,
  );
}

/** News titles without their suggestion phrase, and title phrases without a news (none when in sync). */
async function titleSuggestionDrift() {
  return queryRows<{ phrase: string }>(
    database.db,
    sql`(select search_normalize(a.title) as phrase from articles a
        where not exists (select 1 from search_suggestions s where s.source = 3 and s.normalized = search_normalize(a.title)))
      union all
      (select s.normalized from search_suggestions s
        where s.source = 3 and not exists (select 1 from articles a where search_normalize(a.title) = s.normalized))`,
  );
}

async function suggestionRows(source: number, pattern: string) {
  return queryRows<{ normalized: string; value: string }>(
    database.db,
    sql`select normalized, value from search_suggestions where source = ${source} and normalized like ${pattern} order by normalized`,
  );
}

const newsRow = (id: string, title: string, body: string) => ({
  id,
  type: 'actualite',
  slug: id,
  title,
  bodyText: body,
  publicationDate: new Date('2021-06-01T08:00:00Z'),
});

/** A statement's facet counts, each facet's entries in one order (the statement gives its values in none). */
/**
 * The row of one search statement for `term` over the test database, with `input` over these defaults: every match
 * readable, a first page by date with its sources, all facets, candidates read by address.
 */
async function statementRow<Row extends { facet_counts: FacetValues | null }>(
  term: string,
  input: Pick<StatementInput, 'filters' | 'bounds'> & Partial<StatementInput>,
): Promise<Row> {
  const [row] = await queryRows<Row>(
    database.db,
    searchStatement({
      query: typedQuery(term).tsquery,
      wordsAsTyped: typedQuery(term).wordsAsTyped,
      hasTerm: true,
      hasAccess: true,
      page: { offset: 0, size: NEWS_PAGE_SIZE, sort: SEARCH_SORTS.date, sources: true },
      facets: FACETS,
      readByAddress: true,
      ...input,
    }),
  );
  if (!row) throw new Error('search statement: no row');
  return row;
}

/** A statement's row with its facets counted and sorted, to compare reads whose values come in any order. */
function withCountedFacets<Row extends { facet_counts: FacetValues | null }>(row: Row) {
  return { ...row, facet_counts: countedFacets(row.facet_counts) };
}

function countedFacets(values: FacetValues | null) {
  return Object.entries(facetCounts(values)).map(([facet, entries]) => [
    facet,
    entries.map((entry) => JSON.stringify(entry)).sort(),
  ]);
}

describe('accented stop words', () => {
  it('drops accented stop words before unaccent, so they are neither indexed nor searched', async () => {
    const [row] = await queryRows<{ vector: string }>(
      database.db,
      sql`select to_tsvector('french_unaccent', 'Il a été décidé à Paris, où elle était déjà')::text as vector`,
    );
    const lexemes = (row?.vector ?? '').match(/'[^']+'/g) ?? [];
    expect(lexemes).not.toContain("'ete'");
    expect(lexemes).not.toContain("'etait'");
    expect(lexemes).toContain("'paris'");
    expect(lexemes).toContain("'decid'");
    // Only a stop word: no match, no correction to something else.
    expect((await run('été')).total).toBe(0);
  });
});

describe('lexeme dictionary', () => {
  it('matches ts_stat after inserts, updates, deletes and truncation', async () => {
    expect(await dictionaryDrift()).toEqual([]);
    await database.db
      .insert(articles)
      .values([
        newsRow('lx1', 'Zéphyrologie appliquée', 'La zéphyrologie des vents fiscaux'),
        newsRow('lx2', 'Zéphyrologie comparée', 'Une autre zéphyrologie'),
      ]);
    expect(await dictionaryDrift()).toEqual([]);
    const [zephyr] = await queryRows<{ articles: number }>(
      database.db,
      sql`select articles from search_lexemes where lexeme = 'zephyrolog'`,
    );
    expect(zephyr?.articles).toBe(2);

    await database.db.execute(
      sql`update articles set title = 'Météorologie appliquée', body_text = '' where id = 'lx1'`,
    );
    expect(await dictionaryDrift()).toEqual([]);
    await database.db.execute(sql`delete from articles where id in ('lx1', 'lx2')`);
    expect(await dictionaryDrift()).toEqual([]);
    const gone = await queryRows(database.db, sql`select 1 from search_lexemes where lexeme = 'zephyrolog'`);
    expect(gone).toEqual([]);
  });
});

/** Days of search_day_counts that differ from a fresh count of each corpus's rows per day (none when in sync). */
async function dayCountDrift() {
  return queryRows<{ corpus: string; day: string; rows: number }>(
    database.db,
    sql`with expected as (
        select 'articles' as corpus, (publication_date at time zone 'Europe/Paris')::date as day, count(*)::int as rows
        from articles group by 2
        union all
        select 'documents', date_resultat, count(*)::int from subscriber_documents group by 2)
      (select corpus, day::text, rows from expected except select corpus, day::text, rows from search_day_counts)
      union all
      (select corpus, day::text, rows from search_day_counts except select corpus, day::text, rows from expected)`,
  );
}

describe('rows per day', () => {
  it('match each corpus after inserts, updates (moving days or not), deletes, in Paris time for news', async () => {
    expect(await dayCountDrift()).toEqual([]);
    // 23:30 UTC on 31 December is 1 January in Paris.
    await database.db.insert(articles).values([
      { ...newsRow('dc1', 'Nouvel an', 'texte'), publicationDate: new Date('1949-12-31T23:30:00Z') },
      { ...newsRow('dc2', 'Veille', 'texte'), publicationDate: new Date('1949-12-31T20:00:00Z') },
    ]);
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, date_resultat, type_document, type_ur, ur_id)
      select 'dc' || g, 'Jour ' || g, 'texte', date '1949-12-30' + g % 3, 'revue', 'fonds', 'UR-dc' || g
      from generate_series(1, 30) g`);
    expect(await dayCountDrift()).toEqual([]);
    const days = await queryRows<{ corpus: string; day: string; rows: number }>(
      database.db,
      sql`select corpus, day::text, rows from search_day_counts
        where day between '1949-12-30' and '1950-01-01' order by corpus, day`,
    );
    expect(days).toEqual([
      { corpus: 'articles', day: '1949-12-31', rows: 1 },
      { corpus: 'articles', day: '1950-01-01', rows: 1 },
      { corpus: 'documents', day: '1949-12-30', rows: 10 },
      { corpus: 'documents', day: '1949-12-31', rows: 10 },
      { corpus: 'documents', day: '1950-01-01', rows: 10 },
    ]);
    await database.db.execute(sql`update articles set title = 'Nouvel an fiscal' where id = 'dc1'`);
    await database.db.execute(
      sql`update subscriber_documents set date_resultat = date '1949-12-30' where id like 'dc%'`,
    );
    expect(await dayCountDrift()).toEqual([]);
    await database.db.execute(sql`delete from articles where id in ('dc1', 'dc2')`);
    await database.db.execute(sql`delete from subscriber_documents where id like 'dc%'`);
    expect(await dayCountDrift()).toEqual([]);
    // Emptied days leave the table.
    const emptied = await queryRows(
      database.db,
      sql`select 1 from search_day_counts where day between '1949-12-30' and '1950-01-01'`,
    );
    expect(emptied).toEqual([]);
  });
});

describe('typo correction', () => {
  it('corrects a misspelled word from the dictionary and keeps the other words of the query', async () => {
    const answer = await run('licenciment économique');
    expect(answer.results[0]?.id).toBe('n05');
    // The snippet marks the corrected word as written in the document.
    expect(answer.results[0]?.texte.toLowerCase()).toContain('<mark>licenciement');
  });

  it('corrects inside a phrase', async () => {
    expect((await run('"rupture conventionnele"')).results[0]?.id).toBe('n04');
  });

  it('answers nothing, without error, when no lexeme is close', async () => {
    const answer = await run('zzyzxq');
    expect(answer.total).toBe(0);
    expect(answer.results).toEqual([]);
  });

  it('never fails on odd input', async () => {
    for (const term of [
      '"',
      '"""',
      '-',
      '- -',
      "l'",
      '\\',
      "\\'",
      '%_',
      'or or',
      '!!!',
      '(a | b)',
      "'';--",
    ]) {
      await expect(run(term)).resolves.toHaveProperty('results');
      await expect(suggest(database.db, term.padEnd(3, '%'))).resolves.toBeInstanceOf(Array);
    }
  });
});

describe('cost planning', () => {
  const bounds = (term: string) =>
    windowBounds(
      database.db,
      term,
      typedQuery(term).words,
      corpusFilters(facetFilters({}), null, { news: true, docs: true }),
    );

  it('knows from the dictionary that a term with a word no document holds matches nothing', async () => {
    expect(await bounds('impôt zzyzxq')).toMatchObject({ none: true, estimated: true });
    expect(await run('impôt zzyzxq')).toMatchObject({ total: 0, results: [] });
  });

  it('reads the matches of known words, and leaves alternatives to the statement', async () => {
    expect(await bounds('impôt')).toMatchObject({ none: false, estimated: true });
    expect((await run('impôt')).total).toBeGreaterThan(0);
    // `or` makes the unknown word optional: no estimate, the statement decides.
    expect(await bounds('impôt or zzyzxq')).toMatchObject({ none: false, estimated: false });
    expect((await run('impôt or zzyzxq')).total).toBe((await run('impôt')).total);
  });
});

describe('suggestion phrases', () => {
  it('follow news titles as they are inserted, renamed and deleted', async () => {
    await database.db.insert(articles).values(newsRow('sg1', 'Quinconce fiscale : le guide', 'texte'));
    expect(await suggestionRows(3, 'quinconce%')).toEqual([
      { normalized: 'quinconce fiscale : le guide', value: 'Quinconce fiscale : le guide' },
    ]);
    expect((await suggest(database.db, 'quincon')).map((entry) => entry.value)).toEqual([
      'Quinconce fiscale : le guide',
    ]);

    await database.db.execute(sql`update articles set title = 'Quinconce sociale' where id = 'sg1'`);
    expect((await suggestionRows(3, 'quinconce%')).map((row) => row.value)).toEqual(['Quinconce sociale']);

    await database.db.execute(sql`delete from articles where id = 'sg1'`);
    expect(await suggestionRows(3, 'quinconce%')).toEqual([]);
  });

  it('follow the import of news, new and updated', async () => {
    const lines = (name: string) =>
      readFileSync(path.resolve(import.meta.dirname, '../fixtures/import', name), 'utf8').split('\n');
    expect(await importArticles(database.db, lines('good.ndjson'))).toMatchObject({ ok: true });
    expect(await titleSuggestionDrift()).toEqual([]);
    expect(await dictionaryDrift()).toEqual([]);
    expect(await importArticles(database.db, lines('update.ndjson'))).toMatchObject({ ok: true });
    expect(await titleSuggestionDrift()).toEqual([]);
    expect(await dictionaryDrift()).toEqual([]);
  });

  it('keep a title two news share until the last one goes', async () => {
    await database.db
      .insert(articles)
      .values([newsRow('sg2', 'Titre partagé', 'a'), newsRow('sg3', 'Titre partagé', 'b')]);
    await database.db.execute(sql`delete from articles where id = 'sg2'`);
    expect((await suggestionRows(3, 'titre partage%')).map((row) => row.value)).toEqual(['Titre partagé']);
    await database.db.execute(sql`delete from articles where id = 'sg3'`);
    expect(await suggestionRows(3, 'titre partage%')).toEqual([]);
  });

  it('follow topic labels and frequent searches', async () => {
    await database.db.insert(topics).values({
      id: 'EBX:EFL_Themes:quadrature',
      shortId: 'quadrature',
      label: 'Quadrature comptable',
      slug: 'q',
    });
    expect((await suggestionRows(2, 'quadrature%')).map((row) => row.value)).toEqual([
      'Quadrature comptable',
    ]);
    await database.db.execute(sql`delete from topics where id = 'EBX:EFL_Themes:quadrature'`);
    expect(await suggestionRows(2, 'quadrature%')).toEqual([]);

    // A frequent search becomes a phrase once enough distinct readers made it (suggestion-rules.ts).
    for (const client of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      await search(database.db, params('bulletins de paie'), { hasAccess: false, client });
    }
    expect(await suggestionRows(1, 'bulletins%')).toEqual([]);
    await search(database.db, params('bulletins de paie'), { hasAccess: false, client: '10.0.0.5' });
    expect((await suggestionRows(1, 'bulletins%')).map((row) => row.value)).toEqual(['bulletins de paie']);
  });

  it('match a word inside a phrase and escape LIKE wildcards', async () => {
    // "calendrier" is the fourth word of n07's title.
    expect((await suggest(database.db, 'calendri')).map((entry) => entry.value)).toContain(
      'Facturation électronique obligatoire : le calendrier confirmé',
    );
    // '%' and '_' typed are characters, not wildcards (unescaped, each would match every phrase).
    expect(await suggest(database.db, '%%%')).toEqual([]);
    expect(await suggest(database.db, '___')).toEqual([]);
  });
});

describe('bounded facets', () => {
  // 5,000 documents, one a day from 2000-01-02, all holding the word, one in four Fiscal. Analysed, so that
  // the engine knows the table's size and reads a window of the newest rows instead of walking the date index.
  beforeAll(async () => {
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, matiere, date_resultat, type_document, type_ur, ur_id)
      select 'bf' || g, 'Pièce ' || g, 'ubiquitaire', array[case when g % 4 = 0 then 'Fiscal' else 'Social' end],
        date '2000-01-01' + g, 'revue', 'fonds', 'UR-bf' || g
      from generate_series(1, 5000) g`);
    await database.db.execute(sql`analyze subscriber_documents`);
  });

  afterAll(async () => {
    await database.db.execute(sql`delete from subscriber_documents where id like 'bf%'`);
  });

  /** Facet counts of the newest CANDIDATE_CAP matching documents, counted directly. */
  async function expectedYears(matiere: string | null) {
    const rows = await queryRows<{ year: string; count: number }>(
      database.db,
      sql`select to_char(date_resultat, 'YYYY') as year, count(*)::int as count from (
          select date_resultat from subscriber_documents
          where id like 'bf%' and (${matiere}::text is null or ${matiere} = any(matiere))
          order by date_resultat desc limit ${CANDIDATE_CAP}) newest
        group by 1 order by 1 desc`,
    );
    return rows.map((row) => ({ id: row.year, count: row.count }));
  }

  it('counts facets over the newest matches only, and the totals agree', async () => {
    const answer = await run('ubiquitaire');
    expect(answer.bounded).toBe(true);
    expect(answer.total).toBe(CANDIDATE_CAP);
    expect(answer.results[0]?.date_resultat).toBe('2013-09-09');
    expect(answer.facets.matiere.reduce((sum, entry) => sum + entry.count, 0)).toBe(answer.total);
    expect(answer.facets.date_zapette.map(({ id, count }) => ({ id, count }))).toEqual(
      await expectedYears(null),
    );
  });

  it('reads older matches when the newest rows hold fewer than estimated', async () => {
    // "alpha" in every even document, "omega" in every odd one and in the oldest half: each word is common, so a
    // window of the newest rows is read, but together they are only in the oldest even documents. The window is
    // read alone first (engine.ts, both drivers): this read comes short and runs again with the older matches.
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, date_resultat, type_document, type_ur, ur_id)
      select 'wo' || g, 'Note ' || g,
        concat_ws(' ', case when g % 2 = 0 then 'alphabétique' end, case when g % 2 = 1 or g <= 10000 then 'oméga' end),
        date '1990-01-01' + g, 'revue', 'fonds', 'UR-wo' || g
      from generate_series(1, 20000) g`);
    await database.db.execute(sql`analyze subscriber_documents`);
    try {
      const { answer, sent } = await statementsSent(() => run('alphabétique oméga'));
      // The window alone (no branch for older matches), then the whole read; on PostgreSQL each corpus its
      // statement, the news's first (no window: whole at once).
      expect(sent.map((text) => text.includes('with recent as materialized'))).toEqual(
        database.driver === 'postgres' ? [false, false, true] : [false, true],
      );
      expect(answer.bounded).toBe(true);
      expect(answer.total).toBe(CANDIDATE_CAP);
      // The newest document holding both: g = 10000.
      expect(
        answer.results
          .map((result) => result.date_resultat)
          .sort()
          .at(-1),
      ).toBe('2017-05-19');
      expect(answer.facets.date_zapette[0]?.id).toBe('2017');
    } finally {
      await database.db.execute(sql`delete from subscriber_documents where id like 'wo%'`);
    }
  });

  it('applies facet filters before the bound', async () => {
    const fiscal = await search(database.db, {
      term: 'ubiquitaire',
      page: 1,
      urType: UR_TYPES.all,
      selected: { matiere: ['Fiscal'] },
      sort: SEARCH_SORTS.relevance,
    });
    expect(fiscal.bounded).toBe(true);
    expect(fiscal.total).toBe(CANDIDATE_CAP);
    expect(fiscal.results.every((result) => result.matiere.includes('Fiscal'))).toBe(true);
    // Disjunctive: the subject facet ignores its own selection, counted over the newest matches of the term.
    expect(fiscal.facets.matiere).toEqual((await run('ubiquitaire')).facets.matiere);
    expect(fiscal.facets.matiere.map((entry) => entry.id).sort()).toEqual(['Fiscal', 'Social']);
    expect(fiscal.facets.date_zapette.map(({ id, count }) => ({ id, count }))).toEqual(
      await expectedYears('Fiscal'),
    );
  });

  it("asks the planner for a selection's share once for many searches, again after a failure", async () => {
    // A selection no other test makes: the estimates are kept per database for a minute.
    const fiscalOrSocial = (term: string) =>
      search(database.db, {
        term,
        page: 1,
        urType: UR_TYPES.all,
        selected: { matiere: ['Social', 'Fiscal'] },
        sort: SEARCH_SORTS.relevance,
      });
    const estimate = 'explain (format json)';
    const ofSubjects = (sent: string[]) => sent.filter((text) => text.includes('matiere'));
    const failed = await statementsSent(
      () => fiscalOrSocial('ubiquitaire').catch((error: unknown) => error),
      estimate,
      (text) => text.startsWith(estimate),
    );
    expect(failed.answer).toBeInstanceOf(Error);
    expect(ofSubjects(failed.sent)).toHaveLength(1);
    const first = await statementsSent(() => fiscalOrSocial('ubiquitaire'), estimate);
    expect(ofSubjects(first.sent)).toHaveLength(1);
    expect(first.answer.total).toBe(CANDIDATE_CAP);
    // The same selection with the same or another term: the share is known.
    const again = await statementsSent(() => fiscalOrSocial('ubiquitaire'), estimate);
    expect(ofSubjects(again.sent)).toEqual([]);
    expect(again.answer).toEqual(first.answer);
    const otherTerm = await statementsSent(() => fiscalOrSocial('alphabétique'), estimate);
    expect(ofSubjects(otherTerm.sent)).toEqual([]);
  });

  it('bounds a large news window from the rows per day (Paris midnight), with the answer of no window', async () => {
    // 6,000 news, two a day from 1970-01-01: 08:00 UTC and 23:30 UTC (the next day in Paris), all holding the word.
    // One title for all: deleting 6,000 distinct titles' suggestion phrases takes a minute on PostgreSQL.
    await database.db.execute(sql`
      insert into articles (id, type, slug, title, body_text, publication_date)
      select 'nw' || g, 'actualite', 'nw' || g, 'Brève', 'xénophile',
        timestamptz '1970-01-01 08:00:00+00' + (g / 2) * interval '1 day' + (g % 2) * interval '15 hours 30 minutes'
      from generate_series(1, 6000) g`);
    await database.db.execute(sql`analyze articles`);
    try {
      const term = 'xénophile';
      const fullText = typedQuery(term);
      const filters = corpusFilters(facetFilters({}), null, { news: true, docs: true });
      // Read from the rows per day (as a window of DAY_COUNTS_FROM_ROWS rows or more is), and from the date index.
      const window = await windowBounds(database.db, term, fullText.words, filters, 0);
      const small = await windowBounds(database.db, term, fullText.words, filters, DAY_COUNTS_FROM_ROWS);
      const paris = async (bound: string | undefined) => {
        const [row] = await queryRows<{ time: string }>(
          database.db,
          sql`select to_char(${bound}::timestamptz at time zone 'Europe/Paris', 'HH24:MI') as time`,
        );
        return row?.time;
      };
      // A Paris midnight (23:00 UTC in winter, 22:00 in summer), the day of the exact time of the date index's
      // bound (a news at 08:00 or 23:30 UTC), and the same months.
      expect(await paris(window.news?.bound)).toBe('00:00');
      expect(['09:00', '10:00', '00:30', '01:30']).toContain(await paris(small.news?.bound));
      expect(small.news?.months).toEqual(window.news?.months);
      // By default the rows per day bound every window on PostgreSQL, only the large ones on PGlite.
      const usual = await windowBounds(database.db, term, fullText.words, filters);
      expect(usual.news?.bound).toBe(isEmbedded(database.db) ? small.news?.bound : window.news?.bound);
      const read = async (bounds: typeof window) =>
        withCountedFacets(
          await statementRow<{
            total_news: number;
            results: { id: string }[];
            facet_counts: FacetValues | null;
          }>(term, { filters, bounds }),
        );
      const [windowed, whole] = [await read(window), await read({ ...window, news: null, docs: null })];
      expect(windowed).toEqual(whole);
      expect(await read(small)).toEqual(whole);
      expect(windowed).toMatchObject({ total_news: CANDIDATE_CAP + 1 });
      expect(windowed.results?.[0]?.id).toBe('nw6000');
    } finally {
      await database.db.execute(sql`delete from articles where id like 'nw%'`);
      await database.db.execute(sql`analyze articles`);
    }
  });

  it('reads a window through the index of text and facet values, each facet kind as its lexemes', async () => {
    // 12,000 documents, one a day from 1960-01-02, all holding the word: half MFI and revue, half MSO and
    // memento, so each value is common enough for a window; the job JPL reads MSO.
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, matiere, abonnement, date_resultat, type_document, type_ur, ur_id)
      select 'pl' || g, 'Acte ' || g, 'plurivoque', array['Social'], array[case when g % 2 = 0 then 'MFI' else 'MSO' end],
        date '1960-01-01' + g, case when g % 2 = 0 then 'revue' else 'memento' end, 'fonds', 'UR-pl' || g
      from generate_series(1, 12000) g`);
    await database.db.execute(sql`insert into product_mappings (job, subject, product_code, product_label)
      values ('JPL', 'Social', 'MSO', 'Mémento social')`);
    await database.db.execute(sql`analyze subscriber_documents`);
    try {
      const cases: { selected: SelectedFacets; where: SQL }[] = [
        { selected: { abonnement: ['MFI'] }, where: sql`'MFI' = any(abonnement)` },
        { selected: { metier: ['JPL'] }, where: sql`'MSO' = any(abonnement)` },
        {
          selected: { type_document: ['memento'], date_zapette: ['1990', '1991/03'] },
          where: sql`type_document = 'memento' and (extract(year from date_resultat) = 1990
            or (extract(year from date_resultat) = 1991 and extract(month from date_resultat) = 3))`,
        },
      ];
      for (const { selected, where } of cases) {
        const filters = corpusFilters(facetFilters(selected), selected.metier ? ['MSO'] : null, {
          news: true,
          docs: true,
        });
        const answer = await search(database.db, { ...params('plurivoque'), selected });
        const [expected] = await queryRows<{ total: number; newest: string; months: string[] }>(
          database.db,
          sql`select count(*)::int as total, max(date_resultat)::text as newest,
              array_agg(distinct to_char(date_resultat, 'YYYY/MM') order by to_char(date_resultat, 'YYYY/MM')) as months
            from (select date_resultat from subscriber_documents where id like 'pl%' and ${where}
              order by date_resultat desc limit ${CANDIDATE_CAP}) newest`,
        );
        expect(answer.total, JSON.stringify(selected)).toBe(expected?.total);
        expect(
          answer.results
            .map((result) => result.date_resultat)
            .sort()
            .at(-1),
        ).toBe(expected?.newest);
        // The date facet counts ignore its own selection (disjunctive).
        if (!selected.date_zapette)
          expect(
            answer.facets.date_zapette
              .flatMap((year) => (year.children ?? []).map((month) => month.id))
              .sort(),
          ).toEqual(expected?.months);
        if (selected.abonnement || selected.metier) {
          // Broad enough for a window: its months run from its bound to the table's newest row.
          const bounds = await windowBounds(
            database.db,
            'plurivoque',
            typedQuery('plurivoque').words,
            filters,
          );
          expect(bounds.docs?.months.length).toBeGreaterThan(1);
          expect(bounds.docs?.months).toContain(expected?.newest.slice(0, 7).replace('-', ''));
        }
      }
      // The candidates are read by address on PostgreSQL and as whole rows on PGlite (query-building.ts): both
      // reads give the same candidates, page, totals and facet counts, with or without a window.
      const noFacets = corpusFilters(facetFilters({}), null, { news: true, docs: true });
      const plurivoque = typedQuery('plurivoque');
      const window = await windowBounds(database.db, 'plurivoque', plurivoque.words, noFacets);
      expect(window.docs).not.toBeNull();
      for (const bounds of [window, { ...window, news: null, docs: null }]) {
        const read = async (readByAddress: boolean) =>
          withCountedFacets(
            await statementRow('plurivoque', {
              hasAccess: false,
              filters: noFacets,
              bounds,
              page: { offset: 40, size: NEWS_PAGE_SIZE, sort: SEARCH_SORTS.date, sources: true },
              readByAddress,
            }),
          );
        const [byAddress, wholeRows] = [await read(true), await read(false)];
        expect(wholeRows).toEqual(byAddress);
        expect(byAddress).toMatchObject({ total_docs: CANDIDATE_CAP + 1 });
      }
    } finally {
      await database.db.execute(sql`delete from subscriber_documents where id like 'pl%'`);
      await database.db.execute(sql`delete from product_mappings where job = 'JPL'`);
    }
  });
});

/**
 * Documents for one describe block (`rows`: a select of their columns, ids starting with `prefix`), analysed so that
 * the planner's estimates see them, and deleted after it.
 */
function documentsFor(prefix: string, rows: SQL) {
  beforeAll(async () => {
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, matiere, abonnement, date_resultat, type_document, type_ur, ur_id)
      ${rows}`);
    await database.db.execute(sql`analyze subscriber_documents`);
  });
  afterAll(async () => {
    await database.db.execute(sql`delete from subscriber_documents where id like ${`${prefix}%`}`);
  });
}

/** A search statement's row over the documents with all their matches read, or those of a tier first. */
const tierRead = async (
  term: string,
  tier: Tier | null,
  readByAddress: boolean,
  selected: SelectedFacets = {},
) =>
  withCountedFacets(
    await statementRow(term, {
      filters: corpusFilters(facetFilters(selected), null, { news: true, docs: true }),
      bounds: { news: null, docs: null, estimated: false, none: false, tiers: { news: tier, docs: tier } },
      readByAddress,
    }),
  );
const tierBounds = (term: string, selected: SelectedFacets = {}) =>
  windowBounds(
    database.db,
    term,
    typedQuery(term).words,
    corpusFilters(facetFilters(selected), null, { news: true, docs: true }),
  );

describe('recent tier (decision 062)', () => {
  // Documents straddling the tier's first day: `tierplein` 1,100 from it on (more than the cap) and 50 before,
  // `tiermaigre` 10 from it on and 20 before (the older rows complete the answer).
  documentsFor(
    'tr',
    sql`
      select 'tr' || g, 'Acte ' || g, case when g <= 1150 then 'tierplein enregistré' else 'tiermaigre enregistré' end,
        array['Social'], array['MSO'],
        ${SEARCH_RECENT_FROM}::date + case when g <= 1150 then g - 51 else g - 1171 end,
        'revue', 'fonds', 'UR-tr' || g
      from generate_series(1, 1180) g`,
  );

  it('answers as a read of all the matches, whether the tier holds more than the cap or not, with a facet or not', async () => {
    // Plain, and with a facet (the tier's index of text and facet values).
    for (const selected of [{}, { matiere: ['Social'] }] as SelectedFacets[])
      for (const term of ['"tierplein enregistré"', '"tiermaigre enregistré"', 'tierplein'])
        for (const readByAddress of [true, false]) {
          const whole = await tierRead(term, null, readByAddress, selected);
          expect(await tierRead(term, 'recent', readByAddress, selected)).toEqual(whole);
        }
    expect(await tierRead('"tierplein enregistré"', 'recent', true)).toMatchObject({
      total_docs: CANDIDATE_CAP + 1,
    });
    const thin = await tierRead('"tiermaigre enregistré"', 'recent', true);
    expect(thin).toMatchObject({ total_docs: 30 });
  });

  it('is chosen on PostgreSQL for a word the tier holds enough of, without a selected date', async () => {
    const bounds = tierBounds;
    const recent = isEmbedded(database.db) ? null : 'recent';
    // PGlite has no tiers: its posting lists are short, and a tier's two reads cost more than they spare.
    // No news holds the words: the tier is not worth its second read there.
    expect((await bounds('tierplein')).tiers).toEqual({ news: null, docs: recent });
    // A phrase: the tier holds nearly every document here, so it would spare almost nothing of the whole index
    // (decision 066; a phrase read through a tier: "recent tier for a window within it").
    expect((await bounds('"tierplein enregistré"')).tiers).toEqual({ news: null, docs: null });
    // Too few in any tier: all the matches are read at once.
    expect((await bounds('tiermaigre')).tiers.docs).toBeNull();
    expect((await bounds('tierplein', { matiere: ['Social'] })).tiers.docs).toBe(recent);
    // A selected date: the tier holds its own years.
    expect((await bounds('tierplein', { date_zapette: ['2025'] })).tiers.docs).toBeNull();
    expect((await bounds('tierplein or tiermaigre')).tiers).toEqual({ news: null, docs: null });
  });
});

describe('wider tier (decision 063)', () => {
  // 1,400 documents, one a day from 40 days before the wider tier's first day: 1,360 in the wider tier, about 260
  // of them in the recent one.
  documentsFor(
    'tw',
    sql`
      select 'tw' || g, 'Acte', 'tierlarge enregistré', array['Social'], array['MSO'],
        ${SEARCH_WIDER_FROM}::date - 41 + g, 'revue', 'fonds', 'UR-tw' || g
      from generate_series(1, 1400) g`,
  );

  it('is chosen on PostgreSQL when the recent tier holds too few matches and the wider one enough', async () => {
    expect((await tierBounds('tierlarge')).tiers).toEqual({
      news: null,
      docs: isEmbedded(database.db) ? null : 'wider',
    });
  });

  it('answers as a read of all the matches, as the recent tier does', async () => {
    for (const readByAddress of [true, false]) {
      const whole = await tierRead('"tierlarge enregistré"', null, readByAddress);
      expect(whole).toMatchObject({ total_docs: CANDIDATE_CAP + 1 });
      expect(await tierRead('"tierlarge enregistré"', 'wider', readByAddress)).toEqual(whole);
      expect(await tierRead('"tierlarge enregistré"', 'recent', readByAddress)).toEqual(whole);
    }
  });
});

describe('recent tier for a window within it (decision 063)', () => {
  // 10,000 documents, half from the tier's first day on (about seven a day), half a few years older, the words
  // spread evenly: `tierfenetre` in 32 % of them (about 1,600 in the tier, a window of about 4,700 rows within it),
  // `tierdense` in 90 % (a window of about 1,700 rows).
  documentsFor(
    'tf',
    sql`
      select 'tf' || g, 'Acte',
        concat_ws(' ', case when g % 25 < 8 then 'tierfenetre' end, case when g % 10 < 9 then 'tierdense' end, 'acte'),
        array['Social'], array['MSO'],
        case when g % 2 = 0 then ${SEARCH_RECENT_FROM}::date + g / 15 else ${SEARCH_RECENT_FROM}::date - 1500 + g / 15 end,
        'revue', 'fonds', 'UR-tf' || g
      from generate_series(1, 10000) g`,
  );

  it('reads the tier when the months of the window cost more than its older matches in the tier', async () => {
    const bounds = tierBounds;
    // Both words are common enough for a window; the window of the rarer one holds nearly every row of the tier.
    const [rarer, denser] = [await bounds('tierfenetre'), await bounds('tierdense')];
    expect(rarer.docs).not.toBeNull();
    expect(denser.docs).not.toBeNull();
    expect(rarer.tiers.docs).toBe(isEmbedded(database.db) ? null : 'recent');
    expect(denser.tiers.docs).toBeNull();
    // The tier's read finds the newest matches (their days: several share one).
    const answer = await search(database.db, { ...params('tierfenetre'), sort: SEARCH_SORTS.date });
    const newest = await queryRows<{ day: string }>(
      database.db,
      sql`select date_resultat::text as day from subscriber_documents where texte like '%tierfenetre%'
        order by date_resultat desc limit ${NEWS_PAGE_SIZE}`,
    );
    expect(answer.results.map((result) => result.date_resultat)).toEqual(newest.map((row) => row.day));
  });

  it('reads a phrase through the tier only when the tier likely holds the cap of it (decision 066)', async () => {
    const recent = isEmbedded(database.db) ? null : 'recent';
    // "tierdense acte": its words together in about 4,400 rows of the tier (half of the documents), the phrase in
    // as many: the tier.
    expect((await tierBounds('"tierdense acte"')).tiers.docs).toBe(recent);
    // "tierfenetre acte": its words together in about 1,600 rows of the tier, the phrase in about 160 (the other
    // word comes between them): the tier would likely come short, then the whole index be read after it.
    expect((await tierBounds('"tierfenetre acte"')).tiers.docs).toBeNull();
    // What the tier holds of each phrase: the two choices were the right ones.
    const inTier = async (phrase: string) => {
      const [row] = await queryRows<{ rows: number }>(
        database.db,
        sql`select count(*)::int as rows from subscriber_documents
          where search_vector @@ websearch_to_tsquery(${SEARCH_CONFIG}::regconfig, ${phrase})
            and date_resultat >= ${SEARCH_RECENT_FROM}::date`,
      );
      return row?.rows;
    };
    expect(await inTier('"tierdense acte"')).toBeGreaterThan(CANDIDATE_CAP);
    expect(await inTier('"tierfenetre acte"')).toBeLessThan(CANDIDATE_CAP);
  });
});

describe('facet lexemes', () => {
  it('give each row its year, month (Paris time for news), type, subjects, subscriptions and themes', async () => {
    const [row] = await queryRows<{ news: string; enriched: string; document: string }>(
      database.db,
      sql`select search_news_facets(timestamptz '2026-01-31 23:30:00+00', null, '{Fiscal}', '{TVA}')::text as news,
        search_news_facets(timestamptz '2026-01-15 12:00:00+00', 'e1', '{}', null)::text as enriched,
        search_document_facets(date '2025-12-31', 'memento', '{Social,"L''été"}', '{MSO}')::text as document`,
    );
    expect(row?.news).toBe("'#d202602' '#hTVA' '#mFiscal' '#tactualite' '#y2026'");
    expect(row?.enriched).toBe("'#d202601' '#tactualite-enrichie' '#y2026'");
    expect(row?.document).toBe("'#aMSO' '#d202512' '#mL''été' '#mSocial' '#tmemento' '#y2025'");
  });
});

describe('both collections read side by side (decision 063)', () => {
  // 45 news and 45 documents holding `bicorpus` once to four times (ranks from four values, so many ties) and their
  // id, dated two by two on the same days (ties of date across the corpora), half of each Fiscal, half Social.
  beforeAll(async () => {
    await database.db.execute(sql`
      insert into articles (id, type, slug, title, body_text, body_html, publication_date, topics)
      select 'bc' || g, 'actualite', 'bc' || g, 'Brève ' || g, repeat('bicorpus ', g % 4 + 1) || 'régime bc' || g,
        '<p>' || repeat('bicorpus ', g % 4 + 1) || 'régime bc' || g || '</p>',
        timestamptz '2001-03-01 00:00:00+01' + (g / 2) * interval '1 day',
        jsonb_build_array(jsonb_build_object('label', case when g % 2 = 0 then 'Fiscal' else 'Social' end))
      from generate_series(1, 45) g`);
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, matiere, abonnement, date_resultat, type_document, type_ur, ur_id)
      select 'bd' || g, 'Acte ' || g, repeat('bicorpus ', (g + 1) % 4 + 1) || 'régime bd' || g,
        array[case when g % 2 = 0 then 'Fiscal' else 'Social' end], array['MSO'],
        date '2001-03-01' + g / 2, 'revue', 'fonds', 'UR-bd' || g
      from generate_series(1, 45) g`);
  });
  afterAll(async () => {
    await database.db.execute(sql`delete from articles where id like 'bc%'`);
    await database.db.execute(sql`delete from subscriber_documents where id like 'bd%'`);
  });

  /** The page as one statement over both corpora answers it (the engine's statement on PGlite). */
  const oneStatement = async (
    selected: SelectedFacets,
    page: number,
    sort: (typeof SEARCH_SORTS)[keyof typeof SEARCH_SORTS],
  ) => {
    const filters = corpusFilters(facetFilters(selected), null, { news: true, docs: true });
    return statementRow<{
      total_news: number;
      total_docs: number;
      results: { id: string; titre: string }[] | null;
      facet_counts: FacetValues | null;
    }>('bicorpus', {
      hasAccess: false,
      filters,
      bounds: await windowBounds(database.db, 'bicorpus', typedQuery('bicorpus').words, filters),
      page: { offset: (page - 1) * NEWS_PAGE_SIZE, size: NEWS_PAGE_SIZE, sort, sources: true },
      readByAddress: !isEmbedded(database.db),
    });
  };

  it('answers every page, by relevance and by date, with or without a facet, as one statement does', async () => {
    for (const selected of [{}, { matiere: ['Fiscal'] }] as SelectedFacets[])
      for (const sort of [SEARCH_SORTS.relevance, SEARCH_SORTS.date])
        for (const page of [1, 2, 3, 5]) {
          const label = JSON.stringify({ selected, sort, page });
          const answer = await search(database.db, { ...params('bicorpus'), selected, sort, page });
          const expected = await oneStatement(selected, page, sort);
          expect(answer.total, label).toBe(expected.total_news + expected.total_docs);
          expect(
            answer.results.map((result) => [result.id, result.titre_affichage]),
            label,
          ).toEqual((expected.results ?? []).map((result) => [result.id, result.titre]));
          // A later page's sources are read once the page is known: every result has its own snippet (its text
          // ends with its id), whichever half of the page's headlines it was in.
          expect(
            answer.results.every((result) => result.texte.includes(result.id)),
            label,
          ).toBe(true);
          if (!selected.matiere)
            expect(answer.facets, label).toEqual(buildFacets(facetCounts(expected.facet_counts)));
        }
  });

  it('pages through the two collections in one order, each result once', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4, 5].map((page) => search(database.db, { ...params('bicorpus'), page })),
    );
    const ids = pages.flatMap((answer) => answer.results.map((result) => result.id));
    expect(ids).toHaveLength(90);
    expect(new Set(ids).size).toBe(90);
    expect(new Set(ids.map((id) => id.slice(0, 2)))).toEqual(new Set(['bc', 'bd']));
  });

  it('answers alike alone (each corpus its statement on PostgreSQL) and beside other searches (one statement)', async () => {
    const alone = [
      await search(database.db, { ...params('bicorpus'), page: 1 }),
      await search(database.db, { ...params('bicorpus'), page: 2 }),
    ];
    // Two at once: neither runs alone.
    const together = await Promise.all(
      [1, 2].map((page) => search(database.db, { ...params('bicorpus'), page })),
    );
    expect(together).toEqual(alone);
  });
});

describe('words as typed', () => {
  it('share a stem with their longer forms in the index, and are told apart in a heading by their patterns', async () => {
    const matches = async (term: string, heading: string) => {
      const patterns = wordsAsTypedPatterns(term);
      const [row] = await queryRows<{ found: boolean }>(
        database.db,
        sql`select ${sql.join(
          patterns.map((pattern) => sql`${heading} ~* ${pattern}`),
          sql` and `,
        )} as found`,
      );
      return row?.found;
    };
    const [stems] = await queryRows<{ same: boolean }>(
      database.db,
      sql`select to_tsvector(${SEARCH_CONFIG}, 'Le paiement') @@ to_tsquery(${SEARCH_CONFIG}, 'paie') as same`,
    );
    expect(stems?.same).toBe(true);
    expect(await matches('paie', 'Le PAIEMENT des salaires')).toBe(false);
    expect(await matches('paie', 'Bulletins de PAIE : ce qui change')).toBe(true);
    expect(await matches('impot', 'Les impôts locaux')).toBe(true);
    expect(await matches('IMPÔTS', 'L’IMPÔT sur le revenu')).toBe(true);
    expect(await matches('impôt', 'Impôtsrevenu')).toBe(false);
    expect(await matches('crédit d’impôt', 'Un crédit d’impôt recherche élargi')).toBe(true);
    expect(await matches('plus-value', 'Les plus-values immobilières')).toBe(true);
    expect(await matches('société', 'Résiliation')).toBe(false);
    expect(await matches('œuvre', 'Mise en oeuvre')).toBe(true);
  });

  it('rank a title or summary holding the word as typed above a row matching only its stem', async () => {
    // « zorbe » and « zorbement » share the stem « zorb », as « paie » and « paiement » share « pai »; the
    // stem-only rows repeat it and are newer, so relevance alone, or the date, would put them first.
    await database.db.insert(articles).values([
      {
        ...newsRow('ex1', 'Le zorbement des cotisations', 'Zorbement, zorbement et zorbements.'),
        summary: 'Zorbement échelonné.',
        publicationDate: new Date('2021-06-03T08:00:00Z'),
      },
      { ...newsRow('ex2', 'Calendrier des échéances', 'Un zorbe versé chaque mois.'), summary: 'Le ZÖRBE.' },
      {
        ...newsRow('ex3', 'Zorbements en retard', 'Les zorbements tardifs.'),
        publicationDate: new Date('2021-06-02T08:00:00Z'),
      },
    ]);
    const ids = async (term: string) =>
      (await search(database.db, { ...params(term), urType: UR_TYPES.news })).results.map(
        (result) => result.id,
      );
    expect((await ids('zorbe'))[0]).toBe('ex2');
    // Typed as the longer form, the rows holding it come first again, the newest first at equal footing.
    expect((await ids('zorbement')).slice(0, 1)).toEqual(['ex1']);
    expect((await ids('zorbe')).sort()).toEqual(['ex1', 'ex2', 'ex3']);
    // A plural is the word as typed: « zorbements » ranks ex3's title and ex1's, not ex2.
    expect((await ids('zorbements')).slice(0, 2)).toEqual(['ex1', 'ex3']);
  });
});
