import 'server-only';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  ENRICHED_NEWS_DOCUMENT_TYPE,
  NEWS_DOCUMENT_TYPE,
  type SearchResult,
  UR_TYPES,
} from '@/lib/contracts/search';
import { parisIsoDay } from '@/lib/dates';
import { shopLinks } from '@/lib/shop-links';
import { escapeHtml } from '@/lib/text';
import { articlePath } from '@/lib/urls';
import type { Db } from '../db/client';
import { articles, legalReferences, subscriberDocuments } from '../db/schema';
import { env } from '../env';
import { documentTypeLabel } from '../search/document-types';
import { LEGAL_CODES } from './codes';
import { describeReference, type ReferenceDescription } from './describe';
import { detectReferences } from './detect';

/**
 * Search and legal references: a query that is a reference, in any spelling ("L1233-3", "art. L. 1233-3 C. trav.",
 * "article 39 CGI", "23-12.345", "BOI-IS-BASE-30-20-20"), finds first the documents citing it, and the header
 * suggestions offer the text's page. An ordinary query costs one detection over its few characters, no query.
 */

/** Longer queries are sentences, not references. */
const REFERENCE_QUERY_MAX_LENGTH = 120;
/** A code article without its code ("L1233-3", "art. L. 1233-3"): looked for in every code. */
const CODELESS_ARTICLE = /^(?:art(?:icle)?\.?\s*)?(LO|L|R|D)\.?\s?(\d{1,4}(?:-\d{1,4})*)$/i;

/** The keys a query names: those detected, or a code article in every code; none for an ordinary query. */
export function referenceKeysOfQuery(term: string): string[] {
  const text = term.trim();
  if (text.length === 0 || text.length > REFERENCE_QUERY_MAX_LENGTH) return [];
  const { references, unresolved } = detectReferences(text);
  if (references.length > 0) return [...new Set(references.map((reference) => reference.key))];
  const [codeless] = unresolved;
  const article = codeless ? CODELESS_ARTICLE.exec(codeless.display) : null;
  if (!article || unresolved.length !== 1) return [];
  const key = `${article[1]?.toLowerCase()}${article[2]}`;
  return LEGAL_CODES.map((code) => `code:${code.slug}:${key}`);
}

const citationsOf = (keys: string[], hasAccess: boolean): SQL | undefined =>
  and(inArray(legalReferences.key, keys), hasAccess ? undefined : eq(legalReferences.free, true));

/** The documents citing these keys, newest first (one row per document). */
async function citing(db: Db, keys: string[], hasAccess: boolean, limit: number) {
  return db
    .selectDistinctOn([legalReferences.publishedAt, legalReferences.corpus, legalReferences.documentId], {
      corpus: legalReferences.corpus,
      documentId: legalReferences.documentId,
      display: legalReferences.display,
    })
    .from(legalReferences)
    .where(citationsOf(keys, hasAccess))
    .orderBy(
      desc(legalReferences.publishedAt),
      legalReferences.corpus,
      legalReferences.documentId,
      legalReferences.position,
    )
    .limit(limit);
}

function snippet(display: string, summary: string): string {
  return `<mark>${escapeHtml(display)}</mark>${summary ? ` – ${escapeHtml(summary.slice(0, 200))}` : ''}`;
}

/**
 * The search results of the documents citing the query's reference, newest first (at most `limit`), for the
 * reader's access: a reader without access finds only what cites it in a part they may read. Empty for an
 * ordinary query.
 */
export async function citingSearchResults(
  db: Db,
  term: string,
  hasAccess: boolean,
  limit: number,
): Promise<SearchResult[]> {
  const keys = referenceKeysOfQuery(term);
  if (keys.length === 0) return [];
  const rows = await citing(db, keys, hasAccess, limit);
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
            publicationDate: articles.publicationDate,
            topicLabels: articles.topicLabels,
            thematicLabels: articles.thematicLabels,
          })
          .from(articles)
          .where(inArray(articles.id, articleIds)),
    documentIds.length === 0
      ? []
      : db.select().from(subscriberDocuments).where(inArray(subscriberDocuments.id, documentIds)),
  ]);
  const news = new Map(articleRows.map((row) => [row.id, row]));
  const documents = new Map(documentRows.map((row) => [row.id, row]));
  const shop = shopLinks(env().SHOP_BASE_URL);
  return rows.flatMap((row): SearchResult[] => {
    if (row.corpus === 'article') {
      const article = news.get(row.documentId);
      if (!article) return [];
      const typeCode = article.enrichedNewsId ? ENRICHED_NEWS_DOCUMENT_TYPE : NEWS_DOCUMENT_TYPE;
      return [
        {
          id: article.id,
          enriched_news_id: article.enrichedNewsId,
          titre_affichage: article.title,
          micro_contenu: article.summary,
          texte: snippet(row.display, article.summary),
          matiere: article.topicLabels ?? [],
          theme_zapette: article.thematicLabels ?? [],
          date_resultat: parisIsoDay(article.publicationDate),
          type_document: documentTypeLabel(typeCode),
          type_document_code: typeCode,
          type_ur: UR_TYPES.news,
          ur_id: article.id,
          abonnement: [],
          titre_ouvrage: '',
          url: articlePath(article),
          subscriber_only: false,
        },
      ];
    }
    const document = documents.get(row.documentId);
    if (!document) return [];
    return [
      {
        id: document.id,
        enriched_news_id: document.enrichedNewsId,
        titre_affichage: document.titreAffichage,
        micro_contenu: document.microContenu,
        texte: snippet(row.display, document.microContenu),
        matiere: document.matiere,
        theme_zapette: document.themeZapette,
        date_resultat: document.dateResultat,
        type_document: documentTypeLabel(document.typeDocument),
        type_document_code: document.typeDocument,
        type_ur: document.typeUr,
        ur_id: document.urId,
        abonnement: document.abonnement,
        titre_ouvrage: document.titreOuvrage,
        url: shop.subscriberDocument(document.urId),
        subscriber_only: true,
      },
    ];
  });
}

/**
 * The page of the text a query names, when something published cites it: the header suggestions offer it first
 * ("Article L. 1233-3 du Code du travail").
 */
export async function referencedTextPage(db: Db, term: string): Promise<ReferenceDescription | null> {
  const keys = referenceKeysOfQuery(term);
  if (keys.length === 0) return null;
  // A code article without its code names a page when only one code's article of that number is cited.
  const cited = await db
    .selectDistinct({ key: legalReferences.key })
    .from(legalReferences)
    .where(citationsOf(keys, false))
    .limit(2);
  return cited.length === 1 && cited[0] ? describeReference(cited[0].key) : null;
}
