import 'server-only';
import { asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articleSections, articles, type TagRef } from '../db/schema';
import {
  type ArticleSummary,
  type ArticleSummaryRow,
  articleSummaryColumns,
  toApiImage,
  toArticleSummary,
} from './article-summary';
import { gateContent } from './paywall';
import { sanitizeEditorialHtml } from './sanitize';

/** A section of an enriched news as the API carries it (spec section 3), its HTML in `view`. */
export type ArticleSection = {
  id: string;
  title: string;
  summary: string;
  images: ArticleSummary['images'];
  section_type: string;
  publication_date: string | null;
  topics: TagRef[];
  thematics: TagRef[];
  view: string;
};

/** A whole article as a reader receives it: its summary fields, body, sections and the fields this site adds. */
export type ArticleDetail = ArticleSummary & {
  /** The body HTML (sanitised at import), cut by the paywall for a visitor without access. */
  view: string;
  /** The sections of an enriched news, in order; only the first one for a visitor without access. */
  sections: ArticleSection[];
  source: string | null;
  paywalled: boolean;
  event_date: string | null;
  simulator_url: string | null;
};

/** The answer of GET /api/article/single (spec section 3 "Single-article response"). */
export type ArticleForReader = {
  article: ArticleDetail;
  /** True when part of the article was withheld: the page shows the registration prompt in its place. */
  isPaywallable: boolean;
};

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
  const [[row], sectionRows] = await Promise.all([
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
      .where(
        eq(
          articleSections.articleId,
          db
            .select({ id: articles.id })
            .from(articles)
            .where(matches)
            .orderBy(...preferred)
            .limit(1),
        ),
      )
      .orderBy(asc(articleSections.position)),
  ]);
  if (!row) return null;
  return gateArticle({ ...row, sections: sectionRows.map(toArticleSection) }, hasAccess);
}

/** A section row in the API's shape. */
export function toArticleSection(section: typeof articleSections.$inferSelect): ArticleSection {
  return {
    id: section.id,
    title: section.title,
    summary: section.summary,
    images: section.images.map(toApiImage),
    section_type: section.sectionType,
    publication_date: section.publicationDate?.toISOString() ?? null,
    topics: section.topics,
    thematics: section.thematics,
    view: section.bodyHtml,
  };
}

/** The columns of an article a reader's page needs, with its sections (from the database or a draft). */
export type ReadableArticle = ArticleSummaryRow & {
  bodyHtml: string;
  source: string | null;
  paywalled: boolean;
  eventDate: string | null;
  simulatorUrl: string | null;
  sections: ArticleSection[];
};

/**
 * The paywall gate and the sanitising pass on the way out, for a public article or for the newsroom's preview
 * of a draft (src/server/newsroom/preview.ts), so both render through the same steps.
 */
export function gateArticle(row: ReadableArticle, hasAccess: boolean): ArticleForReader {
  const { sections } = row;
  const gated = gateContent({ view: row.bodyHtml, sections, paywalled: row.paywalled }, hasAccess);
  // Sanitised on import and again on the way out: rows written by other means (SQL, an older importer) are
  // never trusted, and what the gate cut is well-formed again.
  return {
    article: {
      ...toArticleSummary(row),
      view: sanitizeEditorialHtml(gated.view),
      sections: gated.sections.map((section) => ({ ...section, view: sanitizeEditorialHtml(section.view) })),
      source: row.source,
      paywalled: row.paywalled,
      event_date: row.eventDate,
      simulator_url: row.simulatorUrl,
    },
    isPaywallable: gated.isPaywallable,
  };
}
