import 'server-only';
import { and, eq } from 'drizzle-orm';
import { type ArticleStatus, articleStatusSchema } from '@/lib/contracts/admin';
import { articleFieldsSchema, checkArticleFields, dateTimeSchema } from '@/lib/contracts/article';
import { toArticleRows } from '../content/article-input';
import { gateArticle, toArticleSection } from '../content/article-single';
import type { Db } from '../db/client';
import { newsroomArticles, newsroomRevisions } from '../db/schema';
import { type ArticlePageData, withRelatedBlocks } from '../pages/article-page';

/** A working document as stored; a draft may have no publication date yet (it is set when published). */
const storedDocument = articleFieldsSchema
  .extend({ publication_date: dateTimeSchema.nullish() })
  .superRefine(checkArticleFields);

export type ArticlePreview = {
  data: ArticlePageData;
  status: ArticleStatus;
  version: number;
  /** The revision shown, when not the current version. */
  revision: number | null;
};

/**
 * The newsroom's preview of an article (issue 14 item 9): the current working copy, or one of its revisions,
 * turned into the very page data the public article page renders (same row conversion as publication, same
 * paywall gate and sanitising, same related blocks), without writing anything. `asReader` shows what a visitor
 * without access would see (the first section of an enriched news). Null for an unknown article or revision.
 */
export async function loadArticlePreview(
  db: Db,
  id: string,
  options: { revision?: number | undefined; asReader?: boolean } = {},
): Promise<ArticlePreview | null> {
  const [article] = await db
    .select({
      document: newsroomArticles.document,
      status: newsroomArticles.status,
      version: newsroomArticles.version,
    })
    .from(newsroomArticles)
    .where(eq(newsroomArticles.id, id))
    .limit(1);
  if (!article) return null;
  let document: unknown = article.document;
  if (options.revision !== undefined && options.revision !== article.version) {
    const [revision] = await db
      .select({ document: newsroomRevisions.document })
      .from(newsroomRevisions)
      .where(and(eq(newsroomRevisions.articleId, id), eq(newsroomRevisions.number, options.revision)))
      .limit(1);
    if (!revision) return null;
    document = revision.document;
  }
  // Stored documents passed this schema when saved; a failure here is a bug worth a 500, not a hidden page.
  const parsed = storedDocument.parse(document);
  const rows = toArticleRows({
    ...parsed,
    publication_date: parsed.publication_date ?? new Date().toISOString(),
  });
  const row = rows.article;
  const single = gateArticle(
    {
      id: row.id,
      type: row.type,
      title: row.title,
      summary: row.summary ?? '',
      slug: row.slug,
      format: row.format ?? null,
      topics: row.topics ?? [],
      thematics: row.thematics ?? [],
      trades: row.trades ?? [],
      images: row.images ?? [],
      author: row.author ?? null,
      authorFunction: row.authorFunction ?? null,
      publicationDate: row.publicationDate,
      updateDate: row.updateDate ?? null,
      enrichedNewsId: row.enrichedNewsId ?? null,
      additionalProperties: row.additionalProperties ?? {},
      attachments: row.attachments ?? [],
      bodyHtml: row.bodyHtml ?? '',
      source: row.source ?? null,
      paywalled: row.paywalled ?? false,
      eventDate: row.eventDate ?? null,
      simulatorUrl: row.simulatorUrl ?? null,
      sections: rows.sections.map((section) =>
        toArticleSection({
          ...section,
          position: section.position,
          summary: section.summary ?? '',
          sectionType: section.sectionType ?? 'section',
          bodyHtml: section.bodyHtml ?? '',
          publicationDate: section.publicationDate ?? null,
          images: section.images ?? [],
          topics: section.topics ?? [],
          thematics: section.thematics ?? [],
        }),
      ),
    },
    !options.asReader,
  );
  return {
    data: await withRelatedBlocks(db, single),
    status: articleStatusSchema.parse(article.status),
    version: article.version,
    revision:
      options.revision !== undefined && options.revision !== article.version ? options.revision : null,
  };
}
