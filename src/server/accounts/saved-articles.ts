import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { articlePath } from '@/lib/urls';
import { articleLinkColumns } from '../content/article-summary';
import type { Db } from '../db/client';
import { articles, savedArticles } from '../db/schema';
import { AppError } from '../http/errors';

/** The most articles one reader may keep (bounded work for the list and the export). */
const SAVED_ARTICLES_MAX = 500;
const SAVED_ARTICLES_FULL_MESSAGE = `Vous avez déjà enregistré ${SAVED_ARTICLES_MAX} articles : retirez-en un pour en ajouter.`;
const UNKNOWN_ARTICLE_MESSAGE = 'Article introuvable.';

export type SavedArticle = { id: string; title: string; summary: string; path: string; savedAt: Date };

/** Saves an article for a reader ("Enregistrer"); saving it again changes nothing. 404 for an unknown article. */
export async function saveArticle(db: Db, customerId: number, articleId: string): Promise<void> {
  const [article] = await db
    .select({ id: articles.id })
    .from(articles)
    .where(eq(articles.id, articleId))
    .limit(1);
  if (!article) throw new AppError('not_found', UNKNOWN_ARTICLE_MESSAGE);
  const saved = await db.$count(savedArticles, eq(savedArticles.customerId, customerId));
  if (saved >= SAVED_ARTICLES_MAX) throw new AppError('bad_request', SAVED_ARTICLES_FULL_MESSAGE);
  await db.insert(savedArticles).values({ customerId, articleId }).onConflictDoNothing();
}

export async function unsaveArticle(db: Db, customerId: number, articleId: string): Promise<void> {
  await db
    .delete(savedArticles)
    .where(and(eq(savedArticles.customerId, customerId), eq(savedArticles.articleId, articleId)));
}

export async function isArticleSaved(db: Db, customerId: number, articleId: string): Promise<boolean> {
  const rows = await db
    .select({ id: savedArticles.articleId })
    .from(savedArticles)
    .where(and(eq(savedArticles.customerId, customerId), eq(savedArticles.articleId, articleId)))
    .limit(1);
  return rows.length > 0;
}

/** A reader's saved articles, the last saved first, with the path of each. */
export async function listSavedArticles(db: Db, customerId: number): Promise<SavedArticle[]> {
  const rows = await db
    .select({
      ...articleLinkColumns,
      title: articles.title,
      summary: articles.summary,
      savedAt: savedArticles.savedAt,
    })
    .from(savedArticles)
    .innerJoin(articles, eq(articles.id, savedArticles.articleId))
    .where(eq(savedArticles.customerId, customerId))
    .orderBy(desc(savedArticles.savedAt))
    .limit(SAVED_ARTICLES_MAX);
  return rows.map(({ type, slug, enrichedNewsId, ...row }) => ({
    ...row,
    path: articlePath({ id: row.id, type, slug, enrichedNewsId }),
  }));
}
