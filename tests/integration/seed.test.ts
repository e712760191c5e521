import { existsSync } from 'node:fs';
import path from 'node:path';
import { asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_TYPES } from '@/lib/constants';
import type { Database } from '@/server/db/client';
import {
  articleSections,
  articles,
  banners,
  customers,
  dailyIssueArticles,
  dailyIssues,
  jobs,
  mementoCodes,
  newsletterSubscribers,
  productMappings,
  shopProducts,
  solutions,
  subscriberDocuments,
  topics,
  trades,
  whitePapers,
} from '@/server/db/schema';
import { DOCUMENT_TYPES } from '@/server/search/document-types';
import { isSeeded, type SeedOptions, type SeedResult, seedDatabase } from '@/server/seed';
import { createTestDatabase } from '../support/database';

// Runs in both integration projects (in-memory PGlite and a throwaway PostgreSQL database).

const TODAY = '2026-11-20';
const OPTIONS: SeedOptions = {
  articles: 200,
  documents: 300,
  today: new Date(`${TODAY}T00:00:00Z`),
  reset: false,
};

let database: Database;
let first: SeedResult;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await seedDatabase(database.db, OPTIONS);
});

afterAll(async () => {
  await database?.close();
});

/** Every Monday-to-Friday day from 2015-01-01 to `last`, as YYYY-MM-DD. */
function weekdays(last: string): string[] {
  const days: string[] = [];
  for (let day = new Date('2015-01-01T00:00:00Z'); day.toISOString().slice(0, 10) <= last; ) {
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(day.toISOString().slice(0, 10));
    day = new Date(day.getTime() + 86_400_000);
  }
  return days;
}

describe('seedDatabase', () => {
  it('reports what it wrote', async () => {
    expect(first.seeded).toBe(true);
    expect(first.counts.articles).toBe(200);
    expect(first.counts.subscriberDocuments).toBe(300);
    expect(await isSeeded(database.db)).toBe(true);
  });

  it('writes every content type, each with its own fields', async () => {
    const rows = await database.db
      .select({ type: articles.type, n: count() })
      .from(articles)
      .groupBy(articles.type);
    const byType = new Map(rows.map((row) => [row.type, row.n]));
    for (const type of ARTICLE_TYPES) expect(byType.get(type), type).toBeGreaterThan(0);
    const news = byType.get('actualite') ?? 0;
    expect(news).toBeGreaterThan(200 / 2);

    const all = await database.db.select().from(articles);
    for (const article of all) {
      expect(article.id).toMatch(/^\d+$/);
      expect(article.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.bodyHtml).toContain('<p>');
      expect(article.bodyText.length).toBeGreaterThan(article.title.length);
      expect(article.topics.length).toBeGreaterThan(0);
      expect(article.thematics.length).toBeGreaterThan(0);
      expect(article.topicIds).toEqual([...article.topics, ...article.thematics].map((tag) => tag.id));
      expect(article.trades.length).toBeGreaterThan(0);
      expect(article.images.find((image) => image.contentType === 'cover')?.href).toMatch(
        /^\/media\/covers\//,
      );
      expect(article.publicationDate.getTime()).toBeGreaterThanOrEqual(Date.parse('2015-01-01T00:00:00Z'));
      expect(article.publicationDate.toISOString().slice(0, 10) <= TODAY).toBe(true);
      expect(article.eventDate !== null).toBe(article.type === 'agenda');
      expect(article.simulatorUrl?.startsWith('/embed/') ?? false).toBe(article.type === 'simulateur');
      if (article.type === 'actualite') expect(article.format).toBeNull();
      if (['podcast', 'videos', 'timeline', 'infographie'].includes(article.type))
        expect(article.format).not.toBeNull();
    }
    expect(new Set(all.map((article) => article.id)).size).toBe(all.length);
  });

  it('writes enriched news with 3 to 8 sections each', async () => {
    const enriched = await database.db.select().from(articles).where(isNotNull(articles.enrichedNewsId));
    expect(enriched.length).toBeGreaterThan(0);
    const sections = await database.db.select().from(articleSections).orderBy(asc(articleSections.position));
    for (const article of enriched) {
      expect(article.type).toBe('actualite');
      expect(article.enrichedNewsId).toMatch(/^EN\d+$/);
      const own = sections.filter((section) => section.articleId === article.id);
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(8);
      expect(own.map((section) => section.position)).toEqual(own.map((_, index) => index + 1));
      for (const section of own) expect(article.bodyText).toContain(section.title);
    }
    const plain = await database.db
      .select({ n: count() })
      .from(articleSections)
      .innerJoin(articles, eq(articles.id, articleSections.articleId))
      .where(isNull(articles.enrichedNewsId));
    expect(plain[0]?.n).toBe(0);
  });

  it('writes a daily issue for every weekday, with 8 to 14 distinct news, newest first', async () => {
    const issues = await database.db.select().from(dailyIssues).orderBy(asc(dailyIssues.publicationDate));
    expect(issues.map((issue) => issue.publicationDate)).toEqual(weekdays(TODAY));
    const news = new Map(
      (
        await database.db
          .select({ id: articles.id, type: articles.type, date: articles.publicationDate })
          .from(articles)
      ).map((row) => [row.id, row]),
    );
    const links = await database.db
      .select()
      .from(dailyIssueArticles)
      .orderBy(asc(dailyIssueArticles.position));
    const byIssue = new Map<number, typeof links>();
    for (const link of links) byIssue.set(link.issueId, [...(byIssue.get(link.issueId) ?? []), link]);
    for (const issue of issues) {
      expect(issue.issueName).toMatch(
        /^La Quotidienne du (lundi|mardi|mercredi|jeudi|vendredi) \d{1,2}(er)? \p{L}+ \d{4}$/u,
      );
      expect(issue.redacteurChef).not.toBe('');
      expect(issue.comiteRedaction).not.toBe('');
      const own = (byIssue.get(issue.id) ?? []).map((link) => news.get(link.articleId));
      expect(own.length, issue.publicationDate).toBeGreaterThanOrEqual(8);
      expect(own.length, issue.publicationDate).toBeLessThanOrEqual(14);
      expect(new Set(own.map((article) => article?.id)).size).toBe(own.length);
      const dates = own.map((article) => {
        expect(article?.type).toBe('actualite');
        return article?.date.getTime() ?? Number.NaN;
      });
      for (const date of dates)
        expect(new Date(date).toISOString().slice(0, 10) <= issue.publicationDate).toBe(true);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    }
    const [today] = issues.slice(-1);
    expect(today?.issueName).toBe('La Quotidienne du vendredi 20 novembre 2026');
  });

  it('writes the topic tree, the trades and the jobs', async () => {
    const tree = await database.db.select().from(topics);
    const roots = tree.filter((topic) => topic.parentId === null);
    expect(roots.map((root) => root.label)).toEqual(
      expect.arrayContaining([
        'Fiscal',
        'Social',
        'Affaires',
        'Comptable',
        'Immobilier',
        'Patrimoine',
        'Associations',
        'Particuliers',
        'Notaires',
        'Conseillers en gestion du patrimoine',
        'OHADA',
        'Actualité et vie professionnelle',
      ]),
    );
    for (const slug of [
      'fiscal',
      'social',
      'affaires',
      'comptable',
      'patrimoine',
      'immobilier',
      'association',
      'particuliers',
    ]) {
      expect(
        roots.some((root) => root.slug === slug),
        slug,
      ).toBe(true);
    }
    const children = tree.filter((topic) => topic.parentId !== null);
    expect(children.length).toBeGreaterThanOrEqual(250);
    const ids = new Set(tree.map((topic) => topic.id));
    for (const topic of tree) {
      expect(topic.id).toMatch(/^EBX:EFL_Themes:\w+$/);
      expect(topic.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (topic.parentId !== null) expect(ids.has(topic.parentId)).toBe(true);
    }
    const grandChildren = children.filter((topic) => !roots.some((root) => root.id === topic.parentId));
    expect(grandChildren.length).toBeGreaterThan(0);
    expect(tree.find((topic) => topic.label === 'TVA')?.parentId).toBe('EBX:EFL_Themes:Fiscal');

    const tradeRows = await database.db.select().from(trades).orderBy(asc(trades.sortOrder));
    expect(tradeRows.map((trade) => trade.slug)).toEqual([
      'fiscal',
      'social',
      'affaires',
      'comptable',
      'patrimoine',
      'immobilier',
      'association',
      'particuliers',
      'finance',
    ]);
    for (const trade of tradeRows) expect(trade.id).toBe(`EBX:EFL_Metiers:${trade.labelShort}`);

    const jobRows = await database.db.select().from(jobs);
    const childrenOf = (parent: string) =>
      jobRows.filter((job) => job.parentId === parent).map((job) => job.id);
    expect(childrenOf('entreprise')).toHaveLength(7);
    expect(childrenOf('avocat')).toEqual([
      'avocatFiscaliste',
      'avocatSocial',
      'avocatAffaires',
      'avocatGeneraliste',
    ]);
    expect(jobRows.some((job) => job.id === 'edudiantEnseignant')).toBe(true);
  });

  it('writes the shop catalogue, banners, solutions and white papers', async () => {
    const codes = await database.db.select().from(mementoCodes);
    const products = await database.db.select().from(shopProducts);
    expect(codes.length).toBeGreaterThanOrEqual(60);
    const skus = new Set(products.map((product) => product.sku));
    for (const code of codes) expect(skus.has(code.sku), code.code).toBe(true);
    expect(products.filter((product) => product.categories.includes('11')).length).toBeGreaterThanOrEqual(8);
    for (const product of products) {
      expect(product.productUrl).toMatch(/^\/[a-z0-9-]+\.html$/);
      expect(Number(product.finalPrice)).toBeGreaterThan(0);
    }
    const mappings = await database.db.select().from(productMappings);
    expect(mappings.length).toBeGreaterThanOrEqual(35);
    const known = new Set(codes.map((code) => code.code));
    for (const mapping of mappings) expect(known.has(mapping.productCode), mapping.productCode).toBe(true);
    expect(await database.db.select().from(banners)).toHaveLength(4);
    expect(await database.db.select().from(solutions)).toHaveLength(5);
    expect(await database.db.select().from(whitePapers)).toHaveLength(6);
  });

  it('writes subscriber documents of the known types, for known subscriptions', async () => {
    const documents = await database.db.select().from(subscriberDocuments);
    expect(documents).toHaveLength(300);
    const typeCodes = new Set<string>(DOCUMENT_TYPES.map((type) => type.code));
    const codes = new Set((await database.db.select().from(mementoCodes)).map((code) => code.code));
    for (const document of documents) {
      expect(typeCodes.has(document.typeDocument), document.typeDocument).toBe(true);
      expect(document.texte.length).toBeGreaterThan(100);
      expect(document.dateResultat >= '2015-01-01' && document.dateResultat <= TODAY).toBe(true);
      expect(document.abonnement.length).toBeGreaterThan(0);
      for (const code of document.abonnement) expect(codes.has(code), code).toBe(true);
      expect(document.matiere.length).toBeGreaterThan(0);
    }
    expect(new Set(documents.map((document) => document.typeDocument)).size).toBeGreaterThanOrEqual(8);
  });

  it('only points at media files that exist under public/', async () => {
    const hrefs = new Set<string>();
    for (const article of await database.db
      .select({ images: articles.images, attachments: articles.attachments })
      .from(articles)) {
      for (const image of article.images) hrefs.add(image.href);
      for (const attachment of article.attachments) hrefs.add(attachment.item);
    }
    for (const banner of await database.db.select().from(banners)) {
      hrefs.add(banner.desktopUrl);
      hrefs.add(banner.mobileUrl);
    }
    for (const product of await database.db.select().from(shopProducts)) hrefs.add(product.imageUrl);
    for (const paper of await database.db.select().from(whitePapers)) hrefs.add(paper.imgUrl);
    for (const href of hrefs) expect(existsSync(path.join(process.cwd(), 'public', href)), href).toBe(true);
  });

  it('writes the same data from the same options into another database', async () => {
    const other = await createTestDatabase();
    try {
      const second = await seedDatabase(other.db, OPTIONS);
      expect(second.counts).toEqual(first.counts);
      const listing = (db: Database['db']) =>
        db
          .select({
            id: articles.id,
            title: articles.title,
            slug: articles.slug,
            date: articles.publicationDate,
          })
          .from(articles)
          .orderBy(asc(articles.id));
      expect(await listing(other.db)).toEqual(await listing(database.db));
      const docs = (db: Database['db']) =>
        db
          .select({
            id: subscriberDocuments.id,
            title: subscriberDocuments.titreAffichage,
            text: subscriberDocuments.texte,
          })
          .from(subscriberDocuments)
          .orderBy(asc(subscriberDocuments.id));
      expect(await docs(other.db)).toEqual(await docs(database.db));
      const links = (db: Database['db']) =>
        db
          .select()
          .from(dailyIssueArticles)
          .orderBy(asc(dailyIssueArticles.issueId), asc(dailyIssueArticles.position));
      expect(await links(other.db)).toEqual(await links(database.db));
    } finally {
      await other.close();
    }
  });

  it('changes nothing when the database already holds content', async () => {
    const again = await seedDatabase(database.db, OPTIONS);
    expect(again).toEqual({ seeded: false, counts: first.counts });
  });

  it('empties the content and reseeds on reset, keeping customers and newsletter subscribers', async () => {
    await database.db.insert(customers).values({
      email: 'lecteur@example.fr',
      passwordHash: 'hash',
      civility: 13,
      firstname: 'Jean',
      lastname: 'Lecteur',
      function: 'expertComptable',
    });
    await database.db.insert(newsletterSubscribers).values({ email: 'abonne@example.fr' });
    const [oldest] = await database.db.select().from(articles).orderBy(asc(articles.id)).limit(1);
    await database.db
      .update(articles)
      .set({ title: 'Titre modifié' })
      .where(eq(articles.id, oldest?.id ?? ''));
    await database.db.delete(subscriberDocuments).where(eq(subscriberDocuments.id, 'D0000001'));

    const reseeded = await seedDatabase(database.db, { ...OPTIONS, reset: true });
    expect(reseeded).toEqual({ seeded: true, counts: first.counts });
    const [restored] = await database.db
      .select()
      .from(articles)
      .where(eq(articles.id, oldest?.id ?? ''));
    expect(restored?.title).toBe(oldest?.title);
    expect(await database.db.select().from(customers)).toHaveLength(1);
    expect(await database.db.select().from(newsletterSubscribers)).toHaveLength(1);
    const [issueOne] = await database.db.select().from(dailyIssues).where(eq(dailyIssues.id, 1));
    expect(issueOne?.publicationDate).toBe('2015-01-01');
  });

  it('refuses sizes it cannot honour', async () => {
    await expect(seedDatabase(database.db, { ...OPTIONS, articles: 20, reset: true })).rejects.toThrow(
      /articles/,
    );
    expect(await database.db.select({ n: count() }).from(articles)).toEqual([{ n: 200 }]);
  });

  it('keeps every index of the schema (the bulk load rebuilds the ones it defers)', async () => {
    const fresh = await createTestDatabase();
    const indexes = async (db: Database['db']) =>
      (
        (await db.execute(
          sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by indexname`,
        )) as unknown as { rows: { indexname: string; indexdef: string }[] }
      ).rows;
    try {
      const expected = await indexes(fresh.db);
      expect(expected.some((index) => index.indexname === 'subscriber_documents_search_idx')).toBe(true);
      expect(await indexes(database.db)).toEqual(expected);
    } finally {
      await fresh.close();
    }
  });

  it('leaves nothing half-written when a write fails', async () => {
    const empty = await createTestDatabase();
    try {
      // A banner already there makes the shop step fail after the taxonomy has been written.
      await empty.db.insert(banners).values({
        id: 'essai-gratuit',
        alt: 'Bannière existante',
        onClick: '/',
        desktopUrl: '/media/placeholder.webp',
        desktopWidth: 1240,
        desktopHeight: 250,
        mobileUrl: '/media/placeholder.webp',
        mobileWidth: 640,
        mobileHeight: 300,
      });
      await expect(seedDatabase(empty.db, OPTIONS)).rejects.toThrow();
      expect(await isSeeded(empty.db)).toBe(false);
      expect(await empty.db.select({ n: count() }).from(topics)).toEqual([{ n: 0 }]);
      expect(await empty.db.select({ n: count() }).from(banners)).toEqual([{ n: 1 }]);
    } finally {
      await empty.close();
    }
  });
});
