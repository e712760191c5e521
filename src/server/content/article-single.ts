import 'server-only';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { ArticleForReader, ArticleSection } from '@/lib/contracts/content';
import type { Db } from '../db/client';
import { articleSections, articles } from '../db/schema';
import {
  type ArticleReference,
  citedTexts,
  linkReferences,
  loadArticleReferences,
} from '../legal-references/article-links';
import {
  type ArticleSummaryRow,
  articleSummaryColumns,
  toApiImage,
  toArticleSummary,
} from './article-summary';
import { placeholdEmbeds } from './embeds';
import { gateContent } from './paywall';
import { sanitizeEditorialHtml } from './sanitize';

export type { ArticleForReader };

/**
 * An article by its id or its enriched news id, gated for the visitor: the single entry point through which an
 * article's text reaches a reader (page, API, RSS, snippets). Null when no article has that id.
 */
export async function getArticleForReader(
  db: Db,
  newsId: string,
  hasAccess: boolean,
): Promise<ArticleForReader | null> {
  // An article id wins over another article's enriched news id.
  const matches = or(eq(articles.id, newsId), eq(articles.enrichedNewsId, newsId));
  const preferred = [sql`${articles.id} = ${newsId} desc`, asc(articles.id)];
  // The article and its sections are read at once (one round trip instead of two, which under load each wait
  // their turn): the sections' query finds the article by the same rule.
  const articleId = db
    .select({ id: articles.id })
    .from(articles)
    .where(matches)
    .orderBy(...preferred)
    .limit(1);
  const [[row], sectionRows, references] = await Promise.all([
    db
      .select({
        ...articleSummaryColumns,
        bodyHtml: articles.bodyHtml,
        source: articles.source,
        paywalled: articles.paywalled,
        eventDate: articles.eventDate,
        simulatorUrl: articles.simulatorUrl,
      })
      .from(articles)
      .where(matches)
      .orderBy(...preferred)
      .limit(1),
    db
      .select()
      .from(articleSections)
      .where(eq(articleSections.articleId, articleId))
      .orderBy(asc(articleSections.position)),
    loadArticleReferences(db, articleId, hasAccess),
  ]);
  if (!row) return null;
  return toReaderArticle(row, sectionRows, hasAccess, references);
}

/** The columns of an article its reader's view is made of, beyond its summary's. */
export type ReaderArticleRow = ArticleSummaryRow & {
  bodyHtml: string;
  source: string | null;
  paywalled: boolean;
  eventDate: string | null;
  simulatorUrl: string | null;
};

export type ReaderSectionRow = Pick<
  typeof articleSections.$inferSelect,
  | 'id'
  | 'title'
  | 'summary'
  | 'images'
  | 'sectionType'
  | 'publicationDate'
  | 'topics'
  | 'thematics'
  | 'bodyHtml'
>;

/**
 * An article's rows as a reader receives them, gated by the paywall; shared by the public reads and the
 * newsroom's preview, which renders a draft's rows with the same components.
 */
export function toReaderArticle(
  row: ReaderArticleRow,
  sectionRows: readonly ReaderSectionRow[],
  hasAccess: boolean,
  references: readonly ArticleReference[] = [],
): ArticleForReader {
  const sections = sectionRows.map(
    (section): ArticleSection => ({
      id: section.id,
      title: section.title,
      summary: section.summary,
      images: section.images.map(toApiImage),
      section_type: section.sectionType,
      publication_date: section.publicationDate?.toISOString() ?? null,
      topics: section.topics,
      thematics: section.thematics,
      view: section.bodyHtml,
    }),
  );

  const gated = gateContent({ view: row.bodyHtml, sections, paywalled: row.paywalled }, hasAccess);
  // Sanitised on import and again on the way out: rows written by other means (SQL, an older importer) are
  // never trusted, and what the gate cut is well-formed again. Platform frames wait behind a placeholder.
  return {
    article: {
      ...toArticleSummary(row),
      // The legal references of what the reader may read link to their official source.
      view: linkReferences(placeholdEmbeds(sanitizeEditorialHtml(gated.view)), references),
      sections: gated.sections.map((section) => ({
        ...section,
        view: linkReferences(placeholdEmbeds(sanitizeEditorialHtml(section.view)), references),
      })),
      cited_texts: citedTexts(references),
      source: row.source,
      paywalled: row.paywalled,
      event_date: row.eventDate,
      simulator_url: row.simulatorUrl,
    },
    isPaywallable: gated.isPaywallable,
  };
}
