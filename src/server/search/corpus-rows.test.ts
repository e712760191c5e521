import { describe, expect, it } from 'vitest';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import { mergedRow, type RawResult, type Row, readsByCorpus } from './corpus-rows';

const result = (corpus: RawResult['corpus'], id: string, rank: number, sortAt: number): RawResult => ({
  corpus,
  id,
  enriched_news_id: null,
  titre: id,
  micro: '',
  day: '2026-11-28',
  type_code: corpus === 'news' ? 'actualite' : 'revue',
  type_ur: corpus === 'news' ? 'quotidienne' : 'fonds',
  ur_id: id,
  abonnement: [],
  matiere: [],
  themes: [],
  titre_ouvrage: '',
  slug: null,
  article_type: null,
  rank,
  sort_at: sortAt,
  view: null,
  paywalled: null,
  sections: null,
  texte: null,
});

const row = (results: RawResult[] | null, total: number, facets: Row['facet_counts'] = null): Row => ({
  total_news: total,
  total_docs: total,
  results,
  facet_counts: facets,
});

const ids = (merged: Row) => merged.results?.map((entry) => entry.id);

describe('the rows of the two corpora as one', () => {
  // Each corpus's rows come in the page's order; a tie of rank and date across the corpora goes to the smaller id.
  const news = [
    result('news', 'b2', 0.9, 100),
    result('news', 'b1', 0.5, 300),
    result('news', 'b3', 0.5, 50),
  ];
  const docs = [
    result('docs', 'd1', 0.7, 400),
    result('docs', 'a9', 0.5, 300),
    result('docs', 'd2', 0.1, 500),
  ];

  it('pages the two lists by relevance, then date, then id', () => {
    const merged = mergedRow(row(news, 12), row(docs, 7), {
      offset: 0,
      size: 6,
      sort: SEARCH_SORTS.relevance,
    });
    expect(ids(merged)).toEqual(['b2', 'd1', 'a9', 'b1', 'b3', 'd2']);
    expect(merged).toMatchObject({ total_news: 12, total_docs: 7 });
  });

  it('pages them by date, then relevance, and cuts the page from the offset', () => {
    const page = { offset: 2, size: 3, sort: SEARCH_SORTS.date };
    expect(ids(mergedRow(row(news, 3), row(docs, 3), page))).toEqual(['a9', 'b1', 'b2']);
    expect(mergedRow(row(news, 3), row(docs, 3), { ...page, offset: 6 }).results).toBeNull();
  });

  it('answers no page for counts alone, and a page from one corpus when the other has none', () => {
    expect(mergedRow(row(null, 0), row(null, 0), null).results).toBeNull();
    const page = { offset: 0, size: 20, sort: SEARCH_SORTS.relevance };
    expect(ids(mergedRow(row(null, 0), row(docs, 3), page))).toEqual(['d1', 'a9', 'd2']);
  });

  it('adds the candidates’ facet values up and keeps one copy of the labels', () => {
    const products: [string, string, string[] | null][] = [['MSO', 'Mémento social', ['DRH']]];
    const merged = mergedRow(
      row(null, 2, { months: [202611, 202610], matieres: [['Fiscal'], null], themes: [['TVA']] }),
      row(null, 1, {
        months: [202611],
        matieres: [['Social']],
        themes: null,
        subscriptions: [['MSO']],
        products,
        mementos: null,
      }),
      null,
    );
    expect(merged.facet_counts).toEqual({
      months: [202611, 202610, 202611],
      matieres: [['Fiscal'], null, ['Social']],
      themes: [['TVA']],
      subscriptions: [['MSO']],
      products,
      mementos: null,
    });
    // A corpus without candidates answers its values as null: the other's stand.
    expect(
      mergedRow(row(null, 0, { months: null }), row(null, 1, { months: [202601] }), null).facet_counts,
    ).toEqual({
      months: [202601],
    });
  });
});

describe('reading by corpus', () => {
  it('happens on PostgreSQL for a search computed alone, never beside others nor on PGlite', () => {
    expect(readsByCorpus(false, 1)).toBe(true);
    expect(readsByCorpus(false, 2)).toBe(false);
    expect(readsByCorpus(true, 1)).toBe(false);
  });
});
