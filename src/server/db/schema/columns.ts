import { sql } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp } from 'drizzle-orm/pg-core';
import type { TagRef } from '../../../lib/contracts/content';

/** A PostgreSQL text search vector, written only by generated columns. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The French text search configuration created by migration 0000 (unaccent + French stemmer + stop words). */
export const SEARCH_CONFIG = 'french_unaccent';

/**
 * The first day of the search's recent tier (migration 0016, decision 062): partial full-text indexes over the rows
 * from this day on (Paris midnight for news), about two years of the corpora, in which a term's newest matches are
 * looked for before the older rows are read. A query names the same literal, so that the planner can prove the
 * index's condition.
 */
export const SEARCH_RECENT_FROM = '2025-01-01';
export const newsRecentFrom = sql.raw(`'${SEARCH_RECENT_FROM} 00:00:00 Europe/Paris'::timestamptz`);
export const documentsRecentFrom = sql.raw(`'${SEARCH_RECENT_FROM}'::date`);
/**
 * The first day of the search's wider tier (migration 0017, decision 063): the same partial indexes over the rows
 * from this day to the recent tier's first, read with the recent tier's (about five years), for the terms whose
 * matches in the recent tier are too few and whose older ones are many. A band, not every row from this day on: a
 * query of the recent tier alone would otherwise match both indexes' conditions, and the planner chose the wider one
 * with the date index for the recent rows (16 ms instead of 5 for `contrat` + memento at 1.1M).
 */
export const SEARCH_WIDER_FROM = '2022-01-01';
export const newsWiderFrom = sql.raw(`'${SEARCH_WIDER_FROM} 00:00:00 Europe/Paris'::timestamptz`);
export const documentsWiderFrom = sql.raw(`'${SEARCH_WIDER_FROM}'::date`);
/** The rows of the wider tier's band, the condition of its partial indexes. */
export const newsWiderBand = (date: AnyPgColumn) =>
  sql`${date} >= ${newsWiderFrom} and ${date} < ${newsRecentFrom}`;
export const documentsWiderBand = (date: AnyPgColumn) =>
  sql`${date} >= ${documentsWiderFrom} and ${date} < ${documentsRecentFrom}`;
/**
 * The expressions of the indexes of text and facet values (migration 0014), whole and in each tier: a row's
 * lexemes and its facet values' (search_news_facets, search_document_facets).
 */
export const newsTextAndFacets = sql`(search_vector || search_news_facets(publication_date, enriched_news_id, topic_labels, thematic_labels))`;
export const documentTextAndFacets = sql`(search_vector || search_document_facets(date_resultat, type_document, matiere, abonnement))`;

export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export type { TagRef };

/** An image of an article or section; `contentType` is cover, thumbnail, … */
export type ArticleImage = {
  contentType: string;
  href: string;
  imageName: string;
  source?: string | undefined;
  legend?: string | undefined;
  /** Text alternative written in the newsroom; readers' pages fall back to the legend. */
  alt?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
  /** Where crops keep the subject, in percent (the media library's focal point when the image was chosen). */
  focalPoint?: { x: number; y: number } | undefined;
};

export type Attachment = { item: string; name: string };

/** Free-form editorial metadata: SEO title, social title, ELS_META_* keys, Themes_Gateway. */
export type AdditionalProperties = Record<string, string | number | boolean | null>;
