import 'server-only';
import { count, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { parisIsoDay } from '@/lib/dates';
import type { Db } from '../db/client';
import {
  articleSections,
  articles,
  banners,
  dailyIssueArticles,
  dailyIssues,
  jobs,
  legalReferences,
  mementoCodes,
  productMappings,
  rateTableFollows,
  rateTables,
  rateTableVersions,
  savedArticles,
  shopProducts,
  solutions,
  staticPageRevisions,
  staticPages,
  subscriberDocuments,
  topics,
  trades,
  whitePapers,
} from '../db/schema';
import { adoptPublicArticles } from '../editorial/adoption';
import { seedStaticPageRows } from '../editorial-pages/static-pages';
import { articleSource, documentSource, insertReferences } from '../legal-references/storage';
import { ArticleBuilder, CONTENT_START, MIN_ARTICLES, planArticles, type SectionRow } from './articles';
import { insertRows, withGinIndexesDeferred } from './bulk-insert';
import { dayOfIso } from './calendar';
import { buildDocument, type DocumentRow, documentContext } from './documents';
import { buildIssues } from './issues';
import { buildRateTables } from './rate-tables';
import { buildShop } from './shop';
import { buildJobs, buildTaxonomy, buildTrades } from './taxonomy';

/**
 * The deterministic demo-content generator (`npm run seed`, and the start script on an empty database).
 * Same options, same data: every row comes from seeded random streams, never from the clock.
 */

export type SeedOptions = {
  /** Number of articles (at least MIN_ARTICLES). */
  articles: number;
  /** Number of subscriber documents. */
  documents: number;
  /** The last day of content (its calendar day in Paris). */
  today: Date;
  /** Empty the content tables first (customers, sessions and newsletter subscribers are kept). */
  reset: boolean;
  onProgress?: (step: string, done: number, total: number) => void;
};

export type SeedResult = { seeded: boolean; counts: Record<string, number> };

export const DEFAULT_ARTICLES = 3000;
export const DEFAULT_DOCUMENTS = 20_000;
export { MIN_ARTICLES };

/** Progress step names, as the command line shows them. */
const SEED_STEPS = {
  taxonomy: 'Taxonomie',
  shop: 'Boutique',
  articles: 'Articles',
  issues: 'Quotidiennes',
  documents: 'Documents',
} as const;

const ARTICLE_BATCH = 500;
const DOCUMENT_BATCH = 1000;
const LINK_BATCH = 1000;

/** Serialises concurrent seeders (the start script and `npm run seed`) on one database. */
const SEED_LOCK = 72_510_001;

/** The content tables, children first: what a reset empties and what the counts report. */
const CONTENT_TABLES: Record<string, PgTable> = {
  topics,
  trades,
  jobs,
  articles,
  articleSections,
  dailyIssues,
  dailyIssueArticles,
  banners,
  shopProducts,
  productMappings,
  mementoCodes,
  solutions,
  whitePapers,
  subscriberDocuments,
  legalReferences,
  staticPageRevisions,
  staticPages,
  rateTableVersions,
  rateTables,
};

/** True when the database already holds content (taxonomy, articles or documents). */
export async function isSeeded(db: Pick<Db, 'select'>): Promise<boolean> {
  for (const table of [topics, articles, subscriberDocuments]) {
    const [row] = await db.select({ one: sql<number>`1` }).from(table).limit(1);
    if (row) return true;
  }
  return false;
}

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedResult> {
  validate(options);
  const today = dayOfIso(parisIsoDay(options.today));
  const startDay = dayOfIso(CONTENT_START);
  const progress = options.onProgress ?? (() => {});

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await isSeeded(tx)) {
      if (!options.reset) return { seeded: false, counts: await countRows(tx) };
      await tx.execute(
        // Readers' saved articles and followed tables point at the old content: they go with it, as a delete would
        // cascade.
        sql`truncate table ${sql.join(
          [...Object.values(CONTENT_TABLES), savedArticles, rateTableFollows].map((table) => sql`${table}`),
          sql`, `,
        )} restart identity`,
      );
      // The newsroom's copies of the old articles (and their revisions) go with them.
      await tx.execute(sql`truncate table newsroom_articles cascade`);
    }

    // Taxonomy
    const taxonomy = buildTaxonomy();
    const taxonomyRows = taxonomy.entries.map(({ depth: _depth, tag: _tag, ...row }) => row);
    const tradeRows = buildTrades();
    const jobRows = buildJobs();
    const taxonomyTotal = taxonomyRows.length + tradeRows.length + jobRows.length;
    progress(SEED_STEPS.taxonomy, 0, taxonomyTotal);
    await insertRows(tx, topics, taxonomyRows);
    await insertRows(tx, trades, tradeRows);
    await insertRows(tx, jobs, jobRows);
    progress(SEED_STEPS.taxonomy, taxonomyTotal, taxonomyTotal);

    // Shop, banners, solutions, white papers
    const shop = buildShop(today);
    const shopSets = [
      [mementoCodes, shop.mementoCodes],
      [shopProducts, shop.shopProducts],
      [productMappings, shop.productMappings],
      [solutions, shop.solutions],
      [whitePapers, shop.whitePapers],
      [banners, shop.banners],
    ] as const;
    progress(SEED_STEPS.shop, 0, shopSets.length);
    for (const [index, [table, rows]] of shopSets.entries()) {
      await insertRows(tx, table as PgTable, rows as PgTable['$inferInsert'][]);
      progress(SEED_STEPS.shop, index + 1, shopSets.length);
    }

    // Articles and sections, generating the next batch while the previous one is written
    const plan = planArticles(options.articles, startDay, today);
    const builder = new ArticleBuilder(taxonomy, today, plan.news.length);
    const total = plan.articles.length;
    progress(SEED_STEPS.articles, 0, total);
    await withGinIndexesDeferred(tx, [articles], () =>
      pipeline(total, ARTICLE_BATCH, (from, to) => {
        const built = plan.articles.slice(from, to).map((planned) => builder.build(planned));
        const sectionRows: SectionRow[] = built.flatMap((item) => item.sections);
        return async () => {
          await insertRows(
            tx,
            articles,
            built.map((item) => item.article),
          );
          await insertRows(tx, articleSections, sectionRows);
          await insertReferences(
            tx,
            built.map((item) => articleSource(item.article)),
          );
          if (to < total) progress(SEED_STEPS.articles, to, total);
        };
      }),
    );
    // The step is done once the indexes are rebuilt.
    progress(SEED_STEPS.articles, total, total);

    // Daily issues
    const { issues, links } = buildIssues(plan.news, startDay, today);
    progress(SEED_STEPS.issues, 0, issues.length);
    for (let from = 0; from < issues.length; from += LINK_BATCH) {
      await insertRows(tx, dailyIssues, issues.slice(from, from + LINK_BATCH));
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('daily_issues', 'id'), greatest((select max(id) from daily_issues), 1))`,
    );
    for (let from = 0; from < links.length; from += LINK_BATCH) {
      await insertRows(tx, dailyIssueArticles, links.slice(from, from + LINK_BATCH));
    }
    progress(SEED_STEPS.issues, issues.length, issues.length);

    // Subscriber documents
    const context = documentContext(taxonomy, startDay, today, plan.enrichedNewsIds);
    progress(SEED_STEPS.documents, 0, options.documents);
    await withGinIndexesDeferred(tx, [subscriberDocuments], () =>
      pipeline(options.documents, DOCUMENT_BATCH, (from, to) => {
        const rows: DocumentRow[] = [];
        for (let index = from; index < to; index += 1) rows.push(buildDocument(index, context));
        return async () => {
          await insertRows(tx, subscriberDocuments, rows);
          await insertReferences(tx, rows.map(documentSource));
          if (to < options.documents) progress(SEED_STEPS.documents, to, options.documents);
        };
      }),
    );
    progress(SEED_STEPS.documents, options.documents, options.documents);

    // The newsroom gets its copy of every article, as published version 1 (src/server/editorial/adoption.ts).
    await adoptPublicArticles(tx);
    // The editorial pages' original texts, as their version 1 (decision 024).
    const pages = seedStaticPageRows();
    await insertRows(tx, staticPages, pages.pages);
    await insertRows(tx, staticPageRevisions, pages.revisions);
    // The reference tables of the figures and rates, with their versions.
    const rates = buildRateTables();
    await insertRows(tx, rateTables, rates.tables);
    await insertRows(tx, rateTableVersions, rates.versions);
    return { seeded: true, counts: await countRows(tx) };
  });
}

/**
 * Runs `prepare` for each batch [from, to) and the write it returns, preparing batch n + 1 while the write of
 * batch n is in flight (PostgreSQL works in its own process meanwhile). One write at a time.
 */
async function pipeline(
  total: number,
  batchSize: number,
  prepare: (from: number, to: number) => () => Promise<void>,
): Promise<void> {
  let inFlight: Promise<void> | null = null;
  for (let from = 0; from < total; from += batchSize) {
    const write = prepare(from, Math.min(total, from + batchSize));
    if (inFlight) await inFlight;
    inFlight = write();
    // Handled here so that a failure surfacing while the next batch is prepared is not reported as unhandled;
    // it is still thrown by the await above or below.
    inFlight.catch(() => {});
  }
  if (inFlight) await inFlight;
}

async function countRows(db: Pick<Db, 'select'>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(CONTENT_TABLES)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

function validate(options: SeedOptions): void {
  if (!Number.isInteger(options.articles) || options.articles < MIN_ARTICLES) {
    throw new RangeError(`articles : un entier d'au moins ${MIN_ARTICLES} est attendu`);
  }
  if (!Number.isInteger(options.documents) || options.documents < 0) {
    throw new RangeError('documents : un entier positif ou nul est attendu');
  }
  if (
    Number.isNaN(options.today.getTime()) ||
    dayOfIso(parisIsoDay(options.today)) <= dayOfIso(CONTENT_START) + 14
  ) {
    throw new RangeError(`today : une date valide postérieure au ${CONTENT_START} est attendue`);
  }
}
