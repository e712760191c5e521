import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Feed } from 'feed';
import type { CitingDocument, ReferenceLink, TextPageData } from '@/lib/contracts/legal-references';
import { shopLinks } from '@/lib/shop-links';
import { DAILY_NAME, PUBLISHER_NAME } from '@/lib/site';
import { articlePath } from '@/lib/urls';
import type { Db } from '../db/client';
import { articles, legalReferences, subscriberDocuments } from '../db/schema';
import { env } from '../env';
import { absoluteUrl } from '../pages/seo';
import type { SitemapEntry } from '../pages/sitemaps';
import { describeReference } from './describe';

/**
 * A text's page (/textes/…): every published news and subscriber document that cites it, newest first, read
 * from the references table alone. Only what a reader without access reads counts (the page is the same for
 * every visitor): a news citing the text only in its gated part is not listed.
 */

export const TEXT_PAGE_SIZE = 20;
/** Pages past this one answer 404: a text with 1,000 citing documents has 50. */
const TEXT_PAGE_MAX = 500;

export type TextPage = TextPageData;

type CitingRow = { corpus: string; documentId: string; publishedAt: Date; display: string };

const freeCitationOf = (key: string) => and(eq(legalReferences.key, key), eq(legalReferences.free, true));

/** The documents citing `key`, newest first: one row per document, its first occurrence's text. */
async function citingRows(db: Db, key: string, limit: number, offset: number): Promise<CitingRow[]> {
  return db
    .selectDistinctOn([legalReferences.publishedAt, legalReferences.corpus, legalReferences.documentId], {
      corpus: legalReferences.corpus,
      documentId: legalReferences.documentId,
      publishedAt: legalReferences.publishedAt,
      display: legalReferences.display,
    })
    .from(legalReferences)
    .where(freeCitationOf(key))
    .orderBy(
      desc(legalReferences.publishedAt),
      legalReferences.corpus,
      legalReferences.documentId,
      legalReferences.position,
    )
    .limit(limit)
    .offset(offset);
}

async function countCitingDocuments(db: Db, key: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`count(distinct (${legalReferences.corpus}, ${legalReferences.documentId}))::int`,
    })
    .from(legalReferences)
    .where(freeCitationOf(key));
  return row?.total ?? 0;
}

/** The rows' documents with their title, summary and link, in the rows' order. */
async function citingDocuments(db: Db, rows: CitingRow[]): Promise<CitingDocument[]> {
  const articleIds = rows.filter((row) => row.corpus === 'article').map((row) => row.documentId);
  const documentIds = rows.filter((row) => row.corpus === 'document').map((row) => row.documentId);
  const [articleRows, documentRows] = await Promise.all([
    articleIds.length === 0
      ? []
      : db
          .select({
            id: articles.id,
            type: articles.type,
            slug: articles.slug,
            enrichedNewsId: articles.enrichedNewsId,
            title: articles.title,
            summary: articles.summary,
          })
          .from(articles)
          .where(inArray(articles.id, articleIds)),
    documentIds.length === 0
      ? []
      : db
          .select({
            id: subscriberDocuments.id,
            title: subscriberDocuments.titreAffichage,
            summary: subscriberDocuments.microContenu,
            urId: subscriberDocuments.urId,
          })
          .from(subscriberDocuments)
          .where(inArray(subscriberDocuments.id, documentIds)),
  ]);
  const shop = shopLinks(env().SHOP_BASE_URL);
  const found = new Map<string, Omit<CitingDocument, 'publishedAt' | 'display' | 'corpus' | 'id'>>();
  for (const row of articleRows) {
    found.set(`article:${row.id}`, { title: row.title, summary: row.summary, url: articlePath(row) });
  }
  for (const row of documentRows) {
    found.set(`document:${row.id}`, {
      title: row.title,
      summary: row.summary,
      url: shop.subscriberDocument(row.urId),
    });
  }
  return rows.flatMap((row) => {
    const document = found.get(`${row.corpus}:${row.documentId}`);
    if (!document) return [];
    return [
      {
        corpus: row.corpus as CitingDocument['corpus'],
        id: row.documentId,
        ...document,
        publishedAt: row.publishedAt.toISOString(),
        display: row.display,
      },
    ];
  });
}

/** Page `page` (from 1) of the text of `key`; null when nothing published cites it or the page is past the end. */
export async function loadTextPage(db: Db, key: string, page: number): Promise<TextPage | null> {
  const reference = describeReference(key);
  if (!reference || !Number.isInteger(page) || page < 1 || page > TEXT_PAGE_MAX) return null;
  const [total, rows] = await Promise.all([
    countCitingDocuments(db, key),
    citingRows(db, key, TEXT_PAGE_SIZE, (page - 1) * TEXT_PAGE_SIZE),
  ]);
  if (total === 0 || rows.length === 0) return null;
  return {
    reference,
    total,
    page,
    pageCount: Math.ceil(total / TEXT_PAGE_SIZE),
    documents: await citingDocuments(db, rows),
  };
}

/** The sitemap of the texts' pages: every text something published cites (freely), with its newest date. */
export async function textSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ key: legalReferences.key, lastModified: sql<string>`max(${legalReferences.publishedAt})` })
    .from(legalReferences)
    .where(eq(legalReferences.free, true))
    .groupBy(legalReferences.key)
    .orderBy(legalReferences.key);
  return rows.flatMap((row) => {
    const reference = describeReference(row.key);
    return reference ? [{ path: reference.path, lastModified: new Date(row.lastModified) }] : [];
  });
}

/** Decisions are cases; codes, statutes, EU texts and the tax administration's doctrine are legislation. */
const CASE_KINDS = new Set(['cass', 'ce', 'cjue', 'cc']);

/** The address of page `page` of a text: its path, then /page/N past the first. */
export function textPagePath(reference: ReferenceLink, page: number): string {
  return page > 1 ? `${reference.path}/page/${page}` : reference.path;
}

/** The RSS feed of a text: what we publish citing it. */
export function textFeedPath(reference: ReferenceLink): string {
  return `/rss${reference.path}`;
}

/** Structured data of a text's page: Legislation or LegalCase, with its official address. */
export function textJsonLd(reference: ReferenceLink): Record<string, unknown> {
  const isCase = CASE_KINDS.has(reference.kind);
  return {
    '@context': 'https://schema.org',
    '@type': isCase ? 'LegalCase' : 'Legislation',
    name: reference.label,
    url: absoluteUrl(reference.path),
    sameAs: reference.url,
    ...(isCase ? {} : { legislationIdentifier: reference.key.slice(reference.key.indexOf(':') + 1) }),
    inLanguage: 'fr',
  };
}

/** RSS 2.0 of the newest publications citing a text (titles and summaries: what every visitor may read). */
export function textFeedXml(data: TextPageData): string {
  const { reference, documents } = data;
  const feed = new Feed({
    title: `${DAILY_NAME} – ${reference.label}`,
    description: `Nos publications citant ${reference.label}`,
    id: absoluteUrl(reference.path),
    link: absoluteUrl(reference.path),
    language: 'fr',
    copyright: `© ${PUBLISHER_NAME}`,
    generator: false,
    updated: documents[0] ? new Date(documents[0].publishedAt) : new Date(0),
    feedLinks: { rss: absoluteUrl(textFeedPath(reference)) },
  });
  for (const document of documents) {
    const link = document.corpus === 'article' ? absoluteUrl(document.url) : document.url;
    feed.addItem({
      title: document.title,
      id: link,
      link,
      date: new Date(document.publishedAt),
      description: document.summary,
    });
  }
  return feed.rss2();
}
