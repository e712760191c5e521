/**
 * Builds the search benchmark's dataset in the configured database (DATABASE_URL, else PGlite under DATA_DIR):
 * BENCH_ARTICLES news and BENCH_DOCUMENTS subscriber documents of generated French legal text whose words follow a
 * Zipf law over about 50,000 word forms (bench/search/vocabulary.ts: a few very common words, a long tail of rare
 * ones), dates from 2015 to today in insertion order (as a publisher adds content day after day), topics,
 * thematics, subscriptions and the job -> product mappings. Generated inside the database (generate_series) so a
 * million rows take minutes, not hours. Existing search data is replaced.
 *
 *   DATABASE_URL=postgres://… BENCH_ARTICLES=100000 BENCH_DOCUMENTS=1000000 \
 *     node --conditions=react-server --import tsx bench/search/dataset.ts
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase } from '../../src/server/db/client';
import { articles, subscriberDocuments } from '../../src/server/db/schema';
import { withGinIndexesDeferred } from '../../src/server/seed/bulk-insert';
import { MAPPINGS, PRODUCTS, THEMES, TOPICS, TYPES } from './dataset-values';
import { VOCABULARY } from './vocabulary';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 100_000);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 1_000_000);
const BATCH = 50_000;

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/**
 * Rows (g, part1, part2, part3) for g in [from, to]: three random texts of the given word counts. Word rank
 * r = floor(exp(u ln(N + 1))) for u uniform in [0, 1) is drawn with probability ln((r + 1) / r) / ln(N + 1), about
 * 1 / (r ln N): Zipf's law of exponent 1, as in natural text.
 */
function texts(from: number, to: number, first: number, second: number, third: number) {
  const words = first + second + third;
  return sql`(
    select k.g,
      string_agg(w.word, ' ' order by k.position) filter (where k.position <= ${first}) as part1,
      string_agg(w.word, ' ' order by k.position) filter (where k.position > ${first} and k.position <= ${first + second}) as part2,
      string_agg(w.word, ' ' order by k.position) filter (where k.position > ${first + second}) as part3
    from (
      select g, position, least(${VOCABULARY.length}, floor(exp(random() * ln(${VOCABULARY.length + 1}))))::int as rank
      from generate_series(${from}::int, ${to}::int) g, generate_series(1, ${words}) position
    ) k
    join bench_words w on w.rank = k.rank
    group by k.g
  ) t`;
}

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
  await db.execute(sql`create or replace function bench_pick(items text[]) returns text language sql volatile as
    $$ select items[1 + floor(random() * array_length(items, 1))::int] $$`);
  const topics = textArray(TOPICS);
  const themes = textArray(THEMES);

  // One transaction, GIN indexes rebuilt once at the end (as the seed does): maintaining them row by row over a
  // million inserts costs several times more, and the transaction puts them back if anything fails.
  await db.transaction(async (tx) => {
    // The vocabulary as a table joined by rank: indexing a 50,000-element text[] walks it from its start at every
    // access (variable-length elements), which made a million documents take hours.
    await tx.execute(
      sql`create temp table bench_words (rank int primary key, word text not null) on commit drop`,
    );
    await tx.execute(
      sql`insert into bench_words select rank, word from unnest(${textArray(VOCABULARY)}) with ordinality as v(word, rank)`,
    );
    await tx.execute(sql`analyze bench_words`);
    await withGinIndexesDeferred(tx, [articles, subscriberDocuments], async () => {
      for (let from = 1; from <= ARTICLES; from += BATCH) {
        const to = Math.min(ARTICLES, from + BATCH - 1);
        await tx.execute(sql`insert into articles (id, type, slug, title, summary, body_html, body_text, publication_date,
            topics, thematics, paywalled)
          select 'b' || t.g, 'actualite', 'bench-' || t.g, initcap(t.part1), t.part2, '<p>' || t.part3 || '</p>', t.part3,
            timestamptz '2015-01-01' + least(1, (t.g - 1 + random() * 50) / ${ARTICLES}::float8) * (now() - timestamptz '2015-01-01'),
            jsonb_build_array(jsonb_build_object('label', bench_pick(${topics}), 'slug', 'x', 'id', 'x', 'shortId', 'x')),
            jsonb_build_array(jsonb_build_object('label', bench_pick(${themes}), 'slug', 'y', 'id', 'y', 'shortId', 'y')),
            random() < 0.2
          from ${texts(from, to, 9, 25, 120)}`);
        log(`articles ${to}`);
      }
      for (let from = 1; from <= DOCUMENTS; from += BATCH) {
        const to = Math.min(DOCUMENTS, from + BATCH - 1);
        await tx.execute(sql`insert into subscriber_documents (id, titre_affichage, micro_contenu, texte, matiere,
            theme_zapette, date_resultat, type_document, type_ur, ur_id, abonnement, titre_ouvrage)
          select 'd' || t.g, initcap(t.part1), t.part2, t.part3, array[bench_pick(${topics})], array[bench_pick(${themes})],
            (date '2015-01-01' + floor(least(1, (t.g - 1 + random() * 500) / ${DOCUMENTS}::float8) * (current_date - date '2015-01-01'))::int),
            bench_pick(${textArray(TYPES)}), 'fonds', 'UR-' || t.g,
            array[bench_pick(${textArray(PRODUCTS)}), bench_pick(${textArray(PRODUCTS)})], 'Ouvrage ' || (t.g % 300)
          from ${texts(from, to, 8, 20, 60)}`);
        log(`documents ${to}`);
      }
      // What a reader without access may match of a paywalled news (the paywall shows the first 20 percent of
      // its body): its first 24 of 120 body words.
      await tx.execute(sql`update articles set public_text = array_to_string((string_to_array(body_text, ' '))[1:24], ' ')
        where paywalled`);
      log('rebuilding the full-text, trigram and label indexes');
    });
  });
  await db.execute(sql`drop function bench_pick(text[])`);
  // Vacuum too: it sets the visibility map, as on a database that has been running for a while.
  for (const table of ['articles', 'subscriber_documents', 'search_lexemes', 'search_suggestions']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  log('done');
  await closeDatabase();
}

await main();
