import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articleSections, articles } from '../db/schema';
import { deleteArticleReferences, storeArticleReferences } from '../legal-references/storage';
import type { ArticleRows } from './article-input';

// Writing the public copy of articles (the rows readers' queries read): the import and the newsroom's
// publication share these.

export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Releases what articles about to be rewritten hold (their enriched news id, their sections), so that an id
 * moving from one rewritten article to another does not collide with the row it replaces.
 */
export async function releasePublicArticles(tx: Transaction, ids: string[]): Promise<void> {
  await tx.update(articles).set({ enrichedNewsId: null }).where(inArray(articles.id, ids));
  await tx.delete(articleSections).where(inArray(articleSections.articleId, ids));
}

/** Inserts or replaces an article's public row and inserts its sections (released first). */
export async function writePublicArticle(tx: Transaction, rows: ArticleRows): Promise<void> {
  const { id: _id, ...changes } = rows.article;
  await tx
    .insert(articles)
    .values(rows.article)
    .onConflictDoUpdate({ target: articles.id, set: { ...changes, updatedAt: new Date() } });
  if (rows.sections.length > 0) await tx.insert(articleSections).values(rows.sections);
  await storeArticleReferences(tx, rows.article);
}

/** Removes an article from readers (its sections and daily-issue places go with it). */
export async function deletePublicArticle(tx: Transaction, id: string): Promise<void> {
  await tx.delete(articles).where(eq(articles.id, id));
  await deleteArticleReferences(tx, id);
}

type DatabaseError = { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown };

/** The database error under a failed query: drizzle wraps the driver's error in `cause`. */
function databaseError(error: unknown): DatabaseError | null {
  let current: unknown = error;
  while (current instanceof Error) {
    if (typeof (current as DatabaseError).code === 'string') return current as DatabaseError;
    current = current.cause;
  }
  return null;
}

/**
 * Why the database refused the rows of an article, in French, when the rows themselves are at fault: a data
 * exception or an integrity constraint (SQLSTATE classes 22 and 23). Null for any other failure.
 */
export function describeRefusal(error: unknown, rows: ArticleRows): string | null {
  const cause = databaseError(error);
  if (!cause || typeof cause.code !== 'string' || !/^2[23]/.test(cause.code)) return null;
  if (cause.constraint === 'articles_enriched_news_id_idx') {
    return `enriched_news_id « ${rows.article.enrichedNewsId} » déjà utilisé par un autre article`;
  }
  if (cause.constraint === 'article_sections_pkey') {
    const ids = rows.sections.map((section) => section.id).join(', ');
    return `un identifiant de section (${ids}) est déjà utilisé par un autre article`;
  }
  const detail = typeof cause.detail === 'string' && cause.detail ? ` (${cause.detail})` : '';
  return `refusé par la base de données : ${String(cause.message)}${detail}`;
}
