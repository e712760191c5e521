import 'server-only';
import type { ArticleSummary } from '@/lib/contracts/content';
import { type ArticleImage, articles } from '../db/schema';

/** An article as lists and the API carry it (spec section 3 "Article summary"): no body, snake_case fields. */
export type { ArticleSummary };

/** The columns `articlePath` needs: every query that links to articles selects these. */
export const articleLinkColumns = {
  id: articles.id,
  type: articles.type,
  slug: articles.slug,
  enrichedNewsId: articles.enrichedNewsId,
};

/** The columns a summary needs: lists select these, so bodies never travel for a list. */
export const articleSummaryColumns = {
  ...articleLinkColumns,
  title: articles.title,
  summary: articles.summary,
  format: articles.format,
  topics: articles.topics,
  thematics: articles.thematics,
  trades: articles.trades,
  images: articles.images,
  author: articles.author,
  authorFunction: articles.authorFunction,
  publicationDate: articles.publicationDate,
  updateDate: articles.updateDate,
  additionalProperties: articles.additionalProperties,
  attachments: articles.attachments,
};

export type ArticleSummaryRow = Pick<typeof articles.$inferSelect, keyof typeof articleSummaryColumns>;

/** An image in the API's snake_case shape (articles and sections alike). */
export function toApiImage(image: ArticleImage): ArticleSummary['images'][number] {
  return {
    content_type: image.contentType,
    href: image.href,
    image_name: image.imageName,
    source: image.source,
    legend: image.legend,
    alt: image.alt,
    width: image.width,
    height: image.height,
    focal_point: image.focalPoint,
  };
}

export function toArticleSummary(row: ArticleSummaryRow): ArticleSummary {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    summary: row.summary,
    slug: row.slug,
    format: row.format,
    topics: row.topics,
    thematics: row.thematics,
    trades: row.trades,
    images: row.images.map(toApiImage),
    author: row.author,
    author_function: row.authorFunction,
    publication_date: row.publicationDate.toISOString(),
    update_date: row.updateDate?.toISOString() ?? null,
    enriched_news_id: row.enrichedNewsId,
    additionalProperties: row.additionalProperties,
    attachments: row.attachments,
  };
}
