import './zod-setup';
import * as z from 'zod/mini';
import { DEFAULT_SORT } from '@/lib/constants';

/**
 * The content calls (spec section 7): the answers of /api/article/summary, /api/article/single,
 * /api/archive/info, /api/issue and /api/banner. The server's types are these (inferred); the browser parses each
 * answer with its schema, and the contract tests parse what the routes answer. Zod Mini: parsed in the browser.
 */

const tagRef = z.object({ label: z.string(), slug: z.string(), id: z.string(), shortId: z.string() });
/** A topic or thematic tag as carried by an article: label, slug, id and shortId. */
export type TagRef = z.infer<typeof tagRef>;

const apiImage = z.object({
  content_type: z.string(),
  href: z.string(),
  image_name: z.string(),
  source: z.optional(z.string()),
  legend: z.optional(z.string()),
  /** The text alternative written in the newsroom (the public `<img alt>`). */
  alt: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  /** Where crops keep the subject, in percent (the media library's focal point). */
  focal_point: z.optional(z.nullable(z.object({ x: z.number(), y: z.number() }))),
});

/** Sort orders of a news list: by publication date, newest first (the default) or oldest first. */
export const NEWS_SORTS = [DEFAULT_SORT, 'publication_date'] as const;
export type NewsSort = (typeof NEWS_SORTS)[number];

/** A news summary (spec section 3 "Article summary"): what every list carries per article. */
export const articleSummary = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  summary: z.string(),
  slug: z.string(),
  format: z.nullable(z.string()),
  topics: z.array(tagRef),
  thematics: z.array(tagRef),
  trades: z.array(z.string()),
  images: z.array(apiImage),
  author: z.nullable(z.string()),
  author_function: z.nullable(z.string()),
  publication_date: z.string(),
  update_date: z.nullable(z.string()),
  enriched_news_id: z.nullable(z.string()),
  additionalProperties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  attachments: z.array(z.object({ item: z.string(), name: z.string() })),
});
export type ArticleSummary = z.infer<typeof articleSummary>;

/** The fields a `full` list adds to each summary: what agenda, simulator and rates listings show. */
const newsDetails = {
  source: z.nullable(z.string()),
  paywalled: z.boolean(),
  /** Agenda events: the day of the event, YYYY-MM-DD. */
  event_date: z.nullable(z.string()),
  /** Simulators: the path of the embedded simulator. */
  simulator_url: z.nullable(z.string()),
};

/** A news of a list: its summary, plus the details of a `full` list. */
export const newsItem = z.extend(articleSummary, {
  source: z.optional(newsDetails.source),
  paywalled: z.optional(newsDetails.paywalled),
  event_date: z.optional(newsDetails.event_date),
  simulator_url: z.optional(newsDetails.simulator_url),
});

export type NewsItem = z.infer<typeof newsItem>;

/** What a teaser shows of an article: lists hand over only this, so pages and the browser carry less. */
export const teaserArticle = z.pick(articleSummary, {
  id: true,
  type: true,
  slug: true,
  enriched_news_id: true,
  title: true,
  summary: true,
  topics: true,
  publication_date: true,
  images: true,
});
export type TeaserArticle = z.infer<typeof teaserArticle>;

/** Answer of GET /api/article/summary. */
export const newsListAnswer = z.object({
  /** The page of news, in the requested order. */
  news: z.array(newsItem),
  /** With needsThematics and a topic: the thematics of the topic that some news carries; otherwise empty. */
  thematics: z.array(tagRef),
  additional: z.object({
    /** Number of news matching the filters, all pages together. */
    total: z.number(),
    page: z.number(),
    limit: z.number(),
  }),
});
export type NewsListAnswer = z.infer<typeof newsListAnswer>;

/** A section of an enriched news as the API carries it (spec section 3), its HTML in `view`. */
export const articleSection = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  images: z.array(apiImage),
  section_type: z.string(),
  publication_date: z.nullable(z.string()),
  topics: z.array(tagRef),
  thematics: z.array(tagRef),
  view: z.string(),
});
export type ArticleSection = z.infer<typeof articleSection>;

/** A legal text an article cites: its name, official source and our page for it (/textes/…). */
const citedText = z.object({
  kind: z.string(),
  key: z.string(),
  label: z.string(),
  url: z.string(),
  path: z.string(),
});

/** Answer of GET /api/article/single (spec section 3 "Single-article response"). */
export const articleForReader = z.object({
  article: z.extend(articleSummary, {
    /** The body HTML (sanitised at import), cut by the paywall for a visitor without access. */
    view: z.string(),
    /** The sections of an enriched news, in order; only the first one for a visitor without access. */
    sections: z.array(articleSection),
    ...newsDetails,
    /** The legal texts cited by what the reader may read, each once, in the order of the text. */
    cited_texts: z.optional(z.array(citedText)),
  }),
  /** True when part of the article was withheld: the page shows the registration prompt in its place. */
  isPaywallable: z.boolean(),
});
export type ArticleForReader = z.infer<typeof articleForReader>;

/** Answer of GET /api/archive/info: the number of articles of each month of a year (twelve entries). */
export const archiveInfoAnswer = z.array(
  z.object({ month: z.number(), value: z.string(), total: z.number() }),
);
export type ArchiveMonth = z.infer<typeof archiveInfoAnswer>[number];

/** Answer of GET /api/issue: the current daily issue and its news in editorial order. */
export const dailyIssue = z.object({
  issueName: z.string(),
  publicationDate: z.string(),
  comiteRedaction: z.string(),
  redacteurChef: z.string(),
  news: z.array(articleSummary),
});
export type DailyIssue = z.infer<typeof dailyIssue>;

const bannerImage = z.object({ url: z.string(), width: z.number(), height: z.number() });
/** Answer of GET /api/banner: the active banners, in carousel order. */
export const bannersAnswer = z.array(
  z.object({
    id: z.string(),
    alt: z.string(),
    onClick: z.string(),
    desktop: bannerImage,
    mobile: bannerImage,
  }),
);
export type Banner = z.infer<typeof bannersAnswer>[number];
