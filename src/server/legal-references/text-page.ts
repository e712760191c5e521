import 'server-only';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { shopLinks } from '@/lib/shop-links';
import { articlePath } from '@/lib/urls';
import type { Db } from '../db/client';
import { articles, legalReferences, subscriberDocuments } from '../db/schema';
import { env } from '../env';
import { describeReference, type ReferenceDescription } from './describe';

/**
 * A text's page (/textes/…): every published news and subscriber document that cites it, newest first, read
 * from the references table alone. Only what a reader without access reads counts (the page is the same for
 * every visitor): a news citing the text only in its gated part is not listed.
 */

export const TEXT_PAGE_SIZE = 20;
/** Pages past this one answer 404: a text with 1,000 citing documents has 50. */
export const TEXT_PAGE_MAX = 500;

export type CitingDocument = {
  corpus: 'article' | 'document';
  id: string;
  title: string;
  summary: string;
  url: string;
  /** ISO instant. */
  publishedAt: string;
  /** The citation as written in it (its first occurrence). */
  display: string;
};

export type TextPage = {
  reference: ReferenceDescription;
  total: number;
  page: number;
  pageCount: number;
  documents: CitingDocument[];
};

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

export async function countCitingDocuments(db: Db, key: string): Promise<number> {
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

/** Every key cited by something published, with its newest date: the sitemap of the texts' pages. */
export async function citedKeys(db: Db): Promise<{ key: string; lastModified: Date }[]> {
  const rows = await db
    .select({ key: legalReferences.key, lastModified: sql<Date>`max(${legalReferences.publishedAt})` })
    .from(legalReferences)
    .where(eq(legalReferences.free, true))
    .groupBy(legalReferences.key);
  return rows.map((row) => ({ key: row.key, lastModified: new Date(row.lastModified) }));
}
