/**
 * Builds the search benchmark's dataset in the configured database (DATABASE_URL, else PGlite under DATA_DIR):
 * BENCH_ARTICLES news and BENCH_DOCUMENTS subscriber documents of generated French legal text, with a skewed
 * word distribution (a few very common words, a long tail of rare ones), dates from 2015 on, topics,
 * thematics, subscriptions and the job -> product mappings. Generated inside the database (generate_series)
 * so a million rows take minutes, not hours. Existing search data is replaced.
 *
 *   DATABASE_URL=postgres://… BENCH_ARTICLES=100000 BENCH_DOCUMENTS=1000000 \
 *     node --conditions=react-server --import tsx bench/search/dataset.ts
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { VOCABULARY } from './vocabulary';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const BATCH = 50_000;

const TOPICS = [
  'Fiscal',
  'Social',
  'Affaires',
  'Comptable',
  'Patrimoine',
  'Immobilier',
  'Associations',
  'Particuliers',
];
const THEMES = [
  'TVA',
  'Impôt sur le revenu',
  'Impôt sur les sociétés',
  'Contrat de travail',
  'Paie',
  'Sociétés',
  'Successions',
  'Baux commerciaux',
  'Contrôle fiscal',
  'Procédures collectives',
  'Comptes annuels',
  'Retraite',
  'Donations',
  'Fiscalité locale',
  'Relations collectives',
  'Santé au travail',
  'Copropriété',
  'Fiscalité internationale',
];
const TYPES = [
  'revue',
  'documentation',
  'memento',
  'code',
  'base-connaissances',
  'theme-express',
  'base-formulaires',
  'ouvrage',
  'ocde',
  'formulaire',
  'convention-collective',
  'actualite',
  'actualite-enrichie',
];
const PRODUCTS = [
  'MFI',
  'MSO',
  'MAF',
  'MCO',
  'MPA',
  'MIM',
  'MAS',
  'RDF',
  'RJS',
  'BRDA',
  'DOCF',
  'DOCS',
  'CTR',
  'CCN',
  'FORM',
  'NAV',
];
const MAPPINGS: [string, string][] = [
  ['expertComptable', 'MFI'],
  ['expertComptable', 'MCO'],
  ['expertComptable', 'RDF'],
  ['commissaireAuxComptes', 'MCO'],
  ['DRH', 'MSO'],
  ['DRH', 'RJS'],
  ['DRH', 'CTR'],
  ['responsablePaie', 'MSO'],
  ['directionJuridique', 'MAF'],
  ['directionJuridique', 'BRDA'],
  ['directionFiscale', 'MFI'],
  ['directionFiscale', 'DOCF'],
  ['notaire', 'MPA'],
  ['notaire', 'MIM'],
  ['avocat', 'MAF'],
  ['avocat', 'FORM'],
  ['CGP', 'MPA'],
  ['professionImmobilier', 'MIM'],
];

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

async function main() {
  const started = Date.now();
  const database = await getDatabase();
  const { db } = database;
  const log = (message: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s] ${message}`);
  log(`driver ${database.driver}: ${ARTICLES} articles, ${DOCUMENTS} documents`);

  await db.execute(sql`truncate articles, subscriber_documents, search_queries, product_mappings cascade`);
  await db.execute(sql`delete from jobs where id = any(${textArray(MAPPINGS.map(([job]) => job))})`);
  await db.execute(sql`insert into jobs (id, label, slug)
    select distinct j, j, lower(j) from unnest(${textArray(MAPPINGS.map(([job]) => job))}) j`);
  await db.execute(sql`insert into product_mappings (job, subject, product_code, product_label)
    select j, 'bench', c, 'Produit ' || c from unnest(${textArray(MAPPINGS.map(([job]) => job))}, ${textArray(MAPPINGS.map(([, code]) => code))}) as m(j, c)`);
  // Random text: word i is drawn with a probability falling with its rank (random()^2.2), so the first words of
  // the vocabulary are very common and the last ones rare.
  await db.execute(sql`create or replace function bench_text(words text[], count int) returns text language sql volatile as
    $$ select string_agg(words[1 + floor(power(random(), 2.2) * array_length(words, 1))::int], ' ') from generate_series(1, count) $$`);
  await db.execute(sql`create or replace function bench_pick(items text[]) returns text language sql volatile as
    $$ select items[1 + floor(random() * array_length(items, 1))::int] $$`);
  const vocabulary = textArray(VOCABULARY);
  const topics = textArray(TOPICS);
  const themes = textArray(THEMES);

  for (let from = 1; from <= ARTICLES; from += BATCH) {
    const to = Math.min(ARTICLES, from + BATCH - 1);
    await db.execute(sql`insert into articles (id, type, slug, title, summary, body_html, body_text, publication_date,
        topics, thematics, paywalled)
      select 'b' || g, 'actualite', 'bench-' || g, initcap(bench_text(${vocabulary}, 9)), bench_text(${vocabulary}, 25),
        '<p>' || t || '</p>', t, timestamptz '2015-01-01' + random() * (now() - timestamptz '2015-01-01'),
        jsonb_build_array(jsonb_build_object('label', bench_pick(${topics}), 'slug', 'x', 'id', 'x', 'shortId', 'x')),
        jsonb_build_array(jsonb_build_object('label', bench_pick(${themes}), 'slug', 'y', 'id', 'y', 'shortId', 'y')),
        random() < 0.2
      from (select g, bench_text(${vocabulary}, 120) as t from generate_series(${from}::int, ${to}::int) g) s`);
    log(`articles ${to}`);
  }
  for (let from = 1; from <= DOCUMENTS; from += BATCH) {
    const to = Math.min(DOCUMENTS, from + BATCH - 1);
    await db.execute(sql`insert into subscriber_documents (id, titre_affichage, micro_contenu, texte, matiere, theme_zapette,
        date_resultat, type_document, type_ur, ur_id, abonnement, titre_ouvrage)
      select 'd' || g, initcap(bench_text(${vocabulary}, 8)), bench_text(${vocabulary}, 20), bench_text(${vocabulary}, 60),
        array[bench_pick(${topics})], array[bench_pick(${themes})],
        (date '2015-01-01' + floor(random() * (current_date - date '2015-01-01'))::int),
        bench_pick(${textArray(TYPES)}), 'fonds', 'UR-' || g,
        array[bench_pick(${textArray(PRODUCTS)}), bench_pick(${textArray(PRODUCTS)})], 'Ouvrage ' || (g % 300)
      from generate_series(${from}::int, ${to}::int) g`);
    log(`documents ${to}`);
  }
  await db.execute(sql`drop function bench_text(text[], int)`);
  await db.execute(sql`drop function bench_pick(text[])`);
  await db.execute(sql`analyze articles`);
  await db.execute(sql`analyze subscriber_documents`);
  log('done');
  await closeDatabase();
}

await main();
