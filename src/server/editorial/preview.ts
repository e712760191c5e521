import 'server-only';
import type { ArticleDocument } from '@/lib/contracts/admin';
import { toArticleRows } from '../content/article-input';
import { toReaderArticle } from '../content/article-single';
import type { Db } from '../db/client';
import { type ArticlePageData, withRelated } from '../pages/article-page';
import { getAdminArticle } from './articles';
import { withCurrentFocalPoints } from './media-library';
import { getRevision } from './revisions';

/**
 * The preview of a draft or of a revision ("Aperçu"): the article page's data made from the
 * newsroom's document exactly as publishing would write it (toArticleRows: sanitised, internal links resolved),
 * then gated like the public page (`hasAccess` false shows what an anonymous reader gets). For the newsroom's
 * preview page, which renders it with the public components; staff only, never cached.
 */
export async function loadPreviewPage(
  db: Db,
  id: string,
  options: { revision?: number; hasAccess?: boolean } = {},
): Promise<ArticlePageData> {
  const document: ArticleDocument =
    options.revision === undefined
      ? (await getAdminArticle(db, id)).article
      : (await getRevision(db, id, options.revision)).article;
  const { article, sections } = toArticleRows(await withCurrentFocalPoints(db, document));
  const now = new Date();
  const single = toReaderArticle(
    {
      id: article.id,
      type: article.type,
      title: article.title,
      summary: article.summary ?? '',
      slug: article.slug,
      format: article.format ?? null,
      topics: article.topics ?? [],
      thematics: article.thematics ?? [],
      trades: article.trades ?? [],
      images: article.images ?? [],
      author: article.author ?? null,
      authorFunction: article.authorFunction ?? null,
      publicationDate: article.publicationDate ?? now,
      updateDate: article.updateDate ?? null,
      enrichedNewsId: article.enrichedNewsId ?? null,
      additionalProperties: article.additionalProperties ?? {},
      attachments: article.attachments ?? [],
      bodyHtml: article.bodyHtml ?? '',
      source: article.source ?? null,
      paywalled: article.paywalled ?? false,
      eventDate: article.eventDate ?? null,
      simulatorUrl: article.simulatorUrl ?? null,
    },
    sections.map((section) => ({
      id: section.id,
      title: section.title,
      summary: section.summary ?? '',
      images: section.images ?? [],
      sectionType: section.sectionType ?? 'section',
      publicationDate: section.publicationDate ?? null,
      topics: section.topics ?? [],
      thematics: section.thematics ?? [],
      bodyHtml: section.bodyHtml ?? '',
    })),
    options.hasAccess ?? true,
  );
  return withRelated(db, single, sections);
}
