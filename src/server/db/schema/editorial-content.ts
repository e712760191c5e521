import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  type AdditionalProperties,
  type ArticleImage,
  type Attachment,
  newsRecentFrom,
  newsTextAndFacets,
  newsWiderBand,
  type TagRef,
  timestamps,
  tsvector,
} from './columns';
import { topics, trades } from './taxonomy';

// Editorial content

export const articles = pgTable(
  'articles',
  {
    id: text().primaryKey(),
    /** Content type: actualite, podcast, infographie, videos, timeline, simulateur, chiffres-taux, agenda. */
    type: text().notNull(),
    slug: text().notNull(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    bodyHtml: text().notNull().default(''),
    /** Plain text of the body and its sections, for full-text search and snippets. */
    bodyText: text().notNull().default(''),
    source: text(),
    format: text(),
    author: text(),
    authorFunction: text(),
    publicationDate: timestamp({ withTimezone: true }).notNull(),
    updateDate: timestamp({ withTimezone: true }),
    /** Set on enriched news: the id used in its URL path (the article id goes in the hash). */
    enrichedNewsId: text(),
    /** A paywalled article shows only its top 20 percent to visitors without access. */
    paywalled: boolean().notNull().default(false),
    /** Agenda events: the day of the deadline or event. */
    eventDate: date(),
    /** Simulators: the path of the embedded simulator (under /embed/). */
    simulatorUrl: text(),
    topics: jsonb().$type<TagRef[]>().notNull().default([]),
    thematics: jsonb().$type<TagRef[]>().notNull().default([]),
    /** Ids of every topic and thematic of the article, for indexed filtering. */
    topicIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Trade slugs (fiscal, social, …) the article is meant for. */
    trades: text().array().notNull().default(sql`'{}'::text[]`),
    images: jsonb().$type<ArticleImage[]>().notNull().default([]),
    attachments: jsonb().$type<Attachment[]>().notNull().default([]),
    additionalProperties: jsonb().$type<AdditionalProperties>().notNull().default({}),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('french_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(summary, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(body_text, '')), 'C')`,
    ),
    // Search (gated text): what a reader without access may match of a gated news.
    /**
     * Plain text of what the paywall shows a reader without access of the body and sections (`publicSearchText`
     * of src/server/content/paywall.ts), set by every writer; null for a free article (all of it is public).
     */
    publicText: text(),
    /**
     * The search vector of a reader without access, for a gated news only (paywalled, enriched, or with a public
     * text): title, summary and `public_text`. Null for a free article, whose whole vector is public.
     */
    publicSearchVector: tsvector().generatedAlwaysAs(
      sql`case when paywalled or enriched_news_id is not null or public_text is not null then setweight(to_tsvector('french_unaccent', coalesce(title, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(summary, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(public_text, '')), 'C') end`,
    ),
    /** Labels of `topics` and of `thematics` (search_tag_labels, migration 0004): the search facets' values. */
    topicLabels: text().array().generatedAlwaysAs(sql`search_tag_labels(topics)`),
    thematicLabels: text().array().generatedAlwaysAs(sql`search_tag_labels(thematics)`),
    ...timestamps,
  },
  (t) => [
    index('articles_publication_idx').on(t.publicationDate.desc()),
    index('articles_type_publication_idx').on(t.type, t.publicationDate.desc()),
    index('articles_topic_ids_idx').using('gin', t.topicIds),
    index('articles_trades_idx').using('gin', t.trades),
    index('articles_event_date_idx').on(t.eventDate),
    uniqueIndex('articles_enriched_news_id_idx').on(t.enrichedNewsId),
    index('articles_search_idx').using('gin', t.searchVector),
    index('articles_recent_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.publicationDate} >= ${newsRecentFrom}`),
    index('articles_wider_search_idx').using('gin', t.searchVector).where(newsWiderBand(t.publicationDate)),
    index('articles_topic_labels_idx').using('gin', t.topicLabels),
    index('articles_thematic_labels_idx').using('gin', t.thematicLabels),
    // Migration 0014: the text and the facet values (month, type, subjects, themes) in one inverted index, so a
    // search reads the newest matches of a very common word within a few months (docs/SEARCH.md).
    index('articles_facet_search_idx').using('gin', newsTextAndFacets),
    index('articles_recent_facet_search_idx')
      .using('gin', newsTextAndFacets)
      .where(sql`${t.publicationDate} >= ${newsRecentFrom}`),
    index('articles_wider_facet_search_idx')
      .using('gin', newsTextAndFacets)
      .where(newsWiderBand(t.publicationDate)),
  ],
);

/** Sections of an enriched news, in order. */
export const articleSections = pgTable(
  'article_sections',
  {
    id: text().primaryKey(),
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    sectionType: text().notNull().default('section'),
    bodyHtml: text().notNull().default(''),
    publicationDate: timestamp({ withTimezone: true }),
    images: jsonb().$type<ArticleImage[]>().notNull().default([]),
    topics: jsonb().$type<TagRef[]>().notNull().default([]),
    thematics: jsonb().$type<TagRef[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('article_sections_article_position_idx').on(t.articleId, t.position)],
);

/** The daily issue of "La Quotidienne": one a weekday, with its ordered news. */
export const dailyIssues = pgTable(
  'daily_issues',
  {
    id: serial().primaryKey(),
    issueName: text().notNull(),
    publicationDate: date().notNull(),
    comiteRedaction: text().notNull().default(''),
    redacteurChef: text().notNull().default(''),
    // Daily issue: an issue is composed as a draft, then published now or at a time (a job).
    /** draft, scheduled or published; readers (`/api/issue`, the home page) see only published issues. */
    status: text().notNull().default('published'),
    publishAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('daily_issues_publication_idx').on(t.publicationDate),
    check('daily_issues_status_check', sql`${t.status} in ('draft', 'scheduled', 'published')`),
  ],
);

export const dailyIssueArticles = pgTable(
  'daily_issue_articles',
  {
    issueId: integer()
      .notNull()
      .references(() => dailyIssues.id, { onDelete: 'cascade' }),
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.position] }),
    index('daily_issue_articles_article_idx').on(t.articleId),
  ],
);

export const banners = pgTable('banners', {
  id: text().primaryKey(),
  alt: text().notNull(),
  onClick: text().notNull(),
  desktopUrl: text().notNull(),
  desktopWidth: integer().notNull(),
  desktopHeight: integer().notNull(),
  mobileUrl: text().notNull(),
  mobileWidth: integer().notNull(),
  mobileHeight: integer().notNull(),
  position: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  // Home banners: shown from `startsAt` (inclusive) until `endsAt` (exclusive); null: no bound.
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
});
