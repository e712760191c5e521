// The whole data model (spec section 3). This file has no `server-only` import because drizzle-kit loads it
// outside Next.js to generate migrations; it only declares tables and holds no secret.
// Columns are camelCase here and snake_case in the database (`casing: 'snake_case'`).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A PostgreSQL text search vector, written only by generated columns. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
const newsWiderBand = (date: AnyPgColumn) => sql`${date} >= ${newsWiderFrom} and ${date} < ${newsRecentFrom}`;
const documentsWiderBand = (date: AnyPgColumn) =>
  sql`${date} >= ${documentsWiderFrom} and ${date} < ${documentsRecentFrom}`;
/**
 * The expressions of the indexes of text and facet values (migration 0014), whole and in each tier: a row's
 * lexemes and its facet values' (search_news_facets, search_document_facets).
 */
const newsTextAndFacets = sql`(search_vector || search_news_facets(publication_date, enriched_news_id, topic_labels, thematic_labels))`;
const documentTextAndFacets = sql`(search_vector || search_document_facets(date_resultat, type_document, matiere, abonnement))`;

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** A topic or thematic tag as carried by an article: label, slug, id and shortId. */
export type TagRef = { label: string; slug: string; id: string; shortId: string };

/** An image of an article or section; `contentType` is cover, thumbnail, … */
export type ArticleImage = {
  contentType: string;
  href: string;
  imageName: string;
  source?: string | undefined;
  legend?: string | undefined;
  /** Text alternative written in the newsroom; readers' pages fall back to the legend, then the name. */
  alt?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
};

export type Attachment = { item: string; name: string };

/** Free-form editorial metadata: SEO title, social title, ELS_META_* keys, Themes_Gateway. */
export type AdditionalProperties = Record<string, string | number | boolean | null>;

// ---------------------------------------------------------------------------------------------------------
// Taxonomy

/** The topic tree (EBX:EFL_Themes:…): top-level subjects and their many children. */
export const topics = pgTable(
  'topics',
  {
    id: text().primaryKey(),
    shortId: text().notNull(),
    label: text().notNull(),
    slug: text().notNull(),
    parentId: text().references((): AnyPgColumn => topics.id),
    sortOrder: integer().notNull().default(0),
    shortLabel: text(),
    explanation: text(),
  },
  (t) => [
    uniqueIndex('topics_short_id_idx').on(t.shortId),
    index('topics_parent_idx').on(t.parentId, t.sortOrder),
    index('topics_slug_idx').on(t.slug),
  ],
);

/** The ten trades of the home and topic filters (EBX:EFL_Metiers:…); "all" is the empty filter. */
export const trades = pgTable(
  'trades',
  {
    id: text().primaryKey(),
    shortId: text().notNull(),
    label: text().notNull(),
    labelShort: text().notNull(),
    slug: text().notNull(),
    eshopId: text(),
    link: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('trades_slug_idx').on(t.slug)],
);

/** The fuller job list (expertComptable, entreprise > DRH, …) used by registration and the search job facet. */
export const jobs = pgTable(
  'jobs',
  {
    id: text().primaryKey(),
    label: text().notNull(),
    slug: text().notNull(),
    parentId: text().references((): AnyPgColumn => jobs.id),
    eshopId: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index('jobs_parent_idx').on(t.parentId, t.sortOrder)],
);

// ---------------------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------------------
// Shop (the embedded shop connector)

export const shopProducts = pgTable(
  'shop_products',
  {
    sku: text().primaryKey(),
    name: text().notNull(),
    imageUrl: text().notNull(),
    productUrl: text().notNull(),
    addToCartUrl: text().notNull(),
    hookPhrase: text().notNull().default(''),
    /** Category ids; the shop sends them as a ';'-separated string. */
    categories: text().array().notNull().default(sql`'{}'::text[]`),
    discountLabel: text(),
    promoLabel: text(),
    finalPrice: numeric({ precision: 10, scale: 2 }).notNull(),
    originalPrice: numeric({ precision: 10, scale: 2 }),
    spToDate: date(),
    /** Trade slugs and subject (matière) slugs the product is promoted for. */
    trades: text().array().notNull().default(sql`'{}'::text[]`),
    subjects: text().array().notNull().default(sql`'{}'::text[]`),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('shop_products_categories_idx').using('gin', t.categories),
    index('shop_products_trades_idx').using('gin', t.trades),
    index('shop_products_subjects_idx').using('gin', t.subjects),
  ],
);

/** Job x subject -> product code (digital solutions, per-job variants, notary and wealth-adviser products). */
export const productMappings = pgTable(
  'product_mappings',
  {
    job: text().notNull(),
    subject: text().notNull(),
    productCode: text().notNull(),
    productLabel: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.subject, t.productCode] }),
    index('product_mappings_code_idx').on(t.productCode),
  ],
);

/** The memento and bulletin codes: code -> shop sku and editorial label. */
export const mementoCodes = pgTable('memento_codes', {
  code: text().primaryKey(),
  sku: text().notNull(),
  label: text().notNull(),
  kind: text().notNull(),
});

export const solutions = pgTable('solutions', {
  id: serial().primaryKey(),
  title: text().notNull(),
  text: text().notNull(),
  link: text().notNull(),
  color: text().notNull(),
  trades: text().array().notNull().default(sql`'{}'::text[]`),
  position: integer().notNull().default(0),
});

export const whitePapers = pgTable('white_papers', {
  id: serial().primaryKey(),
  title: text().notNull(),
  imgUrl: text().notNull(),
  pageUrl: text().notNull(),
  position: integer().notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------------
// Readers: newsletter, customers and their sessions

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    /** Lower-cased, trimmed address. */
    email: text().primaryKey(),
    active: boolean().notNull().default(true),
    subscribedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    source: text().notNull().default('site'),
  },
  (t) => [index('newsletter_subscribers_active_idx').on(t.active)],
);

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    /** Lower-cased, trimmed address. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    /** Civility code 13 to 18 (Monsieur … Docteur). */
    civility: smallint().notNull(),
    firstname: text().notNull(),
    lastname: text().notNull(),
    function: text().notNull(),
    optin: boolean().notNull().default(false),
    /** Accounts: when the reader followed the confirmation link e-mailed to this address. */
    emailConfirmedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('customers_email_idx').on(t.email)],
);

/** Login sessions: only a hash of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Accounts: "Rester connecté", the device and last use shown under Mon compte, token rotation.
    /** A "Rester connecté" session: 30 days, its token rotated on use; otherwise 3,600 s renewed while active. */
    remember: boolean().notNull().default(false),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The browser's User-Agent at login, cut to 300 characters (shown as a device under Mon compte). */
    userAgent: text().notNull().default(''),
    /** When the token was last replaced; the replaced token keeps working a few seconds (parallel requests). */
    rotatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    previousTokenHash: text(),
    previousValidUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sessions_customer_idx').on(t.customerId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_previous_token_idx').on(t.previousTokenHash),
  ],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The purge of expired counters reads them by date, not the whole table.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

// ---------------------------------------------------------------------------------------------------------
// Accounts: e-mailed tokens, saved articles, topic alerts

/**
 * Single-use tokens sent by e-mail: password reset, confirmation of an account's address, change of address,
 * newsletter subscription. Only a hash is stored; a token is used by one update that checks purpose, expiry and
 * that it was not used before.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text().primaryKey(),
    /** password_reset, email_confirmation, email_change or newsletter_confirmation. */
    purpose: text().notNull(),
    /** Null for a newsletter subscription of an address without an account. */
    customerId: integer().references(() => customers.id, { onDelete: 'cascade' }),
    /** The address the link was sent to (the new one for a change of address). */
    email: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('account_tokens_customer_idx').on(t.customerId),
    index('account_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** Articles a reader saved with "Enregistrer", listed under Mon compte. */
export const savedArticles = pgTable(
  'saved_articles',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    articleId: text()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.articleId] }),
    index('saved_articles_article_idx').on(t.articleId),
  ],
);

/** A reader's alerts: topics and thematics, and a digest of their new articles daily or weekly. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    customerId: integer()
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** daily or weekly. */
    frequency: text().notNull(),
    /** Ids of topics and thematics (the taxonomy's EBX:EFL_Themes:… ids, as in articles.topic_ids). */
    topicIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Articles published after this moment go into the next digest. */
    coveredUntil: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_subscriptions_frequency_idx').on(t.frequency)],
);

// ---------------------------------------------------------------------------------------------------------
// Subscriber document collections: the second search corpus

export const subscriberDocuments = pgTable(
  'subscriber_documents',
  {
    id: text().primaryKey(),
    enrichedNewsId: text(),
    titreAffichage: text().notNull(),
    microContenu: text().notNull().default(''),
    texte: text().notNull().default(''),
    matiere: text().array().notNull().default(sql`'{}'::text[]`),
    themeZapette: text().array().notNull().default(sql`'{}'::text[]`),
    dateResultat: date().notNull(),
    /** Document type code (revue, documentation, memento, code, …). */
    typeDocument: text().notNull(),
    typeUr: text().notNull(),
    urId: text().notNull(),
    /** Product codes of the subscriptions that give access to the document. */
    abonnement: text().array().notNull().default(sql`'{}'::text[]`),
    titreOuvrage: text().notNull().default(''),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('french_unaccent', coalesce(titre_affichage, '')), 'A') || setweight(to_tsvector('french_unaccent', coalesce(micro_contenu, '')), 'B') || setweight(to_tsvector('french_unaccent', coalesce(texte, '')), 'C')`,
    ),
  },
  (t) => [
    index('subscriber_documents_date_idx').on(t.dateResultat.desc()),
    index('subscriber_documents_type_idx').on(t.typeDocument),
    index('subscriber_documents_search_idx').using('gin', t.searchVector),
    index('subscriber_documents_recent_search_idx')
      .using('gin', t.searchVector)
      .where(sql`${t.dateResultat} >= ${documentsRecentFrom}`),
    index('subscriber_documents_wider_search_idx')
      .using('gin', t.searchVector)
      .where(documentsWiderBand(t.dateResultat)),
    index('subscriber_documents_abonnement_idx').using('gin', t.abonnement),
    index('subscriber_documents_matiere_idx').using('gin', t.matiere),
    // Migration 0014: the text and the facet values (month, type, subjects, subscriptions) in one inverted index.
    index('subscriber_documents_facet_search_idx').using('gin', documentTextAndFacets),
    index('subscriber_documents_recent_facet_search_idx')
      .using('gin', documentTextAndFacets)
      .where(sql`${t.dateResultat} >= ${documentsRecentFrom}`),
    index('subscriber_documents_wider_facet_search_idx')
      .using('gin', documentTextAndFacets)
      .where(documentsWiderBand(t.dateResultat)),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Search (owned by the search engine, src/server/search): frequent searches feeding the suggestions.
// Migration 0003 (hand-written) adds the immutable `search_normalize(text)` function (lower case, accents
// removed) and trigram indexes on normalised titles. Migration 0004 (hand-written) adds the lexeme dictionary and
// the suggestion phrases below, the triggers that keep them in sync with the content, and their trigram and
// full-text indexes (drizzle-kit does not model triggers, operator classes of expressions or dictionaries).

/** Searches that found something, counted by normalised text: the "frequent searches" of the suggestions. */
export const searchQueries = pgTable(
  'search_queries',
  {
    /** Lower-cased, accent-free, single-spaced text (search_normalize). */
    normalized: text().primaryKey(),
    /** The text as last typed, shown as the suggestion. */
    term: text().notNull(),
    hits: integer().notNull().default(1),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_queries_hits_idx').on(t.hits.desc())],
);

// Search (trustworthy suggestions): a frequent search is suggested only once enough distinct readers
// made it lately (SEARCH_SUGGESTION_MIN_CLIENTS addresses in 7 days), and never when the blocklist holds one of
// its words or phrases (src/server/search/suggestion-rules.ts).

/** Who made each frequent search lately: one row per search and client (a hash of the address, never the address). */
export const searchQueryClients = pgTable(
  'search_query_clients',
  {
    normalized: text().notNull(),
    client: text().notNull(),
    lastSearchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.normalized, t.client] }),
    index('search_query_clients_last_idx').on(t.lastSearchedAt),
  ],
);

/** Words and phrases administrators never want suggested (normalised: search_normalize). */
export const searchBlocklist = pgTable('search_blocklist', {
  normalized: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every lexeme of the search vectors with the number of news and of subscriber documents holding it. */
export const searchLexemes = pgTable('search_lexemes', {
  lexeme: text().primaryKey(),
  articles: integer().notNull().default(0),
  documents: integer().notNull().default(0),
});

/**
 * Rows per corpus ('articles' or 'documents') and day (a news's Paris-time day of publication, a document's
 * date_resultat): the window bounds of the search read the day from which the newest rows reach a count here
 * instead of scanning that many dates (migration 0015, decision 051). Kept exact by statement-level triggers.
 */
export const searchDayCounts = pgTable(
  'search_day_counts',
  {
    corpus: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    rows: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.corpus, t.day] })],
);

/** Distinct suggestion phrases: 1 frequent searches (weight: hits), 2 topic labels, 3 news titles (recency). */
export const searchSuggestions = pgTable(
  'search_suggestions',
  {
    source: smallint().notNull(),
    /** search_normalize(value). */
    normalized: text().notNull(),
    value: text().notNull(),
    weight: doublePrecision().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.source, t.normalized] })],
);

// ---------------------------------------------------------------------------------------------------------
// Newsroom (src/server/staff, src/server/editorial): staff accounts and their sessions, API keys, the audit log, the
// articles' working copies with their workflow and revisions, and uploaded media. `articles` above stays the
// public copy: readers' queries never see a draft, and publishing writes it as the import does. The migration
// adds by hand the trigram indexes of the list's text filters and the trigger that keeps the audit log
// append-only.

/** Roles and workflow statuses, as stored (src/lib/contracts/admin.ts has their labels). */
const STAFF_ROLE_VALUES = sql`('redacteur', 'editeur', 'administrateur')`;
const ARTICLE_STATUS_VALUES = sql`('draft', 'in_review', 'scheduled', 'published', 'unpublished')`;

/** The publisher's staff: separate from readers (`customers`), with their own sessions. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: serial().primaryKey(),
    /** Lower-cased, trimmed address. */
    email: text().notNull(),
    name: text().notNull(),
    role: text().notNull(),
    /** Argon2id; null while an invitation waits for the person to choose a password. */
    passwordHash: text(),
    active: boolean().notNull().default(true),
    /** Base32 TOTP secret: pending until `totpEnabledAt` is set by a first valid code. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpLastStep: integer(),
    /** SHA-256 of the invitation token sent by e-mail, and when it stops working. */
    invitationTokenHash: text(),
    invitationExpiresAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('staff_members_email_idx').on(t.email),
    uniqueIndex('staff_members_invitation_idx').on(t.invitationTokenHash),
    check('staff_members_role_check', sql`${t.role} in ${STAFF_ROLE_VALUES}`),
  ],
);

/** Staff sessions: a hash of the opaque token; each call pushes `expiresAt` (expiry after inactivity). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffId: integer()
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    address: text().notNull().default('unknown'),
  },
  (t) => [
    index('staff_sessions_staff_idx').on(t.staffId),
    index('staff_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Keys of external editorial systems: shown once, stored as a SHA-256 hash, bound to a role, revocable. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    role: text().notNull(),
    /** The first characters of the secret, shown in lists to recognise a key. */
    prefix: text().notNull(),
    secretHash: text().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_idx').on(t.secretHash),
    check('api_keys_role_check', sql`${t.role} in ${STAFF_ROLE_VALUES}`),
  ],
);

/** Every staff action: who, when, what, from where. Append-only (a trigger refuses updates and deletes). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** staff, api_key, system or anonymous (a failed sign-in). */
    actorKind: text().notNull(),
    staffId: integer(),
    apiKeyId: integer(),
    /** The actor's name at the time (a later rename does not rewrite history). */
    actorName: text(),
    action: text().notNull(),
    targetType: text(),
    targetId: text(),
    address: text().notNull(),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
  ],
);

/**
 * The newsroom's copy of every article: the document in the import's shape (src/lib/contracts/article.ts) with
 * its workflow state. The list's filter and sort columns are copied out of the document at each save.
 */
export const newsroomArticles = pgTable(
  'newsroom_articles',
  {
    /** The article id, the same as the public copy's in `articles` once published. */
    id: text().primaryKey(),
    status: text().notNull(),
    /** Optimistic concurrency: every save increments it, and a save from an older version is refused. */
    version: integer().notNull().default(1),
    /** The version readers see (null if never published). */
    publishedVersion: integer(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    type: text().notNull(),
    title: text().notNull(),
    slug: text().notNull(),
    enrichedNewsId: text(),
    author: text(),
    topicIds: text().array().notNull().default(sql`'{}'::text[]`),
    publicationDate: timestamp({ withTimezone: true }),
    scheduledAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    updatedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
    // Newsroom article list: the title and byline normalised as the list's text filters match them, stored,
    // so the trigram indexes' recheck compares text instead of running unaccent on every candidate row.
    titleSearch: text().generatedAlwaysAs(sql`search_normalize(title)`),
    authorSearch: text().generatedAlwaysAs(sql`search_normalize(author)`),
  },
  (t) => [
    index('newsroom_articles_updated_idx').on(t.updatedAt.desc(), t.id),
    index('newsroom_articles_status_idx').on(t.status, t.updatedAt.desc()),
    index('newsroom_articles_type_idx').on(t.type, t.updatedAt.desc()),
    index('newsroom_articles_created_by_idx').on(t.createdBy, t.updatedAt.desc()),
    index('newsroom_articles_topic_ids_idx').using('gin', t.topicIds),
    index('newsroom_articles_scheduled_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    index('newsroom_articles_enriched_idx').on(t.enrichedNewsId),
    check('newsroom_articles_status_check', sql`${t.status} in ${ARTICLE_STATUS_VALUES}`),
  ],
);

/** Every save of an article: a full snapshot of the document, who and when. */
export const newsroomRevisions = pgTable(
  'newsroom_revisions',
  {
    id: serial().primaryKey(),
    articleId: text()
      .notNull()
      .references(() => newsroomArticles.id, { onDelete: 'cascade' }),
    /** The article version this revision saved. */
    number: integer().notNull(),
    action: text().notNull(),
    document: jsonb().$type<Record<string, unknown>>().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsroom_revisions_article_number_idx').on(t.articleId, t.number)],
);

/** Uploaded images and PDF attachments; their bytes are in `mediaFiles`, so every instance can serve them. */
export const media = pgTable('media', {
  id: serial().primaryKey(),
  /** image or pdf */
  kind: text().notNull(),
  contentType: text().notNull(),
  /** The uploaded file's name, cleaned. */
  name: text().notNull(),
  size: integer().notNull(),
  width: integer(),
  height: integer(),
  alt: text(),
  /** SHA-256 of the original, in the files' URLs so that they can be cached for ever. */
  sha256: text().notNull(),
  variants: jsonb().$type<{ width: number; height: number; key: string; contentType: string }[]>().notNull(),
  createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The bytes of a medium: the original (`original`) and each variant (`w640`, …). */
export const mediaFiles = pgTable(
  'media_files',
  {
    mediaId: integer()
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    contentType: text().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.key] })],
);

// ---------------------------------------------------------------------------------------------------------
// Background jobs: the product's one job runner (src/server/jobs, decision 008)

/**
 * Work done after the request that asked for it: e-mails, scheduled publications, alerts, campaigns. Every app
 * instance claims due rows with FOR UPDATE SKIP LOCKED; a claimed row carries a lease, so the jobs of an
 * instance that died are claimed again once the lease has run out.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    /** pending, running, done, failed (attempts exhausted or invalid payload) or cancelled. */
    status: text().notNull().default('pending'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull(),
    /** At most one pending or running job per kind and key (a scheduled publication of one article, say). */
    dedupeKey: text(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('background_jobs_due_idx').on(t.runAt).where(sql`status = 'pending'`),
    index('background_jobs_lease_idx').on(t.lockedUntil).where(sql`status = 'running'`),
    uniqueIndex('background_jobs_dedupe_idx')
      .on(t.kind, t.dedupeKey)
      .where(sql`dedupe_key IS NOT NULL AND status IN ('pending', 'running')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Newsletter campaigns and their recipients (src/server/newsletter), redirects (src/server/taxonomy).
// The daily issue's workflow columns are in `dailyIssues` above.

/**
 * A newsletter campaign: one day's issue as an e-mail, its subject and intro edited by staff, sent now or at a
 * time by the job runner. `draft` → `scheduled` → `sending` → `sent` (or `cancelled` before it starts).
 */
export const newsletterCampaigns = pgTable(
  'newsletter_campaigns',
  {
    id: serial().primaryKey(),
    issueDate: date().notNull(),
    subject: text().notNull(),
    intro: text().notNull().default(''),
    status: text().notNull().default('draft'),
    scheduledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    /** Created by the daily automatic send or `npm run newsletter:send` rather than by a person. */
    automatic: boolean().notNull().default(false),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('newsletter_campaigns_issue_idx').on(t.issueDate),
    check(
      'newsletter_campaigns_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent', 'cancelled')`,
    ),
  ],
);

/**
 * One row per recipient of a campaign, written when sending starts: the primary key makes each subscriber
 * receive a campaign at most once; the sender claims `pending` rows in batches (`sending`), then records `sent`
 * or `failed` with the server's answer. `attempts` > 1 means the recipient was retried.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    campaignId: integer()
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: smallint().notNull().default(0),
    lastError: text(),
    claimedAt: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.email] }),
    index('newsletter_deliveries_status_idx').on(t.campaignId, t.status),
    check('newsletter_deliveries_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/** Old paths of the site (a former site's, a renamed slug's): moved (301 to `toPath`) or gone (410). */
export const redirects = pgTable(
  'redirects',
  {
    fromPath: text().primaryKey(),
    toPath: text(),
    status: smallint().notNull(),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('redirects_status_check', sql`${t.status} in (301, 410)`),
    check('redirects_target_check', sql`(${t.status} = 410) = (${t.toPath} is null)`),
  ],
);

// ---------------------------------------------------------------------------------------------------------
// Home blocks

/** The shop categories whose products fill 'Les offres du moment', in order; none: the spec's category 11. */
export const homeOfferCategories = pgTable('home_offer_categories', {
  category: text().primaryKey(),
  label: text().notNull(),
  position: integer().notNull().default(0),
});

// ---------------------------------------------------------------------------------------------------------
// Editorial pages (decision 024): CGU, CGV, legal notices, about us, the
// bookshop's introduction and the privacy page. One row per page is what readers see; each save also writes a
// whole snapshot in `static_page_revisions`. A page without a row shows its original text (src/server/content/
// static-page-defaults.ts).

export const staticPages = pgTable('static_pages', {
  slug: text().primaryKey(),
  title: text().notNull(),
  lead: text().notNull().default(''),
  /** Sanitised on save (internal `flash:id:` links kept for the editor) and again on render. */
  bodyHtml: text().notNull(),
  /** The "Dernière mise à jour" date the page shows (a calendar day), or none. */
  updatedOn: date({ mode: 'string' }),
  /** Optimistic concurrency: every save increments it; a save from an older version is refused (409). */
  version: integer().notNull().default(1),
  updatedBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
  ...timestamps,
});

/** Every save of an editorial page: the fields it saved, who and when. */
export const staticPageRevisions = pgTable(
  'static_page_revisions',
  {
    id: serial().primaryKey(),
    slug: text()
      .notNull()
      .references(() => staticPages.slug, { onDelete: 'cascade' }),
    /** The page version this revision saved. */
    number: integer().notNull(),
    /** create (the seed's or the first save), update or restore. */
    action: text().notNull(),
    title: text().notNull(),
    lead: text().notNull().default(''),
    bodyHtml: text().notNull(),
    updatedOn: date({ mode: 'string' }),
    createdBy: integer().references(() => staffMembers.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('static_page_revisions_slug_number_idx').on(t.slug, t.number),
    check('static_page_revisions_action_check', sql`${t.action} in ('create', 'update', 'restore')`),
  ],
);
export * from './schema/article-updates';
export * from './schema/personal-agenda';
export * from './schema/rate-tables';
