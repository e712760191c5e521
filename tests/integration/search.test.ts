import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SNIPPET_MAX } from '@/lib/constants';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { subscriberDocuments } from '@/server/db/schema';
import { searchAsArticles } from '@/server/search/as-articles';
import { CANDIDATE_CAP, search } from '@/server/search/engine';
import { toSearchParams } from '@/server/search/params';
import { suggest } from '@/server/search/suggest';
import { type SearchParams, UR_TYPES } from '@/server/search/types';
import { createTestDatabase } from '../support/database';
import { DOC_FIXTURES, GATED_WORD, insertSearchCorpus, NEWS_FIXTURES } from '../support/search-corpus';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertSearchCorpus(database.db);
});

afterAll(async () => {
  await database?.close();
});

const params = (overrides: Partial<SearchParams>): SearchParams => ({
  term: '',
  page: 1,
  urType: UR_TYPES.all,
  selected: {},
  sort: SEARCH_SORTS.relevance,
  ...overrides,
});

const ids = async (overrides: Partial<SearchParams>) =>
  (await search(database.db, params(overrides))).results.map((result) => result.id);

describe('search engine', () => {
  it('lists everything newest first for an empty term', async () => {
    const answer = await search(database.db, params({}));
    expect(answer.total).toBe(NEWS_FIXTURES.length + DOC_FIXTURES.length);
    const dates = answer.results.map((result) => result.date_resultat);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(answer.results[0]?.id).toBe('n11');
  });

  it('ignores case and accents', async () => {
    const accented = await ids({ term: 'impôts' });
    expect(accented.length).toBeGreaterThan(2);
    expect(await ids({ term: 'IMPOTS' })).toEqual(accented);
    expect(await ids({ term: 'impot' })).toEqual(accented);
  });

  it('weights the title above the summary above the body', async () => {
    // "rupture" is in n04's title, and only in the body of nothing else; "indemnité" in d02's title and n12's.
    const found = await ids({ term: 'télétravail' });
    expect(found[0]).toBe('n12');
  });

  it('answers every field of the search result entity', async () => {
    const [result] = (await search(database.db, params({ term: 'convention collective Syntec' }))).results;
    expect(result).toMatchObject({
      id: 'd03',
      enriched_news_id: null,
      titre_affichage: 'Convention collective Syntec : classification des ingénieurs',
      micro_contenu: expect.any(String),
      texte: expect.stringContaining('<mark>'),
      matiere: ['Social'],
      theme_zapette: ['Conventions collectives'],
      date_resultat: '2024-08-19',
      type_document: 'Conventions collectives',
      type_ur: 'fonds',
      ur_id: 'UR-d03',
      abonnement: ['CCN'],
      titre_ouvrage: 'Conventions collectives',
      subscriber_only: true,
    });
  });

  it('matches gated text only for a reader with access, and never shows it in an anonymous snippet', async () => {
    // Anonymous (or paywalled): the hidden part of n13 (paywalled) and the second section of n14 (enriched) are
    // not searchable, so hidden text cannot be confirmed word by word.
    expect((await search(database.db, params({ term: GATED_WORD }))).results).toEqual([]);
    expect(await ids({ term: `"${GATED_WORD} réservé"` })).toEqual([]);
    // What the paywall shows is: the first section of the enriched news and the head of the paywalled body.
    const bail = (await search(database.db, params({ term: 'bail commercial plafonnement' }))).results[0];
    expect(bail?.id).toBe('n14');
    expect(bail?.texte).not.toMatch(/exceptions|réservée/);
    expect(await ids({ term: 'contrôle fiscal intensifie' })).toContain('n13');
    // A logged-in reader matches everything, and sees it in the snippet.
    const reader = { hasAccess: true };
    const found = await search(database.db, params({ term: GATED_WORD }), reader);
    expect(found.results.map((result) => result.id).sort()).toEqual(['n13', 'n14']);
    expect(found.results.some((result) => result.texte.includes(`<mark>${GATED_WORD}</mark>`))).toBe(true);
  });

  it('cuts snippets to 500 characters, HTML-escaped, matched words marked', async () => {
    await database.db.insert(subscriberDocuments).values({
      id: 'x-escape',
      titreAffichage: 'Balises <script> et esperluettes',
      microContenu: 'Le seuil 3 < 5 & des "guillemets" ou <b>du gras</b>.',
      texte: 'Esperluette '.repeat(200),
      dateResultat: '2020-01-01',
      typeDocument: 'revue',
      typeUr: 'fonds',
      urId: 'UR-x',
    });
    try {
      const [result] = (await search(database.db, params({ term: 'esperluettes' }))).results;
      const texte = result?.texte ?? '';
      expect(texte.length).toBeLessThanOrEqual(SEARCH_SNIPPET_MAX);
      expect(texte).toContain('3 &lt; 5 &amp; des &quot;guillemets&quot;');
      expect(texte).toContain('<mark>Esperluette</mark>');
      expect(texte.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
      expect(texte.endsWith('…')).toBe(true);
    } finally {
      await database.db.execute(sql`delete from subscriber_documents where id = 'x-escape'`);
    }
  });

  it('restricts to the daily news or to the subscriber collections with urType', async () => {
    const news = await ids({ term: 'société', urType: UR_TYPES.news });
    const docs = await ids({ term: 'société', urType: UR_TYPES.subscriber });
    expect(news.length).toBeGreaterThan(0);
    expect(docs.length).toBeGreaterThan(0);
    expect(news.every((id) => id.startsWith('n'))).toBe(true);
    expect(docs.every((id) => id.startsWith('d'))).toBe(true);
  });

  it('counts facets over the whole match set', async () => {
    const { facets } = await search(database.db, params({}));
    expect(facets.date_zapette.map((year) => year.id)).toEqual(['2025', '2024', '2023']);
    const year2024 = facets.date_zapette.find((year) => year.id === '2024');
    const months = year2024?.children?.map((month) => month.id) ?? [];
    expect(months).toEqual([...months].sort());
    expect(months[0]).toBe('2024/02');
    expect(year2024?.children?.[0]?.label).toBe('février');
    expect(year2024?.count).toBe(year2024?.children?.reduce((sum, month) => sum + month.count, 0));
    const types = Object.fromEntries(facets.type_document.map((type) => [type.id, type]));
    expect(types.actualite).toMatchObject({ label: 'Actualités', count: 17 });
    expect(types['actualite-enrichie']).toMatchObject({ label: 'Actualités enrichies', count: 1 });
    expect(types.memento).toMatchObject({ label: 'Mémentos', count: 2 });
    expect(types['convention-collective']?.label).toBe('Conventions collectives');
    expect(facets.matiere.find((entry) => entry.id === 'Fiscal')?.count).toBe(12);
    expect(facets.abonnement.find((entry) => entry.id === 'MFI')).toMatchObject({
      label: 'Mémento Fiscal',
      count: 2,
    });
    // Jobs through their product codes: expertComptable = MFI, RDF (d01, d05); DRH = CTR, MSO (d02, d08).
    expect(facets.metier).toEqual(
      expect.arrayContaining([
        { id: 'expertComptable', label: 'Expert-comptable', count: 2 },
        { id: 'DRH', label: 'Directeur ou responsable des ressources humaines', count: 2 },
      ]),
    );
    expect(facets.theme_quot_zapette.find((entry) => entry.id === 'Sociétés')?.count).toBe(4);
  });

  it('counts a document once per job, however many of its subscriptions the job holds', async () => {
    // CTR and MSO are both DRH's product codes (MAPPING_FIXTURES).
    await database.db.insert(subscriberDocuments).values({
      id: 'd-two-codes',
      titreAffichage: 'Heures de délégation',
      microContenu: 'Le crédit d’heures des représentants.',
      texte: 'Les heures de délégation des représentants du personnel sont payées comme du temps de travail.',
      dateResultat: '2025-03-01',
      typeDocument: 'memento',
      typeUr: 'fonds',
      urId: 'UR-d-two-codes',
      matiere: ['Social'],
      themeZapette: [],
      abonnement: ['CTR', 'MSO'],
      titreOuvrage: 'Mémento Social',
    });
    try {
      const { facets, total } = await search(database.db, params({ term: 'délégation' }));
      expect(total).toBe(1);
      expect(facets.metier).toEqual([
        { id: 'DRH', label: 'Directeur ou responsable des ressources humaines', count: 1 },
      ]);
      expect(facets.abonnement.map(({ id, count }) => [id, count])).toEqual([
        ['CTR', 1],
        ['MSO', 1],
      ]);
      expect(facets.date_zapette).toEqual([
        { id: '2025', label: '2025', count: 1, children: [{ id: '2025/03', label: 'mars', count: 1 }] },
      ]);
    } finally {
      await database.db.delete(subscriberDocuments).where(eq(subscriberDocuments.id, 'd-two-codes'));
    }
  });

  it('filters by the selected facets', async () => {
    expect((await ids({ selected: { date_zapette: ['2023'] } })).sort()).toEqual([
      'd06',
      'd09',
      'n15',
      'n17',
      'n18',
    ]);
    expect((await ids({ selected: { date_zapette: ['2023/03', '2024/02'] } })).sort()).toEqual([
      'd08',
      'n17',
    ]);
    expect((await ids({ selected: { type_document: ['memento'] } })).sort()).toEqual(['d01', 'd07']);
    expect((await ids({ selected: { metier: ['DRH'] } })).filter((id) => id.startsWith('d')).sort()).toEqual([
      'd02',
      'd08',
    ]);
    expect((await ids({ selected: { abonnement: ['DOCF'] } })).sort()).toEqual(['d06', 'd09']);
    expect((await ids({ selected: { theme_quot_zapette: ['TVA'] } })).sort()).toEqual(['n06', 'n07']);
    expect(
      (await ids({ term: 'taux', selected: { matiere: ['Fiscal'], type_document: ['actualite'] } })).sort(),
    ).toEqual(['n02', 'n06']);
  });

  it('treats invalid facet JSON as no selection, keeps metier single and the page within 1 to 49', () => {
    expect(toSearchParams({ facetsJson: '{oops', term: 'tva' }).selected).toEqual({});
    expect(toSearchParams({ facetsJson: '["x"]' }).selected).toEqual({});
    expect(toSearchParams({ facetsJson: '{"metier":["DRH","notaire"]}' }).selected).toEqual({
      metier: ['DRH'],
    });
    expect(toSearchParams({ metier: '["notaire"]', facetsJson: '{"matiere":["Fiscal"]}' }).selected).toEqual({
      matiere: ['Fiscal'],
      metier: ['notaire'],
    });
    expect(toSearchParams({ page: '50' }).page).toBe(1);
    expect(toSearchParams({ page: '49' }).page).toBe(49);
    expect(toSearchParams({ terme: 'bail' }).term).toBe('bail');
    expect(toSearchParams({ term: 'tva', terme: 'bail' }).term).toBe('tva');
    expect(toSearchParams({ urType: 'inconnu' }).urType).toBe(UR_TYPES.all);
  });

  it('pages by 20', async () => {
    const first = await search(database.db, params({ page: 1 }));
    const second = await search(database.db, params({ page: 2 }));
    expect(first.results).toHaveLength(20);
    expect(second.results).toHaveLength(first.total - 20);
    expect(second.results.map((result) => result.id)).not.toContain(first.results[0]?.id);
  });

  it('serves the daily news type as article summaries flagged asArticle', async () => {
    const answer = await searchAsArticles(database.db, params({ term: 'impôt' }));
    expect(answer.asArticle).toBe(true);
    expect(answer.results.length).toBeGreaterThan(0);
    for (const article of answer.results) {
      if (!('asArticle' in article)) throw new Error(`${article.id}: not an article summary`);
      expect(article.id.startsWith('n')).toBe(true);
      expect(article).toHaveProperty('publication_date');
      expect(article).toHaveProperty('slug');
    }
  });

  it('counts the news type as many results as its tab shows, in the collections chosen', async () => {
    // A news of the subscriber collections: counted under "Actualités" of "Tous" and of "Contenus abonnés".
    await database.db.insert(subscriberDocuments).values({
      id: 'dnews',
      titreAffichage: 'Impôt : une actualité des fonds abonnés',
      texte: 'impôt',
      dateResultat: '2024-03-01',
      typeDocument: 'actualite',
      typeUr: 'fonds',
      urId: 'UR-dnews',
    });
    try {
      for (const urType of Object.values(UR_TYPES)) {
        const all = await search(database.db, params({ term: 'impôt', urType }));
        const tab = all.facets.type_document.find((type) => type.id === 'actualite');
        const shown = await searchAsArticles(
          database.db,
          params({ term: 'impôt', urType, selected: { type_document: ['actualite'] } }),
        );
        expect(shown.total, urType).toBe(tab?.count);
        expect(shown.results, urType).toHaveLength(tab?.count ?? 0);
        const subscriberNews = shown.results.filter((result) => result.id === 'dnews');
        expect(subscriberNews, urType).toHaveLength(urType === UR_TYPES.news ? 0 : 1);
        // In "Contenus abonnés" the news tab keeps the subscriber scope: the daily's news are not among them.
        if (urType === UR_TYPES.subscriber)
          expect(shown.results.map((result) => result.id)).toEqual(['dnews']);
      }
    } finally {
      await database.db.delete(subscriberDocuments).where(eq(subscriberDocuments.id, 'dnews'));
    }
  });

  it('bounds the candidate set of a very common word and says so', async () => {
    await database.db.execute(sql`
      insert into subscriber_documents (id, titre_affichage, texte, date_resultat, type_document, type_ur, ur_id)
      select 'bulk' || g, 'Document courant ' || g, 'omniprésent', date '2022-01-01' + (g % 300), 'revue', 'fonds', 'UR-bulk' || g
      from generate_series(1, ${CANDIDATE_CAP + 50}) g`);
    try {
      const answer = await search(database.db, params({ term: 'omniprésent' }));
      expect(answer.bounded).toBe(true);
      expect(answer.total).toBe(CANDIDATE_CAP);
      expect(answer.facets.type_document).toEqual([{ id: 'revue', label: 'Revues', count: CANDIDATE_CAP }]);
      // The newest matches are the candidates.
      expect(answer.results[0]?.date_resultat).toBe('2022-10-27');
    } finally {
      await database.db.execute(sql`delete from subscriber_documents where id like 'bulk%'`);
    }
  });
});

describe('suggestions', () => {
  it('answers nothing under three characters', async () => {
    expect(await suggest(database.db, 'im')).toEqual([]);
    expect(await suggest(database.db, '  i  ')).toEqual([]);
  });

  it('suggests titles and topics with the typed part marked, accents ignored', async () => {
    const found = await suggest(database.db, 'impo');
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((entry) => entry.value)).toContain('Impôt sur le revenu');
    for (const entry of found) {
      expect(entry.formatedSuggestion.replace(/<\/?mark>/g, '')).toBe(
        entry.value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;'),
      );
      expect(entry.formatedSuggestion.toLowerCase()).toMatch(/<mark>imp[oô]<\/mark>/);
    }
  });

  it('tolerates a typo', async () => {
    const found = await suggest(database.db, 'facturatoin');
    expect(found.map((entry) => entry.value)).toContain(
      'Facturation électronique obligatoire : le calendrier confirmé',
    );
  });

  it('suggests frequent searches first, once five distinct readers made them', async () => {
    for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3', '192.0.2.4']) {
      await search(database.db, params({ term: 'donation-partage' }), { hasAccess: false, client });
    }
    expect((await suggest(database.db, 'donat'))[0]?.value).not.toBe('donation-partage');
    await search(database.db, params({ term: 'donation-partage' }), {
      hasAccess: false,
      client: '192.0.2.5',
    });
    const [first] = await suggest(database.db, 'donat');
    expect(first).toEqual({ value: 'donation-partage', formatedSuggestion: '<mark>donat</mark>ion-partage' });
  });
});
