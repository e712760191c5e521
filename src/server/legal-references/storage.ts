import 'server-only';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articles, legalReferences, subscriberDocuments } from '../db/schema';
import { insertRows } from '../seed/bulk-insert';
import { detectReferences } from './detect';

/**
 * The references table, written when a document is: the import and the newsroom's publication (through the
 * public copy's writer), unpublication, the demo content, and the reindex after a detector change. Pages read
 * it; they never parse a text.
 */

type ReferenceRow = typeof legalReferences.$inferInsert;
type Executor = Pick<Db, 'execute' | 'delete'>;
export type ReferenceCorpus = 'article' | 'document';

/** What a document's references are read from: its whole text, and what a reader without access reads of it. */
export type ReferenceSource = {
  corpus: ReferenceCorpus;
  id: string;
  publishedAt: Date;
  /** Title, summary and body, in that order. */
  texts: string[];
  /** Null when all of it is readable without access; else title, summary and what the paywall leaves. */
  visibleTexts: string[] | null;
};

function joined(texts: string[]): string {
  return texts.filter((text) => text.trim() !== '').join('\n');
}

/** The rows of one document: every reference, marked free when the text a reader without access gets cites it. */
function referenceRows(source: ReferenceSource): ReferenceRow[] {
  const { references } = detectReferences(joined(source.texts));
  if (references.length === 0) return [];
  const visibleKeys =
    source.visibleTexts === null
      ? null
      : new Set(detectReferences(joined(source.visibleTexts)).references.map((reference) => reference.key));
  return references.map((reference) => ({
    corpus: source.corpus,
    documentId: source.id,
    position: reference.start,
    kind: reference.kind,
    key: reference.key,
    display: reference.display,
    free: visibleKeys === null || visibleKeys.has(reference.key),
    publishedAt: source.publishedAt,
  }));
}

type ArticleTexts = {
  id: string;
  title: string;
  summary?: string;
  bodyText?: string;
  publicText?: string | null;
  publicationDate: Date;
};

export function articleSource(article: ArticleTexts): ReferenceSource {
  return {
    corpus: 'article',
    id: article.id,
    publishedAt: article.publicationDate,
    texts: [article.title, article.summary ?? '', article.bodyText ?? ''],
    visibleTexts: article.publicText ? [article.title, article.summary ?? '', article.publicText] : null,
  };
}

type DocumentTexts = {
  id: string;
  titreAffichage: string;
  microContenu?: string;
  texte?: string;
  dateResultat: string;
};

/** A subscriber document: listed with its title and summary to everyone, its text read in the subscriber product. */
export function documentSource(document: DocumentTexts): ReferenceSource {
  return {
    corpus: 'document',
    id: document.id,
    publishedAt: new Date(`${document.dateResultat}T00:00:00Z`),
    texts: [document.titreAffichage, document.microContenu ?? '', document.texte ?? ''],
    visibleTexts: null,
  };
}

const INSERT_BATCH = 2000;

/** Inserts the references of these documents (whose old rows are gone). */
export async function insertReferences(
  executor: Pick<Db, 'execute'>,
  sources: ReferenceSource[],
): Promise<number> {
  const rows = sources.flatMap(referenceRows);
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    await insertRows(executor, legalReferences, rows.slice(from, from + INSERT_BATCH));
  }
  return rows.length;
}

/** Replaces a public article's references: what the import and a publication write. */
export async function storeArticleReferences(executor: Executor, article: ArticleTexts): Promise<void> {
  await deleteArticleReferences(executor, article.id);
  await insertReferences(executor, [articleSource(article)]);
}

/** An article leaves readers: its references leave the pages. */
export async function deleteArticleReferences(executor: Pick<Db, 'delete'>, id: string): Promise<void> {
  await executor
    .delete(legalReferences)
    .where(and(eq(legalReferences.corpus, 'article'), eq(legalReferences.documentId, id)));
}

const READ_BATCH = 1000;

/**
 * Rebuilds the whole table from the articles and subscriber documents, in one transaction (pages keep the old
 * rows until it commits). Reads by id in batches, so memory stays bounded whatever the corpus.
 */
export async function reindexReferences(
  db: Db,
  onProgress: (corpus: ReferenceCorpus, documents: number) => void = () => {},
): Promise<{ articles: number; documents: number; references: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`truncate table ${legalReferences}`);
    let references = 0;
    let articleCount = 0;
    for (let after = ''; ; ) {
      const batch = await tx
        .select({
          id: articles.id,
          title: articles.title,
          summary: articles.summary,
          bodyText: articles.bodyText,
          publicText: articles.publicText,
          publicationDate: articles.publicationDate,
        })
        .from(articles)
        .where(gt(articles.id, after))
        .orderBy(asc(articles.id))
        .limit(READ_BATCH);
      if (batch.length === 0) break;
      references += await insertReferences(tx, batch.map(articleSource));
      articleCount += batch.length;
      onProgress('article', articleCount);
      after = batch.at(-1)?.id ?? after;
    }
    let documentCount = 0;
    for (let after = ''; ; ) {
      const batch = await tx
        .select({
          id: subscriberDocuments.id,
          titreAffichage: subscriberDocuments.titreAffichage,
          microContenu: subscriberDocuments.microContenu,
          texte: subscriberDocuments.texte,
          dateResultat: subscriberDocuments.dateResultat,
        })
        .from(subscriberDocuments)
        .where(gt(subscriberDocuments.id, after))
        .orderBy(asc(subscriberDocuments.id))
        .limit(READ_BATCH);
      if (batch.length === 0) break;
      references += await insertReferences(tx, batch.map(documentSource));
      documentCount += batch.length;
      onProgress('document', documentCount);
      after = batch.at(-1)?.id ?? after;
    }
    return { articles: articleCount, documents: documentCount, references };
  });
}
