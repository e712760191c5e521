import 'server-only';
import {
  type ArticleInput,
  articleInputSchema,
  formatIssuePath,
  frenchErrorMap,
} from '@/lib/contracts/article';
import { slugify } from '@/lib/slug';
import type { ArticleImage, articleSections, articles, TagRef } from '../db/schema';
import { publicSearchText } from './paywall';
import { htmlToPlainText, sanitizeEditorialHtml } from './sanitize';

// The schema itself lives in src/lib/contracts/article.ts, shared with the Admin API and the newsroom's pages.
export { ARTICLE_INPUT_LIMITS, type ArticleInput } from '@/lib/contracts/article';

export type ArticleInputResult = { success: true; data: ArticleInput } | { success: false; issues: string[] };

/** Validates an article; each issue reads "field.path : reason" in French. */
export function parseArticleInput(value: unknown): ArticleInputResult {
  const result = articleInputSchema.safeParse(value, { error: frenchErrorMap });
  if (result.success) return { success: true, data: result.data };
  return {
    success: false,
    issues: result.error.issues.map((issue) =>
      issue.path.length > 0 ? `${formatIssuePath(issue.path)} : ${issue.message}` : issue.message,
    ),
  };
}

type ArticleRow = typeof articles.$inferInsert;
type ArticleSectionRow = typeof articleSections.$inferInsert;
export type ArticleRows = { article: ArticleRow; sections: ArticleSectionRow[] };

function toTags(input: ArticleInput['topics']): TagRef[] {
  return input.map(({ label, slug, id, shortId }) => ({ label, slug, id, shortId }));
}

function toImages(input: ArticleInput['images']): ArticleImage[] {
  return input.map((item) => ({
    contentType: item.content_type,
    href: item.href,
    imageName: item.image_name,
    source: item.source ?? undefined,
    legend: item.legend ?? undefined,
    alt: item.alt ?? undefined,
    width: item.width ?? undefined,
    height: item.height ?? undefined,
    focalPoint: item.focal_point ?? undefined,
  }));
}

/**
 * The database rows of a parsed article: bodies sanitised, plain text of the body and sections for search,
 * slug derived from the title when absent, ids of every topic and thematic for filtering.
 */
export function toArticleRows(input: ArticleInput): ArticleRows {
  const bodyHtml = sanitizeEditorialHtml(input.view);
  const texts = [htmlToPlainText(bodyHtml)];
  const sections = input.sections.map((item, position): ArticleSectionRow => {
    const sectionHtml = sanitizeEditorialHtml(item.view);
    texts.push(item.title, item.summary, htmlToPlainText(sectionHtml));
    return {
      id: item.id,
      articleId: input.id,
      position,
      title: item.title,
      summary: item.summary,
      sectionType: item.section_type,
      bodyHtml: sectionHtml,
      publicationDate: item.publication_date ? new Date(item.publication_date) : null,
      images: toImages(item.images),
      topics: toTags(item.topics),
      thematics: toTags(item.thematics),
    };
  });
  const bodyText = texts.filter((text) => text.trim() !== '').join('\n');
  return {
    article: {
      id: input.id,
      type: input.type,
      slug: input.slug ?? slugify(input.title),
      title: input.title,
      summary: input.summary,
      bodyHtml,
      bodyText,
      publicText: publicSearchText({
        view: bodyHtml,
        sections: sections.map((section) => ({
          title: section.title,
          summary: section.summary ?? '',
          view: section.bodyHtml ?? '',
        })),
        paywalled: input.paywalled,
      }),
      source: input.source ?? null,
      format: input.format ?? null,
      author: input.author ?? null,
      authorFunction: input.author_function ?? null,
      publicationDate: new Date(input.publication_date),
      updateDate: input.update_date ? new Date(input.update_date) : null,
      enrichedNewsId: input.enriched_news_id ?? null,
      paywalled: input.paywalled,
      eventDate: input.event_date ?? null,
      simulatorUrl: input.simulator_url ?? null,
      topics: toTags(input.topics),
      thematics: toTags(input.thematics),
      topicIds: [...new Set([...input.topics, ...input.thematics].map((item) => item.id))],
      trades: input.trades,
      images: toImages(input.images),
      attachments: input.attachments.map(({ item, name }) => ({ item, name })),
      additionalProperties: input.additionalProperties,
    },
    sections,
  };
}
