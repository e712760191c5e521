import 'server-only';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ArticleDocument, DiffPart } from '@/lib/contracts/admin';
import { articlePath } from '@/lib/urls';
import { toArticleRows } from '../content/article-input';
import { visiblePlainText } from '../content/paywall';
import { wordDifferences } from '../content/version-diff';
import type { Db } from '../db/client';
import { articles, articleUpdates, newsroomRevisions } from '../db/schema';

export type VersionComparison = {
  article: { id: string; title: string; path: string };
  update: { id: number; note: string; updatedAt: Date };
  /** Every update of the article, newest first, for the page's choice. */
  updates: { id: number; updatedAt: Date }[];
  title: DiffPart[];
  text: DiffPart[];
  /** Whether the reader compared the whole text (false: what the paywall shows a visitor without access). */
  whole: boolean;
};

/**
 * What a reader may read of a published version, as plain text: the summary, then the body and sections the
 * paywall's gate leaves them (`visiblePlainText`, the gate's text form), so a comparison never carries gated text
 * to a reader without access.
 */
export function readableText(document: ArticleDocument, hasAccess: boolean): string {
  const { article, sections } = toArticleRows(document);
  return visiblePlainText(
    {
      summary: article.summary ?? '',
      view: article.bodyHtml ?? '',
      sections: sections.map((section) => ({
        title: section.title,
        summary: section.summary ?? '',
        view: section.bodyHtml ?? '',
      })),
      paywalled: article.paywalled ?? false,
    },
    hasAccess,
  );
}

/**
 * The word-level comparison of an update (the latest when none is named) with the version before it, in what the
 * reader may read. Null when the article is not public or has no such update.
 */
export async function compareArticleUpdate(
  db: Db,
  articleId: string,
  updateId: number | undefined,
  hasAccess: boolean,
): Promise<VersionComparison | null> {
  const [[article], updates] = await Promise.all([
    db
      .select({
        id: articles.id,
        type: articles.type,
        slug: articles.slug,
        enrichedNewsId: articles.enrichedNewsId,
        title: articles.title,
      })
      .from(articles)
      .where(eq(articles.id, articleId)),
    db
      .select()
      .from(articleUpdates)
      .where(eq(articleUpdates.articleId, articleId))
      .orderBy(desc(articleUpdates.updatedAt), desc(articleUpdates.id)),
  ]);
  const update = updateId === undefined ? updates[0] : updates.find((entry) => entry.id === updateId);
  if (!article || !update) return null;
  const revisions = await db
    .select({ number: newsroomRevisions.number, document: newsroomRevisions.document })
    .from(newsroomRevisions)
    .where(
      and(
        eq(newsroomRevisions.articleId, articleId),
        inArray(newsroomRevisions.number, [update.fromRevision, update.toRevision]),
      ),
    );
  const documentOf = (number: number) =>
    revisions.find((revision) => revision.number === number)?.document as ArticleDocument | undefined;
  const before = documentOf(update.fromRevision);
  const after = documentOf(update.toRevision);
  if (!before || !after) return null;
  return {
    article: { id: article.id, title: article.title, path: articlePath(article) },
    update: { id: update.id, note: update.note, updatedAt: update.updatedAt },
    updates: updates.map((entry) => ({ id: entry.id, updatedAt: entry.updatedAt })),
    title: wordDifferences(before.title, after.title),
    text: wordDifferences(readableText(before, hasAccess), readableText(after, hasAccess)),
    whole: hasAccess,
  };
}
