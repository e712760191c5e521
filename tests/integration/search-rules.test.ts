import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEARCH_SORTS } from '@/lib/contracts/search';
import type { Database } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';
import { search } from '@/server/search/engine';
import { suggest } from '@/server/search/suggest';
import { getSearchBlocklist, setSearchBlocklist } from '@/server/search/suggestion-rules';
import { type SearchParams, UR_TYPES } from '@/server/search/types';
import { createTestDatabase } from '../support/database';
import { insertSearchCorpus } from '../support/search-corpus';

/** Issue 15: disjunctive facets, sorting, bounded correction, and which searches become suggestions. */

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

const counts = (entries: { id: string; count: number }[]) =>
  Object.fromEntries(entries.map((entry) => [entry.id, entry.count]));

describe('disjunctive facets', () => {
  it('counts a multi-choice facet without its own selection, so other values stay with their counts', async () => {
    const all = await search(database.db, params({}));
    const year2024 = await search(database.db, params({ selected: { date_zapette: ['2024'] } }));
    // The results are 2024's; the years keep every value and count of the unfiltered search.
    expect(year2024.results.every((result) => result.date_resultat.startsWith('2024'))).toBe(true);
    expect(counts(year2024.facets.date_zapette)).toEqual(counts(all.facets.date_zapette));
    // Two years together: the union.
    const both = await search(database.db, params({ selected: { date_zapette: ['2024', '2023'] } }));
    expect(both.total).toBe(
      (all.facets.date_zapette.find((year) => year.id === '2024')?.count ?? 0) +
        (all.facets.date_zapette.find((year) => year.id === '2023')?.count ?? 0),
    );
    // The other facets count the selection: subjects over 2024 only.
    expect(year2024.facets.matiere.reduce((sum, entry) => sum + entry.count, 0)).toBeLessThan(
      all.facets.matiere.reduce((sum, entry) => sum + entry.count, 0),
    );
  });

  it('keeps the other subjects when one is chosen, and applies the other facets to their counts', async () => {
    const fiscal = await search(database.db, params({ selected: { matiere: ['Fiscal'] } }));
    const ids = fiscal.facets.matiere.map((entry) => entry.id);
    expect(ids).toEqual(expect.arrayContaining(['Fiscal', 'Social', 'Affaires']));
    const combined = await search(
      database.db,
      params({ selected: { matiere: ['Fiscal', 'Social'], date_zapette: ['2025'] } }),
    );
    expect(
      combined.results.every(
        (result) =>
          result.date_resultat.startsWith('2025') &&
          (result.matiere.includes('Fiscal') || result.matiere.includes('Social')),
      ),
    ).toBe(true);
    // Subjects counted within 2025 (the date facet applies), years counted within the two subjects.
    const in2025 = await search(database.db, params({ selected: { date_zapette: ['2025'] } }));
    expect(counts(combined.facets.matiere)).toEqual(counts(in2025.facets.matiere));
    const twoSubjects = await search(database.db, params({ selected: { matiere: ['Fiscal', 'Social'] } }));
    expect(counts(combined.facets.date_zapette)).toEqual(counts(twoSubjects.facets.date_zapette));
  });

  it('keeps metier single-choice and counted with its selection', async () => {
    const drh = await search(database.db, params({ selected: { metier: ['DRH'] } }));
    expect(drh.facets.metier.map((entry) => entry.id)).toContain('DRH');
    expect(drh.facets.metier.map((entry) => entry.id)).not.toContain('expertComptable');
  });
});

describe('sort', () => {
  it('orders by relevance by default and newest first with tri=date', async () => {
    const byRank = await search(database.db, params({ term: 'impôt' }));
    const byDate = await search(database.db, params({ term: 'impôt', sort: SEARCH_SORTS.date }));
    const dates = byDate.results.map((result) => result.date_resultat);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(byRank.results.map((result) => result.id)).not.toEqual(byDate.results.map((result) => result.id));
    expect(new Set(byRank.results.map((result) => result.id))).toEqual(
      new Set(byDate.results.map((result) => result.id)),
    );
  });
});

describe('bounded correction', () => {
  it('corrects a query of a few misspelled words, not a paragraph of unknown ones', async () => {
    expect((await search(database.db, params({ term: 'licenciment' }))).total).toBeGreaterThan(0);
    const paragraph = Array.from({ length: 30 }, (_, index) => `licenciment${index}x`).join(' ');
    const started = performance.now();
    expect((await search(database.db, params({ term: paragraph }))).total).toBe(0);
    // No trigram search per word: far below the 30 corrections' cost.
    expect(performance.now() - started).toBeLessThan(2000);
    const lexemes = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from search_lexemes where lexeme like 'licenci%'`,
    );
    expect(lexemes[0]?.n).toBeGreaterThan(0);
  });
});

describe('suggestion rules', () => {
  beforeEach(async () => {
    await setSearchBlocklist(database.db, []);
  });

  const searchedBy = async (term: string, clients: number, prefix = '198.51.100.') => {
    for (let index = 1; index <= clients; index += 1) {
      await search(database.db, params({ term }), { hasAccess: false, client: `${prefix}${index}` });
    }
  };
  const suggested = async (typed: string) => (await suggest(database.db, typed)).map((entry) => entry.value);

  it('needs five distinct client addresses, however often one of them searches', async () => {
    for (let round = 0; round < 20; round += 1) {
      await search(database.db, params({ term: 'régime micro-foncier' }), {
        hasAccess: false,
        client: '203.0.113.9',
      });
    }
    expect(await suggested('régime micro')).not.toContain('régime micro-foncier');
    await searchedBy('régime micro-foncier', 5);
    expect(await suggested('régime micro')).toContain('régime micro-foncier');
  });

  it('never suggests operators, texts over 60 characters, or searches without results', async () => {
    await searchedBy('fiscal or social or droit', 6);
    await searchedBy('impôt -revenu', 6);
    await searchedBy('"prix de transfert"', 6);
    const long = 'déclaration de revenus des travailleurs indépendants et des professions libérales';
    await searchedBy(long, 6);
    await searchedBy('xqzwv introuvable', 6);
    expect(await suggested('fiscal or')).not.toContain('fiscal or social or droit');
    expect(await suggested('impôt -rev')).not.toContain('impôt -revenu');
    expect(await suggested('"prix de')).not.toContain('"prix de transfert"');
    expect(await suggested('déclaration de revenus')).not.toContain(long);
    expect(await suggested('xqzwv')).toEqual([]);
  });

  it('withdraws and refuses what the blocklist holds, case and accents ignored', async () => {
    await searchedBy('transfert documentée', 5);
    expect(await suggested('transfert')).toContain('transfert documentée');
    expect(await setSearchBlocklist(database.db, ['DOCUMENTÉE', ' documentee ', 'Arnaque'])).toEqual([
      'arnaque',
      'documentee',
    ]);
    expect(await getSearchBlocklist(database.db)).toEqual(['arnaque', 'documentee']);
    expect(await suggested('transfert')).not.toContain('transfert documentée');
    await searchedBy('transfert documentée', 5, '198.51.101.');
    expect(await suggested('transfert')).not.toContain('transfert documentée');
    // A blocked word matches whole words only.
    await searchedBy('transfert intragroupe', 5);
    expect(await suggested('transfert')).toContain('transfert intragroupe');
    await setSearchBlocklist(database.db, []);
    await searchedBy('transfert documentée', 1, '198.51.102.');
    expect(await suggested('transfert')).toContain('transfert documentée');
  });

  it('forgets readers after seven days', async () => {
    await searchedBy('révision du loyer', 5);
    expect(await suggested('révision du')).toContain('révision du loyer');
    await database.db.execute(
      sql`update search_query_clients set last_searched_at = now() - interval '8 days' where normalized = 'revision du loyer'`,
    );
    await searchedBy('révision du loyer', 1, '198.51.103.');
    expect(await suggested('révision du')).not.toContain('révision du loyer');
  });

  it('stores hashes of the addresses, never the addresses', async () => {
    const rows = await queryRows<{ client: string }>(
      database.db,
      sql`select client from search_query_clients limit 50`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.client).not.toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });
});

describe('facet labels', () => {
  it('labels a subscription by its product name, not its code', async () => {
    await database.db.execute(
      sql`insert into memento_codes (code, sku, label, kind) values ('DOCF', 'sku-docf', 'Documentation fiscale', 'revue')`,
    );
    try {
      const { facets } = await search(database.db, params({}));
      expect(facets.abonnement.find((entry) => entry.id === 'DOCF')?.label).toBe('Documentation fiscale');
      // With a job mapping, the mapping's label.
      expect(facets.abonnement.find((entry) => entry.id === 'MFI')?.label).toBe('Mémento Fiscal');
    } finally {
      await database.db.execute(sql`delete from memento_codes where code = 'DOCF'`);
    }
  });
});

describe('bounded query', () => {
  it('searches the first 12 words of a longer text', async () => {
    const words = 'bail commercial révision loyer plafonnement indice';
    const long = `${words} ${Array.from({ length: 20 }, (_, index) => `inconnu${index}q`).join(' ')}`;
    // The 6 known words and 6 unknown ones: nothing matches all 12 (no correction for so many unknown words) …
    expect((await search(database.db, params({ term: long }))).total).toBe(0);
    // … while the same known words followed by unknown words past the 12th are dropped.
    const padded = `${words} ${words} ${Array.from({ length: 20 }, (_, index) => `inconnu${index}q`).join(' ')}`;
    expect((await search(database.db, params({ term: padded }))).results[0]?.id).toBe('n14');
  });
});
